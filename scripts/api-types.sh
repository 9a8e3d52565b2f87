#!/usr/bin/env bash
# Regenerates the SPA's API types from the server's OpenAPI document: the document itself into
# frontend/src/types/openapi.json, then frontend/src/types/api.gen.ts from it (openapi-typescript).
# A Go test and a Vitest test fail while either copy is out of date.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_go
ensure_frontend_deps
go run ./backend/cmd/openapi >frontend/src/types/openapi.json
(cd frontend && node scripts/api-types.mjs src/types/openapi.json src/types/api.gen.ts)
log "frontend/src/types/openapi.json and api.gen.ts regenerated"
