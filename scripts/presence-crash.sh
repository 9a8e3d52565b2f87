#!/usr/bin/env bash
# Measures how long a SIGKILLed instance's users stay online for their partners (docs/security.md,
# "Presence after a crash"), with real processes on loopback: two instances sharing PostgreSQL and
# Redis at the default presence timings (PRESENCE_TTL, PRESENCE_HEARTBEAT, PRESENCE_SWEEP_INTERVAL
# from the environment, else 10s, 4s, 2s). Each round starts the first instance, connects a
# student to it and her chat partner to the second, kills the first with SIGKILL at a random
# point between heartbeats, and times the partner's presence-offline event. It makes a database
# of its own and a Redis key prefix of its own, and removes both at the end; the instances listen
# on 18421 and 18422.
#
#   ./scripts/presence-crash.sh    # ROUNDS=5
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ROUNDS=${ROUNDS:-5}
PORT_A=18421 PORT_B=18422
HEARTBEAT=${PRESENCE_HEARTBEAT:-4s}
SWEEP_SECONDS=${PRESENCE_SWEEP_INTERVAL:-2s}
SWEEP_SECONDS=${SWEEP_SECONDS%s} # given in seconds, e.g. 2s

ensure_go
ensure_postgres
ensure_redis

DB="bw_presence_crash_$(date +%s)_$RANDOM"
export DATABASE_URL="${PG_URL_DEFAULT%%/test*}/$DB?sslmode=disable"
export REDIS_URL="redis://127.0.0.1:6379/0" REDIS_PREFIX="bwcrash$RANDOM:"
export JWT_SECRET="crash-secret-crash-secret-crash-secret-0" CREDENTIAL_SIGNING_KEY="YmVuY2gta2V5LWJlbmNoLWtleS1iZW5jaC1rZXktMDE="
export LOG_LEVEL=warn REGISTER_MAX_PER_IP=0
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  redis-cli --scan --pattern "$REDIS_PREFIX*" | xargs -r redis-cli del >/dev/null 2>&1 || true
  psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT

psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null
build_server
go build -o bin/presencecrash ./scripts/presencecrash

start_instance() {
  PORT=$1 STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework >/dev/null 2>&1 &
  PIDS+=($!)
  wait_http "http://127.0.0.1:$1/readyz" 60 "$!" || die "the instance on $1 did not start"
}

log "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
start_instance $PORT_B
results=()
for round in $(seq 1 "$ROUNDS"); do
  # A round begins just after the second instance's sweep announced the last one; started at
  # once, the new instance's heartbeats would fall at the same point of every sweep interval.
  sleep "$(awk -v r="$RANDOM" -v s="$SWEEP_SECONDS" 'BEGIN { printf "%.2f", r / 32768 * s }')"
  start_instance $PORT_A
  result=$(bin/presencecrash -a "http://127.0.0.1:$PORT_A" -b "http://127.0.0.1:$PORT_B" \
    -kill "${PIDS[-1]}" -heartbeat "$HEARTBEAT" -within 60s)
  wait "${PIDS[-1]}" 2>/dev/null || true
  echo "round $round: $result"
  results+=("$(printf '%s' "$result" | grep -o 'kill_to_offline_ms=[0-9]*' | cut -d= -f2)")
done
printf '%s\n' "${results[@]}" | sort -n | awk '{ v[NR] = $1 } END {
  printf "RESULT presence-crash rounds=%d min_ms=%d median_ms=%d max_ms=%d\n", NR, v[1], NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, v[NR] }'
