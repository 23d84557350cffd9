#!/usr/bin/env bash
# What `make bench` runs: members/get at 200,000 members, then vehicles/get at 1,000,000 vehicles, on the local
# PostgreSQL. Each data set is loaded only when the database holds fewer rows (first run: about 1 min for the
# members, 3 min for the vehicles; later runs go straight to the measurements).
#
#   BENCH_DATABASE_URL  the bench database (default postgresql://postgres@127.0.0.1:5432/gavel_bench);
#                       created when missing; never the database of `make run`
#   BENCH_MEMBERS       members to load when the database holds fewer (default 200000)
#   BENCH_VEHICLES      vehicles to load when the database holds fewer (default 1000000); 0 skips the vehicles
#   BENCH_RUNS          timed runs per case (default 50), after BENCH_WARMUP warm-up runs (default 10)
# Extra arguments go to both benchmarks (e.g. --only search).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=backend/.venv/bin/python
URL="${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/gavel_bench}"
MEMBERS="${BENCH_MEMBERS:-200000}"
VEHICLES="${BENCH_VEHICLES:-1000000}"
TIMING=(--runs "${BENCH_RUNS:-50}" --warmup "${BENCH_WARMUP:-10}")

if [ ! -x "$PY" ]; then
  echo "bench: $PY is missing; run 'make backend-deps' (make bench does it) first" >&2
  exit 1
fi

"$PY" bench/members_generate.py --database-url "$URL" --count "$MEMBERS" --create-database --if-fewer
if [ "$VEHICLES" != "0" ]; then
  # after the members: the vehicles' sellers and buyers are the bench members
  "$PY" bench/vehicles_generate.py --database-url "$URL" --count "$VEHICLES" --if-fewer
fi
"$PY" bench/members_bench.py --database-url "$URL" "${TIMING[@]}" --plans bench/out/members-plans.txt "$@"
if [ "$VEHICLES" != "0" ]; then
  "$PY" bench/vehicles_bench.py --database-url "$URL" "${TIMING[@]}" --plans bench/out/vehicles-plans.txt "$@"
fi
