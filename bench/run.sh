#!/usr/bin/env bash
# What `make bench` runs: the members benchmark at 200,000 members on the local PostgreSQL.
#
#   BENCH_DATABASE_URL  the bench database (default postgresql://postgres@127.0.0.1:5432/gavel_bench);
#                       created when missing; never the database of `make run`
#   BENCH_MEMBERS       members to load when the database holds fewer (default 200000)
#   BENCH_RUNS          timed runs per case (default 50), after BENCH_WARMUP warm-up runs (default 10)
# Extra arguments go to bench/members_bench.py (e.g. --only search).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=backend/.venv/bin/python
URL="${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/gavel_bench}"
MEMBERS="${BENCH_MEMBERS:-200000}"

if [ ! -x "$PY" ]; then
  echo "bench: $PY is missing; run 'make backend-deps' (make bench does it) first" >&2
  exit 1
fi

"$PY" bench/members_generate.py --database-url "$URL" --count "$MEMBERS" --create-database --if-fewer
"$PY" bench/members_bench.py --database-url "$URL" \
  --runs "${BENCH_RUNS:-50}" --warmup "${BENCH_WARMUP:-10}" --plans bench/out/members-plans.txt "$@"
