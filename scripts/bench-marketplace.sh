#!/usr/bin/env bash
# Load test of the marketplace on PostgreSQL with the demo data scaled up (docs/performance.md,
# section "Marketplace"). It creates a database of its own, seeds it through the real services
# (scripts/seed-marketplace: a startup with 50 tasks × 4 submissions, its student, and an open
# market of OPEN_TASKS tasks), starts the server on it and drives it at a steady rate with
# scripts/httpload (evenly spaced requests, latency from when each was due), then with wrk
# (Debian's package) flat out. The database is dropped at the end.
#
#   ./scripts/bench-marketplace.sh            # RATE=200 DURATION=30s OPEN_TASKS=100000
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

RATE=${RATE:-200}
DURATION=${DURATION:-30s}
OPEN_TASKS=${OPEN_TASKS:-100000}

ensure_go
ensure_postgres
command -v wrk >/dev/null || apt_install wrk

DB="bw_bench_$(date +%s)_$RANDOM"
BASE_URL=${PG_URL_DEFAULT%%/test*}
export DATABASE_URL="$BASE_URL/$DB?sslmode=disable"
export JWT_SECRET="bench-secret-bench-secret-bench-secret-0"
export LOG_LEVEL=warn
# One load generator plays every user from one address: the per-user and per-address limits are off.
export API_MAX_REQUESTS_PER_USER=0 REGISTER_MAX_PER_IP=0 TASKS_MAX_PER_STARTUP=0
PORT=$(free_port)
export PORT
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null

log "seeding $DB: 50 tasks × 4 submissions for the bench startup, $OPEN_TASKS open tasks"
go build -o bin/seed-marketplace ./scripts/seed-marketplace
eval "$(bin/seed-marketplace -open "$OPEN_TASKS")"
psql "$DATABASE_URL" -qc "VACUUM ANALYZE" >/dev/null

build_server
go build -o bin/httpload ./scripts/httpload
STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework >/dev/null 2>&1 &
SERVER_PID=$!
wait_http "http://127.0.0.1:$PORT/readyz" 30 "$SERVER_PID" || die "the server did not start"
URL="http://127.0.0.1:$PORT"

# CPU time (clock ticks) used so far by the server and by the database's backends: divided by
# the requests served, the cost of a request whatever else the machine is doing.
TICK_MS=$((1000 / $(getconf CLK_TCK)))
ticks_of() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0))); done; echo "$t"; }
server_ticks() { ticks_of "$SERVER_PID"; }
db_ticks() { ticks_of $(pgrep -f "postgres: .* $DB " || true); }

result_field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

# steady NAME PATH [TOKEN]: RATE requests/s for DURATION after 5 s of warm-up, and the CPU the
# server and PostgreSQL spent per request over the whole run.
steady() {
  local name=$1 path=$2 token=${3:-}
  local out s0 d0
  s0=$(server_ticks) d0=$(db_ticks)
  out=$(bin/httpload -url "$URL$path" -token "$token" -rate "$RATE" -duration "$DURATION" -warmup 5s)
  field() { result_field "$1" "$out"; }
  printf '%-34s %s req/s  p50 %s ms  p99 %s ms  max %s ms  CPU/request: server %s, postgres %s  status %s\n' "$name" \
    "$(field achieved)" "$(field p50_ms)" "$(field p99_ms)" "$(field max_ms)" \
    "$(awk -v t=$(($(server_ticks) - s0)) -v n="$(field sent)" -v ms="$TICK_MS" 'BEGIN {printf "%.2f ms", n ? t * ms / n : 0}')" \
    "$(awk -v t=$(($(db_ticks) - d0)) -v n="$(field sent)" -v ms="$TICK_MS" 'BEGIN {printf "%.2f ms", n ? t * ms / n : 0}')" \
    "$(field statuses)"
}

flat_out() {
  local name=$1 path=$2 token=${3:-}
  local args=(-t 2 -c 16 -d 10s --latency)
  [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
  printf '%-34s %s\n' "$name" "$(wrk "${args[@]}" "$URL$path" | awk '/Requests\/sec/ {rps = $2} / 99%/ {p99 = $2} END {printf "%.0f req/s max, p99 %s", rps, p99}')"
}

log "steady load: $RATE requests/s for $DURATION each (httpload); load average $(cut -d' ' -f1-3 /proc/loadavg)"
steady "GET /api/startup/tasks" /api/startup/tasks "$STARTUP_TOKEN"
steady "GET /api/student/dashboard" /api/student/dashboard "$STUDENT_TOKEN"
steady "GET /api/startup/dashboard" /api/startup/dashboard "$STARTUP_TOKEN"
steady "GET /api/student/tasks/all (all)" /api/student/tasks/all "$STUDENT_TOKEN"
steady "GET /api/tasks (open market)" "/api/tasks" ""
steady "GET /api/tasks?search=common&cat." "/api/tasks?search=landing&category=web-development" ""
steady "GET /api/tasks?search=rare" "/api/tasks?search=4242" ""
steady "GET /api/tasks?page=100 (deepest)" "/api/tasks?page=100&sort=title" ""

log "flat out (wrk, 16 connections, 10 s)"
flat_out "GET /api/startup/tasks" /api/startup/tasks "$STARTUP_TOKEN"
flat_out "GET /api/student/dashboard" /api/student/dashboard "$STUDENT_TOKEN"

log "Go benchmarks"
go test -run XXX -bench 'BenchmarkRenderPDF' -benchtime 2s ./backend/certs/ | grep Benchmark
BW_TEST_DATABASES=postgres go test -run XXX -bench 'BenchmarkMarketplace' -benchtime 2s ./backend/httpapi/ | grep Benchmark
