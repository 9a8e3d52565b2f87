#!/usr/bin/env bash
# Load test of the people endpoints on PostgreSQL (docs/performance.md, "People lists"). It
# creates a database of its own, fills it with STUDENTS students holding three skills each from
# a pool of 200 (one SQL statement, so no argon2 per account), starts the server on it, and drives
# the skills filter of both people lists at a steady rate with scripts/httpload (evenly spaced
# requests, latency from when each was due; budget: p99 ≤ 50 ms at 100 requests/s on
# 20,000 students), then the skills filter, the admin's paged list and file serving with wrk flat
# out. The database is dropped at the end.
#
#   ./scripts/bench-people.sh            # STUDENTS=20000 RATE=100 STEADY_DURATION=30s DURATION=10s
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

STUDENTS=${STUDENTS:-20000}
RATE=${RATE:-100}                          # steady part: requests/s
STEADY_DURATION=${STEADY_DURATION:-30s}    # steady part: measured time per path, after 5 s of warm-up
DURATION=${DURATION:-10s}                  # wrk part: time per path
GOAL_P99_MS=50

ensure_go
ensure_postgres
command -v wrk >/dev/null || apt_install wrk
command -v jq >/dev/null || apt_install jq

DB="bw_people_$(date +%s)_$RANDOM"
export DATABASE_URL="${PG_URL_DEFAULT%%/test*}/$DB?sslmode=disable"
export JWT_SECRET="bench-secret-bench-secret-bench-secret-0"
export ADMIN_PASSWORD="bench-admin-password"
export LOG_LEVEL=warn
# One load generator plays every user from one address: the per-user and per-address limits are off.
export API_MAX_REQUESTS_PER_USER=0 REGISTER_MAX_PER_IP=0
PORT=$(free_port)
export PORT
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  psql "$PG_URL_DEFAULT" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql "$PG_URL_DEFAULT" -qc "CREATE DATABASE $DB" >/dev/null

build_server
go build -o bin/httpload ./scripts/httpload
STATIC_DIR=$(mktemp -d) DATA_DIR=$(mktemp -d) bin/bridgework >/dev/null 2>&1 &
SERVER_PID=$!
wait_http "http://127.0.0.1:$PORT/readyz" 30 "$SERVER_PID" || die "the server did not start"
URL="http://127.0.0.1:$PORT"

log "seeding $STUDENTS students with 3 skills each"
psql "$DATABASE_URL" -q <<SQL
INSERT INTO users (id, user_type, is_verified, email, password_hash, token_version, first_name, last_name,
                   bio, experience, projects, created_at, updated_at)
SELECT gen_random_uuid()::text, 'student', false, 'bench' || n || '@example.com', 'x', 0, 'Student', n::text,
       'A student who likes building things.', '[]', '[]', now() - n * interval '1 second', now()
FROM generate_series(1, $STUDENTS) AS n;
INSERT INTO user_skills (id, user_id, position, name, name_key, level, is_verified)
SELECT gen_random_uuid()::text, u.id, p, 'Skill' || ((u.n * 7 + p * 61) % 200), 'skill' || ((u.n * 7 + p * 61) % 200), 'beginner', false
FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE user_type = 'student') AS u, generate_series(0, 2) AS p;
VACUUM ANALYZE;
SQL

json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
STARTUP_TOKEN=$(curl -sf "$URL/api/register" -H 'Content-Type: application/json' \
  -d '{"userType":"startup","companyName":"Bench Labs","email":"bench-startup@example.com","password":"secret123","confirmPassword":"secret123"}' | json_field token)
ADMIN_TOKEN=$(curl -sf "$URL/api/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"admin@bridgework.local\",\"password\":\"$ADMIN_PASSWORD\"}" | json_field token)
head -c 200000 /dev/urandom > /tmp/bench-people.pdf.body
{ printf '%%PDF-1.7\n'; cat /tmp/bench-people.pdf.body; printf '\n%%%%EOF\n'; } > /tmp/bench-people.pdf
RESUME_STUDENT=$(curl -sf "$URL/api/register" -H 'Content-Type: application/json' \
  -d '{"userType":"student","firstName":"Res","lastName":"Ume","email":"bench-resume@example.com","password":"secret123","confirmPassword":"secret123"}' | json_field token)
# A résumé is served only through a link signed for 15 minutes (docs/security.md, Privacy): the
# upload answers with one, JSON-escaped (\u0026), so it is taken right before its run.
resume_link() {
  curl -sf "$URL/api/uploads/resume" -H "Authorization: Bearer $RESUME_STUDENT" -F "resume=@/tmp/bench-people.pdf" |
    json_field url | sed 's/\\u0026/\&/g'
}
RESUME_URL=$(resume_link)
[ -n "$STARTUP_TOKEN" ] && [ -n "$ADMIN_TOKEN" ] && [ -n "$RESUME_URL" ] || die "could not set up the accounts and the upload"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL$RESUME_URL")" = 200 ] || die "the signed résumé link does not open"

# CPU time (clock ticks) used so far by the server and by the database's backends, as in
# bench-marketplace.sh: divided by the requests served, the cost of a request whatever else the
# machine is doing (httpload, other sessions).
TICK_MS=$((1000 / $(getconf CLK_TCK)))
ticks_of() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
per_request() { awk -v t="$1" -v n="$2" -v ms="$TICK_MS" 'BEGIN {printf "%.2f ms", n ? t * ms / n : 0}'; }
# "pid ticks" of each backend of $DB. Unlike bench-marketplace.sh's plain sum, runs are compared
# backend by backend: a server that cannot keep up has requests time out, and a cancelled query
# closes its connection, so backends end mid-run and their CPU can no longer be read (a plain sum
# can then even fall). What remains is a lower bound, and is printed as one.
db_backends() { local p; for p in $(pgrep -f "postgres: .* $DB " || true); do echo "$p $(ticks_of "$p")"; done; }
db_per_request() { # BEFORE AFTER REQUESTS
  { sed 's/^/before /' <<<"$1"; sed 's/^/after /' <<<"$2"; } |
    awk -v n="$3" -v ms="$TICK_MS" 'NF != 3 {next} $1 == "before" {before[$2] = $3} $1 == "after" {t += $3 - before[$2]; seen[$2] = 1}
      END {for (p in before) if (!(p in seen)) gone++
           printf "%s%.2f ms%s", gone ? "≥ " : "", n ? t * ms / n : 0, gone ? " (" gone " backends closed mid-run)" : ""}'
}

# answer_shape PATH TOKEN: what one answer holds, so runs before and after paging compare like
# with like: users listed, bytes of JSON, and X-Total-Count ("–" while the lists are not paged).
answer_shape() {
  local headers body
  headers=$(mktemp) body=$(mktemp)
  curl -sf -D "$headers" -o "$body" -H "Authorization: Bearer $2" "$URL$1" || die "GET $1 failed"
  printf '%s users, %s KB, X-Total-Count %s' \
    "$(jq 'if type == "array" then length else (.users // .items // [] | length) end' "$body")" \
    "$(awk -v b="$(wc -c <"$body")" 'BEGIN {printf "%.0f", b / 1024}')" \
    "$(tr -d '\r' <"$headers" | awk 'tolower($1) == "x-total-count:" {t = $2} END {print t ? t : "–"}')"
  rm -f "$headers" "$body"
}

# steady NAME PATH TOKEN: RATE requests/s for STEADY_DURATION after 5 s of warm-up; p50, p99
# and the rate achieved, whether p99 meets the goal, and the CPU the server and PostgreSQL spent
# per request over the whole run (warm-up included, as are its requests).
steady() {
  local name=$1 path=$2 token=$3
  local shape out s0 d0 sent p99 verdict
  shape=$(answer_shape "$path" "$token")
  s0=$(ticks_of "$SERVER_PID") d0=$(db_backends)
  # httpload gives up (exit 1) when 1000 requests are outstanding: the server cannot keep up at
  # RATE, which is a result too, not a reason to stop the other measurements.
  if ! out=$(bin/httpload -url "$URL$path" -token "$token" -rate "$RATE" -duration "$STEADY_DURATION" -warmup 5s 2>&1); then
    printf '%-50s goal p99 ≤ %d ms: MISSED (%s)  answer: %s\n' "$name" "$GOAL_P99_MS" "$out" "$shape"
    return
  fi
  field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$out"; }
  sent=$(field sent) p99=$(field p99_ms)
  # Met only if every request answered 200: fast errors are no success.
  verdict=$(awk -v p="$p99" -v g="$GOAL_P99_MS" -v st="$(field statuses)" \
    'BEGIN {print (p <= g && st ~ /^200:[0-9]+$/) ? "met" : "MISSED"}')
  printf '%-50s %4s req/s  p50 %6s ms  p99 %7s ms  (goal p99 ≤ %d ms: %s)  CPU/request: server %s, postgres %s  status %s  answer: %s\n' \
    "$name" "$(field achieved)" "$(field p50_ms)" "$p99" "$GOAL_P99_MS" "$verdict" \
    "$(per_request $(($(ticks_of "$SERVER_PID") - s0)) "$sent")" "$(db_per_request "$d0" "$(db_backends)" "$sent")" \
    "$(field statuses)" "$shape"
}

# The seed spreads skills evenly: each of the 200 is held by STUDENTS × 3 / 200 students (300 of
# 20,000), so skill0 is as common as any, and skill0, skill1 and skill2 are never held together
# (three times as many matches). Students may not browse students, so /api/users is asked by the
# admin and /api/startup/students by a startup.
log "steady load: $RATE requests/s for $STEADY_DURATION each (httpload) on $STUDENTS students; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
steady "GET /api/users?role=student&skills=skill0 (admin)" "/api/users?role=student&skills=skill0" "$ADMIN_TOKEN"
steady "GET /api/startup/students?skills=skill0" "/api/startup/students?skills=skill0" "$STARTUP_TOKEN"
steady "GET /api/startup/students?skills=3 skills" "/api/startup/students?skills=skill0,skill1,skill2" "$STARTUP_TOKEN"

flat_out() {
  local name=$1 path=$2 token=${3:-}
  local args=(-t 2 -c 16 -d "$DURATION" --latency)
  [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
  wrk "${args[@]}" "$URL$path" >/dev/null 2>&1 || true # warm-up run discarded
  printf '%-46s %s\n' "$name" "$(wrk "${args[@]}" "$URL$path" |
    awk '/Requests\/sec/ {rps = $2} / 50%/ {p50 = $2} / 99%/ {p99 = $2} /Non-2xx/ {bad = ", " $NF " non-2xx!"}
         END {printf "%.0f req/s, p50 %s, p99 %s%s", rps, p50, p99, bad}')"
}

log "flat out (wrk, 2 threads, 16 connections, $DURATION each) on $STUDENTS students"
flat_out "GET /api/users?role=student&skills=skill0" "/api/users?role=student&skills=skill0" "$STARTUP_TOKEN"
flat_out "GET /api/startup/students?skills=3 skills" "/api/startup/students?skills=skill0,skill1,skill2" "$STARTUP_TOKEN"
flat_out "GET /api/users?role=student (newest)" "/api/users?role=student" "$STARTUP_TOKEN"
# Rows 9,981 to 10,000 on either paging convention: pageSize (20 by default) in older servers,
# per_page (100 by default) now; each server ignores the other's parameter.
flat_out "GET /api/admin/students?page=500 (20 a page)" "/api/admin/students?page=500&pageSize=20&per_page=20" "$ADMIN_TOKEN"
RESUME_URL=$(resume_link)
rm -f /tmp/bench-people.pdf /tmp/bench-people.pdf.body
flat_out "GET /api/files/{id} (200 KB résumé, signed link)" "$RESUME_URL" ""
