#!/usr/bin/env bash
# Builds Bridgework, starts it with the demo accounts on a free port and measures Largest Contentful
# Paint of the landing page and both dashboards under a 4× CPU throttle and Fast 3G
# (frontend/scripts/lcp.mjs; docs/performance.md, "Web app: first load and LCP"). Prints the landing
# page's first-load JavaScript too. Not part of scripts/test.sh: timings depend on the machine.
# Usage: scripts/lcp.sh [runs]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT=$(free_port)
DATA=$(mktemp -d)
LOG="$DATA/server.log"
DATA_DIR="$DATA" PORT=$PORT PUBLIC_URL="http://localhost:$PORT" SEED_DEMO=true \
  "$ROOT/scripts/run.sh" >"$LOG" 2>&1 &
server_pid=$!
trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; rm -rf "$DATA"' EXIT
for _ in $(seq 600); do
  curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break
  kill -0 $server_pid 2>/dev/null || { cat "$LOG" >&2; die "the server did not start"; }
  sleep 1
done
curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null || die "the server did not get ready (log: $LOG)"

cd frontend
node scripts/first-load.mjs | tail -1
LCP_BASE_URL="http://localhost:$PORT" node scripts/lcp.mjs "${1:-3}"
