#!/usr/bin/env bash
# Starts Bridgework on the embedded default (SQLite under ./data, in-process broker) at
# http://localhost:8080 with demo accounts. Everything it needs is installed on the way.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

build_frontend
log "building the server"
build_server

export SEED_DEMO=${SEED_DEMO:-true}
export LOG_FORMAT=${LOG_FORMAT:-text}
export STATIC_DIR=${STATIC_DIR:-$ROOT/frontend/dist}
log "Bridgework on http://localhost:${PORT:-8080} (Ctrl-C stops it)"
log "demo accounts (password demo1234): student@demo.bridgework.app, startup@demo.bridgework.app"
exec "$ROOT/bin/bridgework"
