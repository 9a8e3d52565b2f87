#!/usr/bin/env bash
# Load test of the people endpoints on PostgreSQL (docs/performance.md, section "People"). It
# creates a database of its own, fills it with STUDENTS students holding three skills each from
# a pool of 200 (one SQL statement, so no argon2 per account), starts the server on it, and drives
# the skills filter, the admin's paged list and file serving with wrk. The database is dropped
# at the end.
#
#   ./scripts/bench-people.sh            # STUDENTS=20000 DURATION=10s
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

STUDENTS=${STUDENTS:-20000}
DURATION=${DURATION:-10s}

ensure_go
ensure_postgres
command -v wrk >/dev/null || apt_install wrk

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
flat_out "GET /api/users?role=student (200 newest)" "/api/users?role=student" "$STARTUP_TOKEN"
flat_out "GET /api/admin/students?page=500" "/api/admin/students?page=500" "$ADMIN_TOKEN"
RESUME_URL=$(resume_link)
rm -f /tmp/bench-people.pdf /tmp/bench-people.pdf.body
flat_out "GET /api/files/{id} (200 KB résumé, signed link)" "$RESUME_URL" ""
