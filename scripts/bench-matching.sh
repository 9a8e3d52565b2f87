#!/usr/bin/env bash
# Load test of matches and recommendations on PostgreSQL (docs/performance.md, "Matching"). It
# creates a database of its own and starts the server once to migrate it and register the
# accounts it signs in as; then seeds STUDENTS students, STARTUPS startups and TASKS open tasks
# with approved work, ratings, payments, disputes, chat and saved searches in SQL
# (scripts/bench-matching-seed.sql, no argon2 per account), and starts the server again, which
# refreshes the matching signals at start. Each case is then driven at RATE requests/s with
# scripts/httpload (evenly spaced, latency from when each was due; goal: p99 ≤ 50 ms), and its
# floor, the same ranking as one SQL statement run through pgx at the same rate
# (scripts/floor/matching), right after it; each side is also timed one at a time (ALONE_RATE),
# its cost whatever the rate. The floor's first page must be the service's, and the run ends
# with a table of both and their ratios (service over floor). The database is dropped at the end.
#
#   ./scripts/bench-matching.sh    # STUDENTS=20000 STARTUPS=500 TASKS=100000 RATE=50 STEADY_DURATION=30s PER_PAGE=12
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

STUDENTS=${STUDENTS:-20000}
STARTUPS=${STARTUPS:-500}
TASKS=${TASKS:-100000}
RATE=${RATE:-50}                           # requests (and floor statements) a second
STEADY_DURATION=${STEADY_DURATION:-30s}    # measured time per case and side, after 5 s of warm-up
ALONE_RATE=${ALONE_RATE:-2}               # one at a time: requests a second, 10 s after 2 s of warm-up
PER_PAGE=${PER_PAGE:-12}                   # rows a page, as the tasks page shows; the task page asks 10
GOAL_P99_MS=50

ensure_go
ensure_postgres
command -v jq >/dev/null || apt_install jq

DB="bw_matching_$(date +%s)_$RANDOM"
export DATABASE_URL="${PG_URL_DEFAULT%%/test*}/$DB?sslmode=disable"
export JWT_SECRET="bench-secret-bench-secret-bench-secret-0"
export LOG_LEVEL=warn
# One load generator plays every user from one address: the per-user and per-address limits are off.
export API_MAX_REQUESTS_PER_USER=0 REGISTER_MAX_PER_IP=0
PORT=$(free_port)
export PORT
URL="http://127.0.0.1:$PORT"
SERVER_PID=
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true; fi
  SERVER_PID=
}
cleanup() {
  stop_server
  psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null

build_server
go build -o bin/httpload ./scripts/httpload
go build -o bin/floor-matching ./scripts/floor/matching
start_server() {
  STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework >/dev/null 2>&1 &
  SERVER_PID=$!
  wait_http "$URL/readyz" 60 "$SERVER_PID" || die "the server did not start"
}

log "migrating $DB and registering the accounts the bench signs in as"
start_server
json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
register() { # EMAIL JSON_FIELDS: prints the token
  curl -sf "$URL/api/register" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"secret123\",\"confirmPassword\":\"secret123\",$2}" | json_field token
}
STARTUP_TOKEN=$(register bench-startup@example.com '"userType":"startup","companyName":"Bench Labs"')
declare -A STUDENT_TOKEN
for kind in common typical rare; do
  STUDENT_TOKEN[$kind]=$(register "bench-$kind@example.com" "\"userType\":\"student\",\"firstName\":\"Bench\",\"lastName\":\"$kind\"")
  [ -n "${STUDENT_TOKEN[$kind]}" ] || die "could not register the $kind student"
done
[ -n "$STARTUP_TOKEN" ] || die "could not register the startup"
stop_server

log "seeding $STUDENTS students, $STARTUPS startups, $TASKS open tasks and their history"
started=$(date +%s)
psql "$DATABASE_URL" -1 -q -v students="$STUDENTS" -v startups="$STARTUPS" -v tasks="$TASKS" \
  -v bench_startup=bench-startup@example.com -v student_common=bench-common@example.com \
  -v student_typical=bench-typical@example.com -v student_rare=bench-rare@example.com \
  -f scripts/bench-matching-seed.sql
psql "$DATABASE_URL" -qc "VACUUM ANALYZE" >/dev/null
log "seeded in $(($(date +%s) - started)) s; starting the server, which refreshes the signals"
started=$(date +%s)
start_server
# The refresh replaces the signals in one transaction: the first rows seen are all of them.
for _ in $(seq 1 600); do
  [ "$(psql "$DATABASE_URL" -Atc 'SELECT count(*) FROM match_people')" -gt 0 ] && break
  kill -0 "$SERVER_PID" 2>/dev/null || die "the server exited during the refresh"
  sleep 0.5
done
[ "$(psql "$DATABASE_URL" -Atc 'SELECT count(*) FROM match_people')" -gt 0 ] || die "the signals were not refreshed"
psql "$DATABASE_URL" -qc "VACUUM ANALYZE match_people, match_skills, match_categories" >/dev/null
log "signals refreshed in about $(($(date +%s) - started)) s: $(psql "$DATABASE_URL" -Atc \
  "SELECT (SELECT count(*) FROM match_people) || ' people, ' || (SELECT count(*) FROM match_skills) || ' proved skills, ' ||
          (SELECT count(*) FROM match_categories) || ' categories'")"

one() { psql "$DATABASE_URL" -Atc "$1"; }
TASK_COMMON=$(one "SELECT id FROM tasks WHERE title = 'Common skills'")
TASK_RARE=$(one "SELECT id FROM tasks WHERE title = 'Rare skills'")
declare -A STUDENT_ID
for kind in common typical rare; do STUDENT_ID[$kind]=$(one "SELECT id FROM users WHERE email = 'bench-$kind@example.com'"); done

# CPU time (clock ticks) used so far by a process and by the database's backends, as in
# bench-people.sh: per request, the cost whatever else the machine is doing. Backends are
# compared one by one; one that closed mid-run makes the figure a lower bound ("≥").
TICK_MS=$((1000 / $(getconf CLK_TCK)))
ticks_of() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
per_request() { awk -v t="$1" -v n="$2" -v ms="$TICK_MS" 'BEGIN {printf "%.2f", n ? t * ms / n : 0}'; }
db_backends() { local p; for p in $(pgrep -f "postgres: .* $DB " || true); do echo "$p $(ticks_of "$p")"; done; }
db_per_request() { # BEFORE AFTER REQUESTS
  { sed 's/^/before /' <<<"$1"; sed 's/^/after /' <<<"$2"; } |
    awk -v n="$3" -v ms="$TICK_MS" 'NF != 3 {next} $1 == "before" {before[$2] = $3} $1 == "after" {t += $3 - before[$2]; seen[$2] = 1}
      END {for (p in before) if (!(p in seen)) gone++; printf "%s%.2f", gone ? "≥" : "", n ? t * ms / n : 0}'
}
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

# same_page NAME PATH TOKEN FLOOR_ARGS: the service's first page and the floor's must be the
# same ids in the same order, or the floor times another ranking: the run stops. Prints
# "rows total".
same_page() {
  local name=$1 path=$2 token=$3 headers body ours theirs rows
  shift 3
  headers=$(mktemp) body=$(mktemp) ours=$(mktemp) theirs=$(mktemp)
  curl -sf -D "$headers" -o "$body" -H "Authorization: Bearer $token" "$URL$path" || die "GET $path failed"
  jq -r '.[] | (.student // .task)._id' "$body" >"$ours"
  rows=$(wc -l <"$ours")
  [ "$rows" -gt 0 ] || die "$name: the service ranked nobody and nothing"
  bin/floor-matching "$@" -per-page "$rows" -print >"$theirs" || die "$name: the floor failed"
  if ! diff -q "$ours" <(sed '$d' "$theirs") >/dev/null; then
    diff "$ours" <(sed '$d' "$theirs") | head -n 10 >&2
    die "$name: the floor's first page is not the service's (above: < service, > floor); it would time another ranking"
  fi
  echo "$rows $(tr -d '\r' <"$headers" | awk 'tolower($1) == "x-total-count:" {print $2}')/$(tail -n 1 "$theirs" | cut -d' ' -f2)"
  rm -f "$headers" "$body" "$ours" "$theirs"
}

# settle waits (60 s at most) until no statement runs on the database: a side that fell behind
# leaves PostgreSQL working through its backlog after its run, which the next run would pay for.
settle() {
  for _ in $(seq 1 120); do
    [ "$(one "SELECT count(*) FROM pg_stat_activity WHERE datname = '$DB' AND state = 'active' AND pid <> pg_backend_pid()")" = 0 ] && return
    sleep 0.5
  done
}

# service_at RATE DURATION WARMUP PATH TOKEN: "p50 p99 server_cpu postgres_cpu statuses" (ms;
# CPU a request over the whole run, warm-up included).
service_at() {
  local out s0 d0 sent
  settle
  s0=$(ticks_of "$SERVER_PID") d0=$(db_backends)
  # httpload gives up (exit 1) when 1000 requests are outstanding: the server cannot keep up at
  # the rate, which is a result too, not a reason to stop the other measurements.
  if ! out=$(bin/httpload -url "$URL$4" -token "$5" -rate "$1" -duration "$2" -warmup "$3" 2>&1); then
    echo "- - - - fell-behind"
    return
  fi
  sent=$(field sent "$out")
  echo "$(field p50_ms "$out") $(field p99_ms "$out") $(per_request $(($(ticks_of "$SERVER_PID") - s0)) "$sent")" \
    "$(db_per_request "$d0" "$(db_backends)" "$sent") $(field statuses "$out")"
}

# floor_at RATE DURATION WARMUP FLOOR_ARGS: "p50 p99 postgres_cpu statuses". Its backends are
# read before it exits and closes them: -linger keeps them open after it prints its figures.
floor_at() {
  local rate=$1 duration=$2 warmup=$3 out d0 sent floor_out floor_pid
  shift 3
  settle
  floor_out=$(mktemp)
  bin/floor-matching "$@" -rate "$rate" -duration "$duration" -warmup "$warmup" -linger 5s >"$floor_out" 2>&1 &
  floor_pid=$!
  sleep 1 # its pool's connections open first
  d0=$(db_backends)
  while kill -0 "$floor_pid" 2>/dev/null && ! grep -q '^RESULT' "$floor_out"; do sleep 0.2; done
  out=$(grep '^RESULT' "$floor_out" || true)
  if [ -n "$out" ]; then
    sent=$(field sent "$out")
    echo "$(field p50_ms "$out") $(field p99_ms "$out") $(db_per_request "$d0" "$(db_backends)" "$sent") $(field statuses "$out")"
  else
    echo "- - - fell-behind"
  fi
  wait "$floor_pid" || true
  rm -f "$floor_out"
}

# measure NAME PATH TOKEN FLOOR_ARGS: each side one at a time (ALONE_RATE a second, far enough
# apart that they seldom overlap: its latency and CPU a request are the cost of one, whatever
# the rate), then at RATE for STEADY_DURATION after 5 s of warm-up; one row of the table.
ROWS=()
measure() {
  local name=$1 path=$2 token=$3 shape alone floor_alone service floor
  shift 3
  shape=$(same_page "$name" "$path" "$token" "$@")
  alone=$(service_at "$ALONE_RATE" 10s 2s "$path" "$token")
  floor_alone=$(floor_at "$ALONE_RATE" 10s 2s "$@")
  service=$(service_at "$RATE" "$STEADY_DURATION" 5s "$path" "$token")
  floor=$(floor_at "$RATE" "$STEADY_DURATION" 5s "$@")
  ROWS+=("$name|$shape|$alone|$floor_alone|$service|$floor|$(cut -d' ' -f1 /proc/loadavg)")
  printf '%-30s alone: service %s, floor %s; at %s/s: service %s, floor %s (load %s)\n' \
    "$name" "$alone" "$floor_alone" "$RATE" "$service" "$floor" "$(cut -d' ' -f1 /proc/loadavg)"
}

log "steady load: $RATE requests/s for $STEADY_DURATION each, service then floor; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
measure "matches: common skills" "/api/startup/tasks/$TASK_COMMON/matches?per_page=$PER_PAGE" "$STARTUP_TOKEN" -matches "$TASK_COMMON" -per-page "$PER_PAGE"
measure "matches: rare skills" "/api/startup/tasks/$TASK_RARE/matches?per_page=$PER_PAGE" "$STARTUP_TOKEN" -matches "$TASK_RARE" -per-page "$PER_PAGE"
for kind in common typical rare; do
  measure "recommended: $kind student" "/api/student/recommended?per_page=$PER_PAGE" "${STUDENT_TOKEN[$kind]}" -recommended "${STUDENT_ID[$kind]}" -per-page "$PER_PAGE"
done

log "matching at $RATE/s on $STUDENTS students and $TASKS open tasks; load average now $(cut -d' ' -f1-3 /proc/loadavg)"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f", a / b}'; }
printf '%-28s %5s %11s | %-27s | %-31s | %s\n' case rows total 'one at a time: p50 (floor, ×)' \
  "at $RATE/s: p99 (floor, ×), p50 ×" 'CPU a request, one at a time (ms): server + postgres · floor'
for row in "${ROWS[@]}"; do
  IFS='|' read -r name shape alone floor_alone service floor load <<<"$row"
  read -r rows total <<<"$shape"
  read -r a50 _ a_server a_db _ <<<"$alone"
  read -r fa50 _ fa_db _ <<<"$floor_alone"
  read -r p50 p99 _ _ statuses <<<"$service"
  read -r f50 f99 _ floor_statuses <<<"$floor"
  verdict=$(awk -v p="$p99" -v g="$GOAL_P99_MS" -v st="$statuses" 'BEGIN {print (p != "-" && p <= g && st ~ /^200:[0-9]+$/) ? "met" : "MISSED"}')
  printf '%-28s %5s %11s | %6s ms (%6s ms, %5s×) | %7s ms (%7s ms, %5s×), %5s× | %s + %s · %s  goal p99 ≤ %d ms: %s  (status %s, floor %s, load %s)\n' \
    "$name" "$rows" "$total" "$a50" "$fa50" "$(ratio "$a50" "$fa50")" "$p99" "$f99" "$(ratio "$p99" "$f99")" "$(ratio "$p50" "$f50")" \
    "$a_server" "$a_db" "$fa_db" "$GOAL_P99_MS" "$verdict" "$statuses" "$floor_statuses" "$load"
done
