#!/usr/bin/env bash
# Replays the attacks of docs/security.md against a fresh server and prints, for each, what the
# attacker got and what a bystander on another address saw (sign-in latency, /healthz, a live
# socket). The table goes into docs/security.md. Everything stays on loopback (addresses 127.0.0.N);
# every loop is bounded. The server runs on PostgreSQL and Redis with the product's default limits,
# a mail server that refuses every mail, and Redis behind a proxy the check cuts for the outage row.
#
#   ./scripts/abuse-check.sh                 # about three minutes
#   SLOW_CONNS=2000 SOCKETS=500 ./scripts/abuse-check.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_go
ensure_postgres
ensure_redis

# The attacker holds thousands of connections: this process (only) may use its hard limit.
ulimit -n "$(ulimit -Hn)"

DB="bw_abuse_$(date +%s)_$RANDOM"
cleanup() { psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; }
trap cleanup EXIT
psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null

build_server
go build -o bin/abusecheck ./scripts/abusecheck
log "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); git $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
bin/abusecheck -server bin/bridgework -database-url "${PG_URL_DEFAULT%%/test*}/$DB?sslmode=disable" \
  -port "$(free_port)" -sockets "${SOCKETS:-1000}" -slow-conns "${SLOW_CONNS:-5000}" \
  -upload-for "${UPLOAD_FOR:-20s}" -outage-for "${OUTAGE_FOR:-10s}"
