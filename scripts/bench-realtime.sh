#!/usr/bin/env bash
# Load benchmark of the realtime hub (docs/performance.md, section "Realtime"), on loopback only:
#   1. idle: IDLE_CONNS authenticated, idle websockets on one instance; memory per connection
#      from the instance's own /metrics (resident set and Go heap, before and after);
#   2. chat: two instances sharing PostgreSQL and Redis; students post RATE messages a second to
#      the first for DURATION while their startups listen on the second, so every message crosses
#      Redis; delivery latency from the commit to the frame's arrival, and loss. CHAT_RUNS runs,
#      each with new users, then the median p99: one run's tail depends on what else the machine
#      did during it.
# It makes a database and a Redis (port 18413) of its own and removes them at the end; the
# instances listen on 18411 and 18412. Bounded: each phase has a timeout.
#
# It measures the machine as it is: it changes no kernel, VM or system-wide setting.
#
#   ./scripts/bench-realtime.sh    # IDLE_CONNS=10000 RATE=1000 DURATION=30s PAIRS=200 CHAT_RUNS=3
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

IDLE_CONNS=${IDLE_CONNS:-10000}
RATE=${RATE:-1000}
DURATION=${DURATION:-30s}
PAIRS=${PAIRS:-200}
CHAT_RUNS=${CHAT_RUNS:-3}
PORT_A=18411 PORT_B=18412 REDIS_PORT=18413

# The instance and the load generator each hold one descriptor per connection, plus their own.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
[ "$(ulimit -n)" -ge $((IDLE_CONNS + 1024)) ] || die "ulimit -n is $(ulimit -n); $((IDLE_CONNS + 1024)) open files are needed"

ensure_go
ensure_postgres
ensure_redis # for redis-server itself

DB="bw_bench_rt_$(date +%s)_$RANDOM"
export DATABASE_URL="${PG_URL_DEFAULT%%/test*}/$DB?sslmode=disable"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0" REDIS_PREFIX="bwbench:"
export JWT_SECRET="bench-secret-bench-secret-bench-secret-0"
export LOG_LEVEL=warn CHAT_MAX_MESSAGES_PER_MINUTE=0 METRICS_TOKEN="bench-metrics-token"
# The load generator is one client address holding thousands of sockets.
export WS_MAX_PER_IP=0 WS_MAX_HANDSHAKES_PER_IP=0 API_MAX_REQUESTS_PER_USER=0
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT

psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --logfile /dev/null >/dev/null
for _ in $(seq 1 20); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.25; done

build_server
go build -o bin/wsload ./scripts/wsload

start_instance() {
  PORT=$1 STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework >/dev/null 2>&1 &
  PIDS+=($!)
  wait_http "http://127.0.0.1:$1/readyz" 60 "$!" || die "the instance on $1 did not start"
}

log "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
log "idle: $IDLE_CONNS websockets on one instance"
start_instance $PORT_A
timeout 600 bin/wsload idle -conns "$IDLE_CONNS" \
  -ws "ws://127.0.0.1:$PORT_A/api/ws" -metrics "http://127.0.0.1:$PORT_A/metrics"

log "chat: $RATE messages/s for $DURATION, posted to :$PORT_A, received on :$PORT_B through Redis, $CHAT_RUNS runs"
start_instance $PORT_B
results=()
for run in $(seq 1 "$CHAT_RUNS"); do
  result=$(timeout 600 bin/wsload chat -pairs "$PAIRS" -rate "$RATE" -duration "$DURATION" \
    -send "http://127.0.0.1:$PORT_A" -ws "ws://127.0.0.1:$PORT_B/api/ws")
  echo "$result"
  results+=("$result")
done
field() { printf '%s\n' "${results[@]}" | grep -o " $1=[0-9.]*" | cut -d= -f2; }
sum() { awk '{ s += $1 } END { print s }'; }
median=$(field p99_ms | sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
echo "RESULT chat-runs runs=$CHAT_RUNS p99_ms=$(field p99_ms | paste -sd,) median_p99_ms=$median" \
  "lost=$(field lost | sum) duplicates=$(field duplicates | sum)"

log "Go benchmark: hub fan-out"
go test -run XXX -bench BenchmarkHubFanout -benchtime 2s ./backend/realtime/ | grep Benchmark
