#!/usr/bin/env bash
# Load test of the marketplace on PostgreSQL with the demo data scaled up (docs/performance.md,
# "REST hot paths"). It creates a database of its own, seeds it through the real services
# (scripts/seed-marketplace: a startup with 50 tasks × 4 submissions, its student, and an open
# market of OPEN_TASKS tasks), starts the server on it and drives it at a steady rate with
# scripts/httpload (evenly spaced requests, latency from when each was due), then with wrk
# (Debian's package) flat out. The database is dropped at the end.
#
# The three hot paths (GET /api/startup/tasks, /api/student/dashboard, /api/tasks) are then timed
# side by side with their floor (scripts/floor/rest, docs/performance.md, "REST hot paths"): each
# floor variant's answers are first checked to be Bridgework's (scripts/floor/same-json.py),
# then each server is driven flat out (wrk) twice, Bridgework before the floors and after them
# (the mean of the two runs counts), and at RATE (httpload) once, and the run ends with one line
# per path: floor-ratio NAME throughput=X cpu=Y p99=Z, Bridgework's figure over the best floor's
# (requests/s, CPU per request at saturation, p99 at saturation). Each server is timed on a quiet
# machine (quiet), and each line at RATE tells how often per request the server's and
# PostgreSQL's threads went to sleep: at RATE every sleep ends in a wake, whose cost on this
# machine (scripts/floor/wake, printed first) is most of the idle overhead (docs/performance.md,
# "Garbage collection and idle overhead").
#
#   ./scripts/bench-marketplace.sh            # RATE=200 DURATION=15s OPEN_TASKS=100000
#   QUICK=1 ./scripts/bench-marketplace.sh    # DURATION=5s OPEN_TASKS=5000, wrk 3 s, floors only
#   FLOOR_VARIANTS="struct" ./scripts/bench-marketplace.sh   # only these floors (scripts/floor/rest)
#   BASELINE_REV=f4a8e31 ./scripts/bench-marketplace.sh      # also that commit's server, timed beside
#
# With BASELINE_REV the server built from that commit is timed on each hot path as the floors are
# (its answers checked to be today's first), and the run ends with one more line per path:
# baseline-ratio NAME throughput=X cpu=Y p99=Z, today's figure over that commit's: what a change
# costs, measured in one run on the same data.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

RATE=${RATE:-200}
if [ -n "${QUICK:-}" ]; then
  DURATION=${DURATION:-5s} OPEN_TASKS=${OPEN_TASKS:-5000} WRK_DURATION=${WRK_DURATION:-3s}
fi
DURATION=${DURATION:-15s}
OPEN_TASKS=${OPEN_TASKS:-100000}
WRK_DURATION=${WRK_DURATION:-10s}
WRK_WARMUP=${WRK_WARMUP:-2s}
# Empty (FLOOR_VARIANTS=) times no floor: with BASELINE_REV, today's server against that commit's only.
read -ra FLOOR_VARIANTS <<<"${FLOOR_VARIANTS-naive struct onetrip}"

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
SERVER_PID= FLOOR_PID=
cleanup() {
  local pid
  for pid in "$SERVER_PID" "$FLOOR_PID"; do
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; fi
  done
  psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null

log "seeding $DB: 50 tasks × 4 submissions for the bench startup, $OPEN_TASKS open tasks"
go build -o bin/seed-marketplace ./scripts/seed-marketplace
eval "$(bin/seed-marketplace -open "$OPEN_TASKS")"
psql "$DATABASE_URL" -qc "VACUUM ANALYZE" >/dev/null

build_server
if [ -n "${BASELINE_REV:-}" ]; then
  BASELINE_TREE=$(mktemp -d)
  git worktree add -q --detach "$BASELINE_TREE" "$BASELINE_REV"
  (cd "$BASELINE_TREE" && go build -o "$ROOT/bin/bridgework-baseline" ./backend/cmd/bridgework)
  git worktree remove --force "$BASELINE_TREE"
fi
go build -o bin/httpload ./scripts/httpload
go build -o bin/floor-rest ./scripts/floor/rest
go build -o bin/wake ./scripts/floor/wake
log "what a sleep and a wake cost on this machine (CPU per wake, 200 wakes a second): $(bin/wake)"
STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework >/dev/null 2>&1 &
SERVER_PID=$!
wait_http "http://127.0.0.1:$PORT/readyz" 30 "$SERVER_PID" || die "the server did not start"
URL="http://127.0.0.1:$PORT"
FLOOR_PID=
FLOOR_LOG=$(mktemp)

# start_floor VARIANT: one floor at a time, so that no more than two servers hold connections
# on the machine's shared PostgreSQL. Sets FLOOR_PID and FLOOR_URL. The variant "baseline" is
# BASELINE_REV's server.
start_floor() {
  local port
  port=$(free_port)
  if [ "$1" = baseline ]; then
    PORT=$port STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework-baseline >/dev/null 2>>"$FLOOR_LOG" &
  else
    bin/floor-rest -variant "$1" -addr "127.0.0.1:$port" 2>>"$FLOOR_LOG" &
  fi
  FLOOR_PID=$! FLOOR_URL="http://127.0.0.1:$port"
  wait_http "$FLOOR_URL/readyz" 30 "$FLOOR_PID" || die "the $1 floor did not start"
}

stop_floor() {
  kill "$FLOOR_PID" 2>/dev/null
  wait "$FLOOR_PID" 2>/dev/null || true
  FLOOR_PID=
}

# CPU time (clock ticks) used so far by the server and by the database's backends: divided by
# the requests served, the cost of a request whatever else the machine is doing.
TICK_MS=$((1000 / $(getconf CLK_TCK)))
# PostgreSQL's share is the whole cluster's CPU: the postmaster, its children alive, and the
# children it has reaped (cutime, cstime). Counting only the live backends of $DB lost a backend
# that exited during a run (a pool closing a connection idle for minutes) with all its time, and
# once made Bridgework's CPU per request negative. The cluster's other databases count too:
# measure on an otherwise quiet server.
ticks_of() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0))); done; echo "$t"; }
POSTMASTER=$(pgrep -o -f "bin/postgres" || true)
# db_backends: the postmaster's children, or this database's backends when it was not found.
db_backends() { if [ -n "$POSTMASTER" ]; then pgrep -P "$POSTMASTER" || true; else pgrep -f "postgres: .* $DB " || true; fi; }
db_ticks() {
  [ -n "$POSTMASTER" ] || { ticks_of $(db_backends); return; }
  echo $(($(ticks_of "$POSTMASTER" $(db_backends)) + $(awk '{print $16 + $17}' "/proc/$POSTMASTER/stat")))
}
# sleeps_of PID...: how many times the processes' threads have gone to sleep so far (voluntary
# context switches): at a steady rate each is a wake to come, paid for in CPU.
sleeps_of() {
  local n=0 p
  for p in "$@"; do n=$((n + $(cat /proc/"$p"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/ {n += $2} END {print n + 0}'))); done
  echo "$n"
}
db_sleeps() { sleeps_of $(db_backends); }
per_request() { awk -v n="$1" -v r="$2" 'BEGIN {printf "%.1f", r ? n / r : 0}'; }

# quiet waits (30 s at most) until the machine is at least 90 % idle over a second, so that no
# server is timed while the one before still weighs on it: a floor that fell behind at RATE
# leaves PostgreSQL working through its backlog after it stops.
quiet() {
  local a b
  for _ in $(seq 30); do
    read -ra a <<<"$(awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6}' /proc/stat)"
    sleep 1
    read -ra b <<<"$(awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6}' /proc/stat)"
    if [ $(((b[0] - a[0]) * 10)) -lt $((b[0] - a[0] + b[1] - a[1])) ]; then return; fi
  done
  log "the machine is still busy after 30 s (load $(cut -d' ' -f1 /proc/loadavg)); timing anyway"
}

# cpu_per_request TICKS REQUESTS: milliseconds of CPU per request.
cpu_per_request() { awk -v t="$1" -v n="$2" -v ms="$TICK_MS" 'BEGIN {printf "%.3f", n ? t * ms / n : 0}'; }

result_field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

# at_rate PID URL [TOKEN]: RATE requests/s for DURATION after 5 s of warm-up (httpload), and the
# CPU the server PID and PostgreSQL spent per request over the whole run, and how often their
# threads went to sleep per request. Prints
# "p50 p99 max server_cpu postgres_cpu statuses server_sleeps postgres_sleeps" (times in
# milliseconds).
at_rate() {
  local pid=$1 url=$2 token=${3:-}
  local out s0 d0 z0 y0
  s0=$(ticks_of "$pid") d0=$(db_ticks) z0=$(sleeps_of "$pid") y0=$(db_sleeps)
  # A server that falls behind the rate fails the run: its figures are "-" then.
  if ! out=$(bin/httpload -url "$url" -token "$token" -rate "$RATE" -duration "$DURATION" -warmup 5s 2>&1); then
    echo "- - - - - fell-behind - -"
    return
  fi
  local sent
  sent=$(result_field sent "$out")
  echo "$(result_field p50_ms "$out") $(result_field p99_ms "$out") $(result_field max_ms "$out")" \
    "$(cpu_per_request $(($(ticks_of "$pid") - s0)) "$sent") $(cpu_per_request $(($(db_ticks) - d0)) "$sent")" \
    "$(result_field statuses "$out")" \
    "$(per_request $(($(sleeps_of "$pid") - z0)) "$sent") $(per_request $(($(db_sleeps) - y0)) "$sent")"
}

steady() {
  local name=$1 path=$2 token=${3:-}
  local r
  read -ra r <<<"$(at_rate "$SERVER_PID" "$URL$path" "$token")"
  printf '%-34s p50 %s ms  p99 %s ms  max %s ms  CPU/request: server %s ms, postgres %s ms  status %s  sleeps/request: server %s, postgres %s\n' "$name" "${r[@]}"
}

# flat_out PID URL [TOKEN]: wrk with 16 connections for WRK_DURATION after WRK_WARMUP. Prints
# "requests/s p99_ms cpu_ms_per_request failed", where only answers with 2xx count as requests served (a failure,
# e.g. PostgreSQL refusing a connection, is quick and would flatter the server) and CPU is the
# server PID's and PostgreSQL's.
flat_out() {
  local pid=$1 url=$2 token=${3:-}
  local args=(-t 2 -c 16) out t0
  [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
  # Warm up first, as httpload does: a server's first requests open its pool's connections and
  # prepare its statements on each, and in a short run those few slow requests alone could make
  # the p99 (docs/performance.md, "Round trips and query plans").
  wrk "${args[@]}" -d "$WRK_WARMUP" "$url" >/dev/null
  t0=$(($(ticks_of "$pid") + $(db_ticks)))
  out=$(wrk "${args[@]}" -d "$WRK_DURATION" --latency "$url")
  local used=$(($(ticks_of "$pid") + $(db_ticks) - t0))
  awk -v used="$used" -v ms="$TICK_MS" '
    / requests in / {n = $1}
    /Non-2xx/ {failed = $NF}
    /Requests\/sec/ {rps = $2}
    / 99%/ {v = $2; unit = v; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v)
            p99 = unit == "us" ? v / 1000 : unit == "s" ? v * 1000 : unit == "m" ? v * 60000 : v}
    END {ok = n - failed; printf "%.0f %.2f %.3f %d\n", n ? rps * ok / n : 0, p99, ok ? used * ms / ok : 0, failed}' <<<"$out"
}

quiet
log "steady load: $RATE requests/s for $DURATION each (httpload); load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -z "${QUICK:-}" ]; then
  steady "GET /api/startup/dashboard" /api/startup/dashboard "$STARTUP_TOKEN"
  steady "GET /api/student/tasks/all (all)" /api/student/tasks/all "$STUDENT_TOKEN"
  steady "GET /api/tasks?search=common&cat." "/api/tasks?search=landing&category=web-development" ""
  steady "GET /api/tasks?search=rare" "/api/tasks?search=4242" ""
  steady "GET /api/tasks?page=100 (deepest)" "/api/tasks?page=100&sort=title" ""

  log "Go benchmarks"
  go test -run XXX -bench 'BenchmarkRenderPDF' -benchtime 2s ./backend/certs/ | grep Benchmark
  BW_TEST_DATABASES=postgres go test -run XXX -bench 'BenchmarkMarketplace' -benchtime 2s ./backend/httpapi/ | grep Benchmark
fi

# The hot paths and their floors: NAME PATH TOKEN.
HOT_PATHS=(
  "startup-tasks /api/startup/tasks $STARTUP_TOKEN"
  "student-dashboard /api/student/dashboard $STUDENT_TOKEN"
  "open-tasks /api/tasks -"
)

log "hot paths against their floors (each floor's answers checked against Bridgework's first): wrk -t 2 -c 16 -d $WRK_DURATION twice, then $RATE requests/s for $DURATION"
CHECK_DIR=$(mktemp -d)
printf '%-18s %-10s %8s %9s %11s %13s %11s\n' path server 'req/s' 'p99 sat' 'p99 @rate' 'CPU/req sat' 'CPU/req @rate'
RATIOS=()
BASELINE_RATIOS=()
SERVERS=("${FLOOR_VARIANTS[@]}")
[ -n "${BASELINE_REV:-}" ] && SERVERS+=(baseline)

# mean_runs RUN RUN: the mean of two flat_out runs ("requests/s p99 cpu failed"; failures summed).
mean_runs() {
  awk -v a="$1" -v b="$2" 'BEGIN {split(a, x, " "); split(b, y, " ")
    printf "%.0f %.2f %.3f %d\n", (x[1] + y[1]) / 2, (x[2] + y[2]) / 2, (x[3] + y[3]) / 2, x[4] + y[4]}'
}

# report NAME SERVER RUN RUN AT_RATE...: one row of the table, from the server's two flat_out runs
# (their mean, each run's requests/s in brackets) and its at_rate figures; sets rps, p99, cpu and
# rate_cpu (CPU per request at RATE, server and PostgreSQL) for SERVER.
report() {
  local name=$1 server=$2 one=$3 two=$4 failed
  shift 4
  read -r rps[$server] p99[$server] cpu[$server] failed <<<"$(mean_runs "$one" "$two")"
  rate_cpu[$server]=$(awk -v a="$4" -v b="$5" 'BEGIN {if (a == "-") print "-"; else printf "%.3f", a + b}')
  printf '%-18s %-10s %8s %6s ms %8s ms %10s ms %10s ms  (runs %s · %s req/s, wrk failures %s, at rate %s, sleeps/request there: server %s, postgres %s)\n' \
    "$name" "$server" "${rps[$server]}" "${p99[$server]}" "$2" "${cpu[$server]}" "${rate_cpu[$server]}" \
    "${one%% *}" "${two%% *}" "$failed" "$6" "$7" "$8"
}

# ratio_line LABEL NAME OTHER: "LABEL NAME throughput= cpu= p99=", Bridgework's figures over OTHER's.
ratio_line() {
  local other=$3
  awk -v label="$1" -v name="$2" \
    -v r1="${rps[bridgework]}" -v r2="${rps[$other]}" -v c1="${cpu[bridgework]}" -v c2="${cpu[$other]}" \
    -v p1="${p99[bridgework]}" -v p2="${p99[$other]}" \
    'BEGIN {printf "%s %s throughput=%.2f cpu=%.2f p99=%.2f", label, name, r2 ? r1 / r2 : 0, c2 ? c1 / c2 : 0, p2 ? p1 / p2 : 0}'
}

# Flat out, every server runs twice and its figures are the two runs' mean: Bridgework before the
# floors and again after them, each floor twice in a row. A machine that drifts over a path's
# minutes (their speed moved by a third within one run on some machines) then weighs on both
# sides alike, rather than on whichever ran first.
for entry in "${HOT_PATHS[@]}"; do
  read -r name path token <<<"$entry"
  [ "$token" = - ] && token=
  declare -A rps=() p99=() cpu=() rate_cpu=()
  best=
  curl -fsS -H "Authorization: Bearer $token" "$URL$path" -o "$CHECK_DIR/bridgework.json" || die "Bridgework failed $path"
  quiet
  first=$(flat_out "$SERVER_PID" "$URL$path" "$token")
  read -ra bw_rate <<<"$(at_rate "$SERVER_PID" "$URL$path" "$token")"
  for server in "${SERVERS[@]}"; do
    start_floor "$server"
    # Honesty first: the floor must answer what Bridgework answers.
    curl -fsS -H "Authorization: Bearer $token" "$FLOOR_URL$path" -o "$CHECK_DIR/$server.json" || die "the $server floor failed $path"
    python3 scripts/floor/same-json.py "$CHECK_DIR/bridgework.json" "$CHECK_DIR/$server.json" ||
      die "the $server floor does not answer $path as Bridgework does"
    quiet
    one=$(flat_out "$FLOOR_PID" "$FLOOR_URL$path" "$token")
    quiet
    two=$(flat_out "$FLOOR_PID" "$FLOOR_URL$path" "$token")
    read -ra r <<<"$(at_rate "$FLOOR_PID" "$FLOOR_URL$path" "$token")"
    stop_floor
    report "$name" "$server" "$one" "$two" "${r[@]}"
    [ "$server" = baseline ] && continue
    if [ -z "$best" ] || [ "${rps[$server]}" -gt "${rps[$best]}" ]; then best=$server; fi
  done
  quiet
  report "$name" bridgework "$first" "$(flat_out "$SERVER_PID" "$URL$path" "$token")" "${bw_rate[@]}"
  idle=$(awk -v a="${rate_cpu[bridgework]}" -v b="${cpu[bridgework]}" 'BEGIN {if (a == "-") print "-"; else printf "%.2f", (b > 0 ? a / b : 0)}')
  echo "idle-overhead $name $idle (Bridgework's CPU per request at $RATE/s over at saturation; goal <= 1.25); best floor: ${best:-none}"
  [ -n "$best" ] && RATIOS+=("$(ratio_line floor-ratio "$name" "$best")")
  [ -n "${BASELINE_REV:-}" ] && BASELINE_RATIOS+=("$(ratio_line baseline-ratio "$name" baseline)")
  unset rps p99 cpu
done
if [ -s "$FLOOR_LOG" ]; then log "the floors logged $(wc -l <"$FLOOR_LOG") errors, the first: $(head -n 3 "$FLOOR_LOG")"; fi
rm -rf "$CHECK_DIR" "$FLOOR_LOG"
[ "${#RATIOS[@]}" -eq 0 ] || printf '%s\n' "${RATIOS[@]}"
[ "${#BASELINE_RATIOS[@]}" -eq 0 ] || printf '%s\n' "${BASELINE_RATIOS[@]}"
