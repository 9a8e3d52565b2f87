#!/usr/bin/env bash
# The embedded default against PostgreSQL (docs/performance.md, "SQLite"):
# runs the list benchmarks (BenchmarkMarketplace's sub-benchmarks) on SQLite and
# on PostgreSQL in the same run, ROUNDS times, each round one after the other on both databases so
# that both see the same load on the shared machine. PostgreSQL is the floor here: the line per
# list is `sqlite-ratio NAME x=R`, the median over the rounds of SQLite's ns/op ÷ PostgreSQL's
# (goal R ≤ 1.5), then both medians.
#
#   ./scripts/bench-sqlite.sh            # ROUNDS=3 BENCHTIME=1s BENCH=BenchmarkMarketplace
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ROUNDS=${ROUNDS:-3}
BENCHTIME=${BENCHTIME:-1s}
BENCH=${BENCH:-BenchmarkMarketplace}

ensure_go
ensure_postgres
ensure_redis

OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
go test -c -o bin/httpapi.test ./backend/httpapi
log "load average before: $(cat /proc/loadavg)"
for round in $(seq "$ROUNDS"); do
  log "round $round of $ROUNDS"
  # One benchmark binary run per round runs every list on SQLite and then on PostgreSQL.
  (cd backend/httpapi && ../../bin/httpapi.test -test.run '^$' -test.bench "^$BENCH\$" \
    -test.benchtime "$BENCHTIME" -test.benchmem) | tee -a "$OUT" | grep '^Benchmark' >&2
done
log "load average after: $(cat /proc/loadavg)"

# Lines look like: BenchmarkMarketplace/sqlite/startup-tasks-2  100  2400000 ns/op ...
awk '
  /^Benchmark/ && / ns\/op/ {
    split($1, part, "/"); db = part[2]; name = part[3]; sub(/-[0-9]+$/, "", name)
    n[db, name]++; ns[db, name, n[db, name]] = $3
    if (!(name in seen)) { seen[name] = 1; order[++names] = name }
  }
  function median(values, count,    i, j, t) {
    for (i = 2; i <= count; i++)
      for (j = i; j > 1 && values[j - 1] > values[j]; j--) { t = values[j]; values[j] = values[j - 1]; values[j - 1] = t }
    return count % 2 ? values[(count + 1) / 2] : (values[count / 2] + values[count / 2 + 1]) / 2
  }
  END {
    for (k = 1; k <= names; k++) {
      name = order[k]; rounds = n["sqlite", name] < n["postgres", name] ? n["sqlite", name] : n["postgres", name]
      if (rounds == 0) continue
      delete r; delete s; delete p
      for (i = 1; i <= rounds; i++) { r[i] = ns["sqlite", name, i] / ns["postgres", name, i]; s[i] = ns["sqlite", name, i]; p[i] = ns["postgres", name, i] }
      printf "sqlite-ratio %s x=%.2f sqlite=%.2fms postgres=%.2fms rounds=%d\n", name, median(r, rounds), median(s, rounds) / 1e6, median(p, rounds) / 1e6, rounds
    }
  }' "$OUT"
