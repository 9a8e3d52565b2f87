#!/usr/bin/env bash
# Runs every test of Bridgework, installing and starting what is missing on the way:
#   go vet, gofmt, staticcheck and deadcode; go test -race on SQLite and on PostgreSQL + Redis; the
#   server's credentials through Digital Bazaar's verifier (scripts/verify-credentials.sh); Vitest
#   component tests; the frontend's lint (tsc, ESLint, Prettier); end-to-end journeys in headless Chromium
#   against the real server (and a two-instance cluster).
# Ends with one line "N passed, M failed" summing all suites; exits non-zero on any failure.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

OUT=$(mktemp -d)
passed=0
failed=0
count() { passed=$((passed + $1)); failed=$((failed + $2)); }

log "checking services and tools"
ensure_go
STATICCHECK=$(ensure_go_tool honnef.co/go/tools/cmd/staticcheck "$STATICCHECK_VERSION")
DEADCODE=$(ensure_go_tool golang.org/x/tools/cmd/deadcode "$DEADCODE_VERSION")
ensure_postgres
ensure_redis
ensure_smtp_server
apt_install poppler-utils curl
start_stripe_mock
trap 'kill $STRIPE_MOCK_PID 2>/dev/null' EXIT
ensure_chromium
ensure_nginx
ensure_frontend_deps

# The Go packages are under backend/ and scripts/: ./... would also walk frontend/node_modules,
# where npm packages may ship Go code of their own.
GO_PKGS=(./backend/... ./scripts/...)

log "go vet, gofmt, staticcheck, deadcode"
if go vet "${GO_PKGS[@]}"; then count 1 0; else count 0 1; fi
unformatted=$(gofmt -l backend scripts)
if [ -z "$unformatted" ]; then count 1 0; else echo "not gofmt-formatted: $unformatted"; count 0 1; fi
if [ -n "$STATICCHECK" ] && "$STATICCHECK" "${GO_PKGS[@]}"; then count 1 0; else count 0 1; fi
# deadcode lists the functions that no main and no test (-test) reaches, and exits 0 all the same.
if [ -n "$DEADCODE" ] && dead=$("$DEADCODE" -test "${GO_PKGS[@]}") && [ -z "$dead" ]; then
  count 1 0
else
  echo "${dead:-deadcode did not run}"; count 0 1
fi

# vitest_counts FILE prints "passed failed" from a Vitest JSON report.
vitest_counts() {
  node -e '
    const fs = require("fs");
    try {
      const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      const broken = r.testResults.filter(f => f.status === "failed" && f.assertionResults.length === 0).length;
      console.log(r.numPassedTests, r.numFailedTests + broken);
    } catch { console.log(0, 1); }' "$1"
}

# The Go tests run in the background for the whole of Vitest, the lint and the journeys: for most
# of the Go run only httpapi's test binary is left, and it keeps one of the two cores busy. Their
# output is shown when they are done.
log "go test -race (SQLite and PostgreSQL + Redis), in the background"
go test -race -count=1 -timeout 40m -v "${GO_PKGS[@]}" >"$OUT/go.log" 2>&1 &
go_pid=$!
trap 'kill $go_pid $STRIPE_MOCK_PID 2>/dev/null' EXIT
log "frontend component tests (Vitest)"
(cd frontend && npx vitest run --reporter=default --reporter=json --outputFile="$OUT/vitest.json") \
  >"$OUT/vitest.log" 2>&1
cat "$OUT/vitest.log"
read -r vp vf < <(vitest_counts "$OUT/vitest.json")
echo "vitest: $vp passed, $vf failed"
count "$vp" "$vf"

log "frontend lint (tsc, ESLint: one-way imports, no cycles, hooks, kebab-case names; no warnings; Prettier)"
if (cd frontend && npm run lint --silent); then count 1 0; else count 0 1; fi

log "end-to-end journeys in headless Chromium, against the app started by ./scripts/run.sh"
E2E_PORT=$(free_port)
E2E_DATA=$(mktemp -d)
export E2E_ADMIN_EMAIL=admin@bridgework.local E2E_ADMIN_PASSWORD="admin-$(date +%s)-pass"
# The server mails for real to a small SMTP sink the journeys' global setup listens on
# (frontend/e2e/support/smtp-sink.ts), so a journey can open a mailed link. Until the sink is up a
# mail waits in the outbox and is retried after MAIL_FIRST_RETRY. Digests run every second, and
# only for users who chose "Immediately" within the run (email-digest.e2e.ts): no other journey
# finds a digest among the mails it waits for.
export E2E_SMTP_PORT=$(free_port)
# The journeys register dozens of users from one address in a minute: the per-address limits on
# cheap writes are off here (their own Go tests and scripts/abuse-check.sh hold them).
REGISTER_MAX_PER_IP=0 HELP_MAX_PER_IP=0 WS_MAX_HANDSHAKES_PER_IP=0 \
  DATA_DIR="$E2E_DATA" PORT=$E2E_PORT PUBLIC_URL="http://localhost:$E2E_PORT" \
  ADMIN_EMAIL=$E2E_ADMIN_EMAIL ADMIN_PASSWORD=$E2E_ADMIN_PASSWORD \
  SMTP_ADDR="127.0.0.1:$E2E_SMTP_PORT" MAIL_FIRST_RETRY=2s \
  DIGEST_CHECK_EVERY=1s DIGEST_OFFLINE_AFTER=2h \
  "$ROOT/scripts/run.sh" >"$OUT/e2e-server.log" 2>&1 &
server_pid=$!
trap 'kill $server_pid $go_pid $STRIPE_MOCK_PID 2>/dev/null; wait $server_pid 2>/dev/null' EXIT
if wait_http "http://127.0.0.1:$E2E_PORT/readyz" 300 "$server_pid"; then
  (cd frontend && E2E_BASE_URL="http://localhost:$E2E_PORT" npx vitest run -c vitest.e2e.config.ts \
    --reporter=default --reporter=json --outputFile="$OUT/e2e.json")
  read -r ep ef < <(vitest_counts "$OUT/e2e.json")
else
  echo "./scripts/run.sh did not bring the app up:"; tail -n 30 "$OUT/e2e-server.log"
  ep=0 ef=1
fi
echo "e2e: $ep passed, $ef failed"
count "$ep" "$ef"

log "go test -race (SQLite and PostgreSQL + Redis): waiting for it to end"
wait "$go_pid"
go_status=$?
grep -E '^(ok|FAIL|---|panic:)' "$OUT/go.log" | grep -v -- '--- PASS' || true
# Show what each failing test logged. With -v a test's lines stream out under the "=== RUN/NAME/CONT
# name" line of the test that wrote them, before its "--- FAIL": a first pass collects the failed
# names, the second prints their lines.
awk 'NR == FNR { if ($1 == "---" && $2 == "FAIL:") failed[$3] = 1; next }
     $1 == "===" { current = $3; shown = 0; next }
     failed[current] && /^[[:space:]]/ && !/^[[:space:]]*--- / { if (!shown++) print current ":"; print }' "$OUT/go.log" "$OUT/go.log"
go_pass=$(grep -cE '^[[:space:]]*--- PASS' "$OUT/go.log")
go_fail=$(grep -cE '^[[:space:]]*--- FAIL' "$OUT/go.log")
if [ "$go_status" -ne 0 ] && [ "$go_fail" -eq 0 ]; then
  tail -n 40 "$OUT/go.log"   # a build error or panic outside any test
  go_fail=1
fi
echo "go test: $go_pass passed, $go_fail failed"
count "$go_pass" "$go_fail"

log "credentials through an independent verifier (Digital Bazaar's, from npm)"
"$ROOT/scripts/verify-credentials.sh" >"$OUT/verifier.log" 2>&1
grep -v '^ok ' "$OUT/verifier.log" || true
if read -r vp vf < <(sed -nE 's/^verifier: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$OUT/verifier.log"); then
  count "$vp" "$vf"
else
  count 0 1   # it stopped before verifying: the server could not issue, or npm could not install
fi

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
