#!/usr/bin/env bash
# The independent check of Bridgework's credentials (docs/credentials.md): a real server issues
# credentials for students whose names are in several scripts (scripts/issue-credentials), and the
# Digital Bazaar verifier from npm (scripts/credential-verifier) verifies each credential, its
# baked badge and the PDF's attachment, and shows that changing any value breaks the proof.
# Ends with "verifier: N passed, M failed"; exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_go
ensure_node
apt_install poppler-utils
verifier="$ROOT/scripts/credential-verifier"
if [ ! -d "$verifier/node_modules" ] || [ "$verifier/package-lock.json" -nt "$verifier/node_modules/.package-lock.json" ]; then
  log "installing the verifier's npm packages"
  (cd "$verifier" && npm install --no-audit --no-fund --loglevel=error)
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
log "a Bridgework server issues sample credentials"
go run ./scripts/issue-credentials -out "$out"
log "the Digital Bazaar verifier checks them"
node "$verifier/verify.mjs" "$out"
