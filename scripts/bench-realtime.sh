#!/usr/bin/env bash
# Load benchmark of the realtime hub against its floor (docs/performance.md, "Chat",
# "Fan-out" and "Idle websockets"), on loopback only. Bridgework and the floor relay
# (scripts/floor/relay: coder/websocket + go-redis + pgx doing chat delivery's least work) run back
# to back on the same database and Redis:
#   1. idle: IDLE_CONNS authenticated, idle websockets on one instance; memory per connection
#      from the instance's own /metrics (resident set and Go heap, before and after);
#   2. chat flat out: students post as fast as the first instance answers (64 at a time) for
#      FLAT_DURATION while their startups listen on the second, so every message crosses Redis:
#      messages per second, loss, and CPU time per message of both instances, PostgreSQL's
#      backends of the database and Redis (the load generator's apart);
#   3. chat at RATE messages/s for DURATION: delivery latency from the commit to the frame's
#      arrival, loss and CPU per message. CHAT_RUNS runs of each, alternating, each with new
#      users; the median p99 and each run's, since one run's tail depends on what else the
#      machine did during it;
#   4. fan-out: FANOUT_USERS students connected to one instance, as many to one relay, one event
#      to all of them (Bridgework: a posted task their saved searches match, so a task.alert
#      each; the floor: one POST /api/fanout), FANOUT_ROUNDS times each, the two taking turns:
#      deliveries per second, p99 of arrival, CPU per delivery until the last arrival (cpu_ms)
#      and until the servers are quiet again (cpu_post_ms: the whole post, Bridgework's
#      notification rows included);
#   5. the hub's Go benchmarks, and building one PublishEach message of 500 alerts.
# It ends with one line per path, `floor-ratio NAME throughput=X cpu=Y p99=Z`: Bridgework's
# figure divided by the floor's (throughput flat out, CPU per message at RATE, p99 at RATE; for
# fan-out, deliveries per second, CPU per delivery and p99 of arrival, medians of the rounds).
#
# It makes a database and a Redis (port 18413) of its own and removes them at the end; the
# instances listen on 18411 and 18412, the relays on 18421 and 18422. Bounded: each phase has a
# timeout. It measures the machine as it is: it changes no kernel, VM or system-wide setting.
#
#   ./scripts/bench-realtime.sh    # IDLE_CONNS=10000 RATE=1000 DURATION=30s PAIRS=200 CHAT_RUNS=5
#                                  # FLAT_DURATION=15s FANOUT_USERS=10000 FANOUT_ROUNDS=3
#                                  # (IDLE_CONNS, FLAT_DURATION, CHAT_RUNS or FANOUT_USERS=0 skips that phase)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

IDLE_CONNS=${IDLE_CONNS:-10000}
RATE=${RATE:-1000}
DURATION=${DURATION:-30s}
PAIRS=${PAIRS:-200}
CHAT_RUNS=${CHAT_RUNS:-5}
FLAT_DURATION=${FLAT_DURATION:-15s}
FANOUT_USERS=${FANOUT_USERS:-10000}
FANOUT_ROUNDS=${FANOUT_ROUNDS:-3}
PORT_A=18411 PORT_B=18412 REDIS_PORT=18413 FLOOR_A=18421 FLOOR_B=18422

# The instance and the load generator each hold one descriptor per connection, plus their own.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
need=$(( (IDLE_CONNS > FANOUT_USERS ? IDLE_CONNS : FANOUT_USERS) + 1024 ))
[ "$(ulimit -n)" -ge "$need" ] || die "ulimit -n is $(ulimit -n); $need open files are needed"

ensure_go
ensure_postgres
ensure_redis # for redis-server itself

DB="bw_bench_rt_$(date +%s)_$RANDOM"
export DATABASE_URL="${PG_URL_DEFAULT%%/test*}/$DB?sslmode=disable"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0" REDIS_PREFIX="bwbench:"
export JWT_SECRET="bench-secret-bench-secret-bench-secret-0" CREDENTIAL_SIGNING_KEY="YmVuY2gta2V5LWJlbmNoLWtleS1iZW5jaC1rZXktMDE="
export LOG_LEVEL=warn CHAT_MAX_MESSAGES_PER_MINUTE=0 METRICS_TOKEN="bench-metrics-token"
# The load generator is one client address holding thousands of sockets, and one startup posts
# a task per fan-out round.
export WS_MAX_PER_IP=0 WS_MAX_HANDSHAKES_PER_IP=0 API_MAX_REQUESTS_PER_USER=0 TASKS_MAX_PER_STARTUP=0
# No heartbeats during the run: the relay has none, and the fan-out's rounds take turns with
# Bridgework's 10,000 sockets open, whose pings (400 a second at 25 s, 10-20 % of a core) would
# otherwise land on the relay's rounds as well as Bridgework's.
export WS_PING_INTERVAL=1h
PIDS=()
cleanup() {
  set +e # a server's exit status must not stop the cleanup half way
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# A server left over on one of the ports would answer in place of the one that cannot bind.
for port in $PORT_A $PORT_B $REDIS_PORT $FLOOR_A $FLOOR_B; do
  ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || die "port $port is in use"
done
psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --logfile /dev/null >/dev/null
for _ in $(seq 1 20); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.25; done
REDIS_PID=$(redis-cli -p "$REDIS_PORT" info server | tr -d '\r' | sed -n 's/^process_id://p')

build_server
go build -o bin/wsload ./scripts/wsload
go build -o bin/floor-relay ./scripts/floor/relay

# start NAME PORT CMD...: starts a server, waits for its /readyz and sets ${NAME}_PID.
start() {
  local name=$1 port=$2
  shift 2
  "$@" >/dev/null 2>&1 &
  PIDS+=($!)
  printf -v "${name}_PID" '%s' "$!"
  wait_http "http://127.0.0.1:$port/readyz" 60 "$!" || die "$name on $port did not start"
}
instance() { PORT=$1 STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) exec bin/bridgework; }
relay() { exec bin/floor-relay -listen "127.0.0.1:$1"; }

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
log "machine: $(nproc) cores, load average $(loadavg)"

start BW_A $PORT_A instance $PORT_A
if [ "$IDLE_CONNS" -gt 0 ]; then
  log "idle: $IDLE_CONNS websockets on one instance"
  timeout 600 bin/wsload idle -conns "$IDLE_CONNS" \
    -ws "ws://127.0.0.1:$PORT_A/api/ws" -metrics "http://127.0.0.1:$PORT_A/metrics"
fi
start BW_B $PORT_B instance $PORT_B
start FLOOR_A $FLOOR_A relay $FLOOR_A
start FLOOR_B $FLOOR_B relay $FLOOR_B

# chat TARGET FLAGS...: one wsload chat run posting to TARGET's first server, received on its second.
chat() {
  local target=$1 send recv cpu
  shift
  if [ "$target" = bridgework ]; then
    send=$PORT_A recv=$PORT_B cpu="a=$BW_A_PID,b=$BW_B_PID,redis=$REDIS_PID"
  else
    send=$FLOOR_A recv=$FLOOR_B cpu="a=$FLOOR_A_PID,b=$FLOOR_B_PID,redis=$REDIS_PID"
  fi
  echo "$(timeout 600 bin/wsload chat -pairs "$PAIRS" -send "http://127.0.0.1:$send" \
    -ws "ws://127.0.0.1:$recv/api/ws" -cpu "$cpu" "$@") load=$(loadavg | tr ' ' /)"
}
field() { grep -o " $1=[0-9.]*" | cut -d= -f2; }
median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

flat_bw="" flat_floor=""
if [ "$FLAT_DURATION" != 0 ]; then
  log "chat flat out for $FLAT_DURATION, Bridgework then the floor"
  flat_bw=$(chat bridgework -rate 0 -duration "$FLAT_DURATION" -warmup 2s) && echo "bridgework $flat_bw"
  flat_floor=$(chat floor -rate 0 -duration "$FLAT_DURATION" -warmup 2s) && echo "floor      $flat_floor"
fi

log "chat: $RATE messages/s for $DURATION, posted to one server, received on the other through Redis, $CHAT_RUNS runs each"
runs_bw=() runs_floor=()
for run in $(seq 1 "$CHAT_RUNS"); do
  r=$(chat bridgework -rate "$RATE" -duration "$DURATION") && echo "bridgework $r" && runs_bw+=("$r")
  r=$(chat floor -rate "$RATE" -duration "$DURATION") && echo "floor      $r" && runs_floor+=("$r")
done
runs() { printf '%s\n' "$@"; }
sum() { awk '{ s += $1 } END { print s + 0 }'; }
for t in bw floor; do
  declare -n list="runs_$t"
  echo "RESULT chat-runs target=$t runs=$CHAT_RUNS rate=$RATE p99_ms=$(runs "${list[@]}" | field p99_ms | paste -sd,)" \
    "median_p99_ms=$(runs "${list[@]}" | field p99_ms | median)" \
    "cpu_ms=$(runs "${list[@]}" | field cpu_ms | paste -sd,) median_cpu_ms=$(runs "${list[@]}" | field cpu_ms | median)" \
    "median_cpu_loadgen_ms=$(runs "${list[@]}" | field cpu_loadgen_ms | median)" \
    "lost=$(runs "${list[@]}" | field lost | sum) duplicates=$(runs "${list[@]}" | field duplicates | sum)"
done

# The fan-out: each server gets a load generator of its own (10,000 sockets each; one process may
# not hold 20,000 here), both connected before the first round and kept until the last has
# ended, and the two take turns a round each (wsload fanout -turns): rounds taken minutes apart
# compared the machine's drift over those minutes as much as the servers (the relay's CPU a
# delivery doubled from one round to the next).
fan_bw="" fan_floor=""
if [ "$FANOUT_USERS" -gt 0 ]; then
  log "fan-out: one event to $FANOUT_USERS sockets on one server, $FANOUT_ROUNDS rounds each, Bridgework and the floor taking turns"
  turns=$(mktemp -d)
  declare -A gen to
  # fanout_gen SIDE API_PORT CPU: starts SIDE's load generator, reading its turns from a FIFO.
  fanout_gen() {
    mkfifo "$turns/$1.in"
    timeout 900 bin/wsload fanout -turns -target "$1" -api "http://127.0.0.1:$2" -ws "ws://127.0.0.1:$2/api/ws" \
      -users "$FANOUT_USERS" -rounds "$FANOUT_ROUNDS" -cpu "$3" <"$turns/$1.in" >"$turns/$1.out" 2>"$turns/$1.err" &
    gen[$1]=$!
    exec {fd}>"$turns/$1.in"
    to[$1]=$fd
  }
  # await SIDE N: waits until SIDE's load generator has printed N lines of "connected" or a round's.
  await() {
    until [ "$(grep -c '^connected\|^RESULT' "$turns/$1.out")" -ge "$2" ]; do
      kill -0 "${gen[$1]}" 2>/dev/null || die "the $1 fan-out stopped: $(cat "$turns/$1.err")"
      sleep 0.2
    done
  }
  fanout_gen bridgework $PORT_A "a=$BW_A_PID,b=$BW_B_PID,redis=$REDIS_PID"
  fanout_gen floor $FLOOR_A "a=$FLOOR_A_PID,b=$FLOOR_B_PID,redis=$REDIS_PID"
  await bridgework 1 && await floor 1 # "connected"
  grep -v '^connected' "$turns/bridgework.out" # when the connects' presence was applied
  for r in $(seq 1 "$FANOUT_ROUNDS"); do
    for side in bridgework floor; do
      echo go >&"${to[$side]}"
      await $side $((r + 1))
      line="$(grep '^RESULT' "$turns/$side.out" | tail -n 1) load=$(loadavg | tr ' ' /)" && echo "$line"
      if [ $side = bridgework ]; then fan_bw+="$line"$'\n'; else fan_floor+="$line"$'\n'; fi
    done
  done
  for fd in "${to[@]}"; do exec {fd}>&-; done # end of turns
  wait "${gen[bridgework]}" "${gen[floor]}"
  rm -rf "$turns"
fi

log "Go benchmark: hub fan-out"
timeout 600 go test -run XXX -bench 'BenchmarkHubFanout|BenchmarkPublishEach' -benchtime 2s ./backend/realtime/ | grep Benchmark

log "load average $(loadavg)"
mf() { local f=$1; shift; printf '%s\n' "$@" | field "$f" | median; }
echo "floor-ratio chat throughput=$(ratio "$(echo "$flat_bw" | field achieved_rate)" "$(echo "$flat_floor" | field achieved_rate)")" \
  "cpu=$(ratio "$(mf cpu_ms "${runs_bw[@]}")" "$(mf cpu_ms "${runs_floor[@]}")")" \
  "p99=$(ratio "$(mf p99_ms "${runs_bw[@]}")" "$(mf p99_ms "${runs_floor[@]}")")"
echo "floor-ratio fanout throughput=$(ratio "$(mf deliveries_per_s "$fan_bw")" "$(mf deliveries_per_s "$fan_floor")")" \
  "cpu=$(ratio "$(mf cpu_ms "$fan_bw")" "$(mf cpu_ms "$fan_floor")")" \
  "p99=$(ratio "$(mf p99_ms "$fan_bw")" "$(mf p99_ms "$fan_floor")")"
