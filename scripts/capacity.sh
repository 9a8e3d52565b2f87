#!/usr/bin/env bash
# How many users one instance serves (docs/performance.md, "Capacity").
# One instance of Bridgework on PostgreSQL with a Redis beside it, everything on loopback and on
# the same two cores as the load generator (scripts/wsload capacity). Users come in
# student/startup pairs who chat with each other; each keeps a live websocket and, on its own
# random phase, loads its dashboard every 30 s, the open market (GET /api/tasks) and a chat
# message to its partner every minute, and a student sends a link to its startup's task every
# SUBMIT_EVERY. Their number rises in STEPS, each measured for STEP_TIME, until a REST call's p99
# passes REST_P99 or a message's p99 from send to arrival on the partner's socket passes
# DELIVERY_P99, or anything fails. It prints each step and a Markdown table, then
# "RESULT capacity users_served=N gave_first=...".
#
# Users are inserted straight into the database with signed tokens (as bench-realtime.sh does);
# the open market (OPEN_TASKS tasks from 100 startups) comes from scripts/seed-marketplace.
# Limits that one load generator on one address would trip are turned off: sockets and
# handshakes per address (WS_MAX_PER_IP, WS_MAX_HANDSHAKES_PER_IP). Per-user limits stay on.
# It runs a PostgreSQL cluster (port 18434, initdb's defaults) and a Redis (port 18433) of its
# own, so that PostgreSQL's CPU is the whole cluster's and no other work on the machine can take
# its connections, and removes them at the end; the instance listens on 18431. It changes no
# kernel, VM or system-wide setting. About 15 minutes when every step holds.
#
#   ./scripts/capacity.sh    # STEPS=500,1000,1500,2000,2500,3000,4000,5000,6000,8000 STEP_TIME=60s
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

STEPS=${STEPS:-500,1000,1500,2000,2500,3000,4000,5000,6000,8000}
STEP_TIME=${STEP_TIME:-60s}
SUBMIT_EVERY=${SUBMIT_EVERY:-5m}
REST_P99=${REST_P99:-200ms}
DELIVERY_P99=${DELIVERY_P99:-500ms}
OPEN_TASKS=${OPEN_TASKS:-10000}
PORT=18431 REDIS_PORT=18433 PG_PORT=18434

MAX_USERS=$(tr ',' '\n' <<<"$STEPS" | sort -n | tail -n 1)
# The instance and the load generator each hold one descriptor per socket, plus their own.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
[ "$(ulimit -n)" -ge $((MAX_USERS + 2048)) ] || die "ulimit -n is $(ulimit -n); $((MAX_USERS + 2048)) open files are needed"

ensure_go
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_install postgresql
ensure_redis # for redis-server itself
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

PG_DATA=$(mktemp -d /tmp/bw-capacity-pg.XXXXXX)
export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/capacity?sslmode=disable"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0" REDIS_PREFIX="bwcap:"
export JWT_SECRET="bench-secret-bench-secret-bench-secret-0" CREDENTIAL_SIGNING_KEY="YmVuY2gta2V5LWJlbmNoLWtleS1iZW5jaC1rZXktMDE="
export LOG_LEVEL=warn METRICS_TOKEN="bench-metrics-token"
# The load generator is one client address holding thousands of sockets.
export WS_MAX_PER_IP=0 WS_MAX_HANDSHAKES_PER_IP=0
SERVER_PID=
# PostgreSQL refuses to run as root.
as_postgres() { as_root runuser -u postgres -- "$@"; }
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true; fi
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PG_DATA"
}
trap cleanup EXIT

as_root chown postgres "$PG_DATA"
as_postgres "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -A trust >/dev/null
# pg_stat_statements says at the end where PostgreSQL's time went.
pg_options="-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DATA"
pg_options+=" -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on"
as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/log" -w -o "$pg_options" start >/dev/null
PG_PID=$(head -n 1 "$PG_DATA/postmaster.pid")
psql "postgres://postgres@127.0.0.1:$PG_PORT/postgres" -qc "CREATE DATABASE capacity" >/dev/null
psql "$DATABASE_URL" -qc "CREATE EXTENSION pg_stat_statements" >/dev/null
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --logfile /dev/null >/dev/null
for _ in $(seq 1 20); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.25; done
REDIS_PID=$(redis-cli -p "$REDIS_PORT" info server | sed -n 's/^process_id:\([0-9]*\).*/\1/p')

build_server
go build -o bin/wsload ./scripts/wsload
go build -o bin/seed-marketplace ./scripts/seed-marketplace

log "seeding: an open market of $OPEN_TASKS tasks"
# Its 101 startups register and post the whole market in one go: the limits on registrations
# per address and posts per hour are off for it alone.
REGISTER_MAX_PER_IP=0 TASKS_MAX_PER_STARTUP=0 bin/seed-marketplace -open "$OPEN_TASKS" >/dev/null
psql "$DATABASE_URL" -qc "VACUUM ANALYZE" >/dev/null

PORT=$PORT STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework >/dev/null 2>&1 &
SERVER_PID=$!
wait_http "http://127.0.0.1:$PORT/readyz" 60 "$SERVER_PID" || die "the instance did not start"

psql "$DATABASE_URL" -qc "SELECT pg_stat_statements_reset()" >/dev/null
log "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
log "users in steps of $STEP_TIME: $STEPS"
status=0
timeout 1800 bin/wsload capacity -base "http://127.0.0.1:$PORT" -steps "$STEPS" -step "$STEP_TIME" \
  -submit-every "$SUBMIT_EVERY" -rest-p99 "$REST_P99" -delivery-p99 "$DELIVERY_P99" \
  -server-pid "$SERVER_PID" -redis-pid "$REDIS_PID" -postgres-pid "$PG_PID" || status=$?

# Where PostgreSQL's time went over the whole run (pg_stat_statements, planning included).
log "PostgreSQL's statements by total time (planning + execution), whole run"
psql "$DATABASE_URL" -P pager=off -c "
  SELECT calls, round(total_plan_time + total_exec_time) AS total_ms,
         round(((total_plan_time + total_exec_time) / calls)::numeric, 2) AS mean_ms,
         round((total_plan_time / calls)::numeric, 2) AS plan_ms, left(regexp_replace(query, '\s+', ' ', 'g'), 90) AS statement
  FROM pg_stat_statements WHERE calls > 0 ORDER BY total_plan_time + total_exec_time DESC LIMIT 12"
exit "$status"
