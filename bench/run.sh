#!/usr/bin/env bash
# What `make bench` runs: members/get at 200,000 members, vehicles/get at 1,000,000 vehicles, the auction
# lists, event pages and sale results at 5,000 auctions and 50,000 events, then the invoice and payment lists and
# 100 concurrent sales at 1,000,000 invoices and 1,500,000 payments, on the local PostgreSQL. Each data set is
# loaded only when the database holds fewer rows (first run on a quiet machine: about 1 min for the members,
# 3 min for the vehicles, 3 min for the auctions, and the money after them; later runs go straight to the
# measurements).
#
#   BENCH_DATABASE_URL  the bench database (default postgresql://postgres@127.0.0.1:5432/gavel_bench);
#                       created when missing; never the database of `make run`
#   BENCH_MEMBERS       members to load when the database holds fewer (default 200000)
#   BENCH_VEHICLES      vehicles to load when the database holds fewer (default 1000000); 0 skips the vehicles
#                       and the auctions
#   BENCH_AUCTIONS      auctions to load when the database holds fewer (default 5000); 0 skips the auctions
#   BENCH_EVENTS        events of those auctions (default 50000)
#   BENCH_INVOICES      invoices to load when the database holds fewer (default 1000000); 0 skips the money
#   BENCH_PAYMENTS      payments of those invoices (default 1500000)
#   BENCH_SUITES        the benchmarks to run (default "members vehicles auctions money"); the data they need is
#                       loaded
#   BENCH_RUNS          timed runs per case (default 50), after BENCH_WARMUP warm-up runs (default 10)
# Extra arguments go to every benchmark (e.g. --only search).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=backend/.venv/bin/python
URL="${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/gavel_bench}"
MEMBERS="${BENCH_MEMBERS:-200000}"
VEHICLES="${BENCH_VEHICLES:-1000000}"
AUCTIONS="${BENCH_AUCTIONS:-5000}"
EVENTS="${BENCH_EVENTS:-50000}"
INVOICES="${BENCH_INVOICES:-1000000}"
PAYMENTS="${BENCH_PAYMENTS:-1500000}"
SUITES=" ${BENCH_SUITES:-members vehicles auctions money} "
TIMING=(--runs "${BENCH_RUNS:-50}" --warmup "${BENCH_WARMUP:-10}")

if [ ! -x "$PY" ]; then
  echo "bench: $PY is missing; run 'make backend-deps' (make bench does it) first" >&2
  exit 1
fi
if [ "$VEHICLES" = "0" ]; then
  AUCTIONS=0  # the auctions' runs are the vehicles'
fi
if [ "$AUCTIONS" = "0" ]; then
  INVOICES=0  # the invoices are the auctions' sales
fi
wants() { [[ "$SUITES" == *" $1 "* ]]; }

"$PY" bench/members_generate.py --database-url "$URL" --count "$MEMBERS" --create-database --if-fewer
if [ "$VEHICLES" != "0" ] && { wants vehicles || wants auctions || wants money; }; then
  # after the members: the vehicles' sellers and buyers are the bench members
  "$PY" bench/vehicles_generate.py --database-url "$URL" --count "$VEHICLES" --if-fewer
fi
if [ "$AUCTIONS" != "0" ] && { wants auctions || wants money; }; then
  # after the vehicles: the runs are theirs (reloading the vehicles empties the runs, and this loads them again)
  "$PY" bench/auctions_generate.py --database-url "$URL" --auctions "$AUCTIONS" --events "$EVENTS" --if-fewer
fi
if [ "$INVOICES" != "0" ] && { wants auctions || wants money; }; then
  # after the auctions: the invoices are their sales (the auctions bench's buyers need their paid purchases)
  "$PY" bench/money_generate.py --database-url "$URL" --invoices "$INVOICES" --payments "$PAYMENTS" --if-fewer
fi
if wants members; then
  "$PY" bench/members_bench.py --database-url "$URL" "${TIMING[@]}" --plans bench/out/members-plans.txt "$@"
fi
if [ "$VEHICLES" != "0" ] && wants vehicles; then
  "$PY" bench/vehicles_bench.py --database-url "$URL" "${TIMING[@]}" --plans bench/out/vehicles-plans.txt "$@"
fi
if [ "$AUCTIONS" != "0" ] && wants auctions; then
  "$PY" bench/auctions_bench.py --database-url "$URL" "${TIMING[@]}" --plans bench/out/auctions-plans.txt "$@"
fi
if [ "$INVOICES" != "0" ] && wants money; then
  "$PY" bench/money_bench.py --database-url "$URL" "${TIMING[@]}" --plans bench/out/money-plans.txt "$@"
fi
