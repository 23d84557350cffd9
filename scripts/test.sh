#!/usr/bin/env bash
# `make test`: every check of Gavel, in order, going on after a failure.
#
#   installs what is missing (Debian's chromium, the backend virtualenv, the npm packages), then in two lanes
#   on the two cores (see 'schedule' below) the production build, the Playwright specs, the frontend unit
#   tests, the backend tests on PostgreSQL (when TEST_DATABASE_URL is set or a server answers on
#   127.0.0.1:5432) and on SQLite, ruff, mypy, the import layers (lint-imports), eslint and tsc; last the
#   logs of the run, read for personal data (scripts/scan_logs.py).
#
# Test runners write JUnit XML into the results directory (GAVEL_TEST_RESULTS, default a fresh temporary
# directory); scripts/test_summary.py counts them. The last line printed is exactly `N passed, N failed`, and the
# exit status is non-zero when anything failed.
set -u -o pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$REPO"

RESULTS=${GAVEL_TEST_RESULTS:-$(mktemp -d "${TMPDIR:-/tmp}/gavel-test.XXXXXX")}
mkdir -p "$RESULTS"
RESULTS=$(cd "$RESULTS" && pwd)
STEPS="$RESULTS/steps.tsv"
: >"$STEPS"
echo "make test: reports and logs go to $RESULTS"

current=
trap 'echo; echo "make test: interrupted"; [[ -n $current ]] && kill -TERM "$current" 2>/dev/null; exit 130' INT TERM

# run_step NAME KIND REPORT LIMIT_SECONDS COMMAND...   (KIND: setup, check or junit; REPORT: "-" when none)
run_step() {
  local name=$1 kind=$2 report=$3 limit=$4 rc start=$SECONDS
  shift 4
  [[ $report != - ]] && rm -f "$report"
  printf '\n==> %s\n' "$name"
  timeout --kill-after=30 "$limit" "$@" </dev/null &
  current=$!
  wait "$current"
  rc=$?
  current=
  if [[ $rc == 124 || $rc == 137 ]]; then
    echo "make test: '$name' was stopped after $limit s"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$rc" "$report" "$((SECONDS - start))" >>"$STEPS"
  return "$rc"
}

# skip_step NAME REASON: a step that could not run counts as one failure.
skip_step() {
  printf '\n==> %s: not run, %s\n' "$1" "$2"
  printf '%s\tskip\t1\t%s\t0\n' "$1" "$2" >>"$STEPS"
}

postgres_answers() {
  if command -v pg_isready >/dev/null; then
    pg_isready -q -h 127.0.0.1 -p 5432
  else
    (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
  fi
}

# ------------------------------------------------------------------------------------------------ installs
run_step "install chromium" setup - 1200 bash scripts/install-chromium.sh
run_step "install backend and npm packages" setup - 900 make --no-print-directory deps

# ------------------------------------------------------------------------------------------------ schedule
# Two cores, two lanes, each a chain of steps, balanced by their measured times (docs/decisions.md):
#   browser lane (in the foreground): the production build, the Playwright specs (a browser and three
#     backends, so it starts first), then the frontend unit tests (one worker), then the backend tests on SQLite
#     but for bidding's and bidders';
#   backend lane (into its own log, printed at the end): the backend tests on PostgreSQL (when TEST_DATABASE_URL
#     is set or a server answers on 127.0.0.1:5432), bidding's and bidders' tests on SQLite, then the static
#     checks (ruff, mypy, the import layers, eslint, tsc).
# The steps share nothing: a SQLite file or a PostgreSQL schema of their own, free ports for their servers.
# Python's compiled modules are kept between the steps and the runs, outside the checkout: an environment with
# PYTHONDONTWRITEBYTECODE (this machine's) otherwise compiled gavel and the tests from source in every pytest
# process and in every server a test or a spec starts (collecting the suite: 12.1 -> 6.5 CPU s).
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX=${PYTHONPYCACHEPREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/gavel-pycache}

PG_URL=${TEST_DATABASE_URL:-}
if [[ -z $PG_URL ]] && postgres_answers; then
  PG_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test
fi

# The SQLite pass in two parts, one per lane: these folders in the backend lane, the rest in the browser lane.
# Measured 01/12/2026 (the lanes: build 34 + Playwright 572 + vitest 396 + SQLite 550 s against PostgreSQL
# 1,143 + SQLite 184 + the static checks 77 s): alerts' and the API fuzz's SQLite tests (about 85 s) moved to
# the backend lane, which was the shorter. None of them reads the demo database (loaded once per pass).
SQLITE_BACKEND_LANE=(tests/bidding tests/bidders tests/alerts tests/fuzz)
SQLITE_REST=()
for folder in "${SQLITE_BACKEND_LANE[@]}"; do SQLITE_REST+=(--ignore="$folder"); done

backend_lane() {
  # A background lane does not inherit the traps: stop the running step with the lane.
  trap '[[ -n $current ]] && kill -TERM "$current" 2>/dev/null; exit 130' INT TERM
  if [[ -n $PG_URL ]]; then
    run_step "pytest on PostgreSQL" junit "$RESULTS/pytest-postgres.xml" 3600 \
      env -C backend TEST_DATABASE_URL="$PG_URL" .venv/bin/pytest -q -p no:cacheprovider \
      --junitxml="$RESULTS/pytest-postgres.xml" -o junit_suite_name=postgres
  else
    printf '\n==> pytest on PostgreSQL: skipped (TEST_DATABASE_URL unset and nothing answers on 127.0.0.1:5432)\n'
  fi
  # The bid engine's, the bidders', the alerts' and the API fuzz's tests on SQLite (a quarter of that pass)
  # close this lane, the rest of the pass the browser lane: the two lanes then end about together
  # (docs/decisions.md, 'Suite time').
  run_step "pytest on SQLite (bidding, bidders, alerts, fuzz)" junit "$RESULTS/pytest-sqlite-bidding.xml" 900 \
    env -C backend -u TEST_DATABASE_URL .venv/bin/pytest -q -p no:cacheprovider "${SQLITE_BACKEND_LANE[@]}" \
    --junitxml="$RESULTS/pytest-sqlite-bidding.xml" -o junit_suite_name=sqlite-bidding
  run_step "ruff check (backend)" check - 300 env -C backend .venv/bin/ruff check .
  run_step "mypy (backend)" check - 900 env -C backend .venv/bin/mypy gavel
  run_step "import layers (backend)" check - 300 env -C backend .venv/bin/lint-imports --no-logo
  run_step "eslint (frontend)" check - 600 env -C frontend npm run --silent lint
  run_step "tsc (frontend)" check - 600 env -C frontend npm run --silent typecheck
}

backend_lane >"$RESULTS/backend-lane.log" 2>&1 &
backend_pid=$!
trap 'echo; echo "make test: interrupted"; [[ -n $current ]] && kill -TERM "$current" 2>/dev/null; kill -TERM "$backend_pid" 2>/dev/null; exit 130' INT TERM

if run_step "production build" check - 900 env -C frontend npm run --silent build; then
  run_step "playwright (Chromium)" junit "$RESULTS/playwright.xml" 2880 \
    env -C frontend GAVEL_E2E_JUNIT="$RESULTS/playwright.xml" GAVEL_E2E_RUN_DIR="$RESULTS/e2e" \
    npx --no-install playwright test
else
  skip_step "playwright (Chromium)" "the production build failed"
fi
run_step "vitest (frontend)" junit "$RESULTS/vitest.xml" 1800 \
  env -C frontend npx --no-install vitest run --maxWorkers=1 --reporter=default --reporter=junit \
  --outputFile.junit="$RESULTS/vitest.xml"
# The backend tests on SQLite, but for those of SQLITE_BACKEND_LANE (the backend lane's), close the browser
# lane; they share nothing with the PostgreSQL pass beside them. Measured 30/11/2026: build 40 s + Playwright
# 642 s + vitest 513 s + SQLite 671 s against PostgreSQL 1,328 s + the static checks 101 s (31 min); with the
# split, the SQLite tests of bidding and bidders (about 180 s) move to the other lane.
run_step "pytest on SQLite" junit "$RESULTS/pytest-sqlite.xml" 1500 \
  env -C backend -u TEST_DATABASE_URL .venv/bin/pytest -q -p no:cacheprovider "${SQLITE_REST[@]}" \
  --junitxml="$RESULTS/pytest-sqlite.xml" -o junit_suite_name=sqlite

wait "$backend_pid"
printf '\n==> the backend lane (pytest on PostgreSQL and SQLite, the static checks)\n'
cat "$RESULTS/backend-lane.log"

# ------------------------------------------------------------------------------------------------ logs
# Personal data of members is never written to the logs: every *.log of this run (the pytest passes, and under
# e2e/ the backends and the SMTP server the specs ran against) is read for the demo's identity numbers, phones
# and emails (scripts/scan_logs.py; a finding names the file and line, the value masked).
run_step "no personal data in the logs" check - 300 backend/.venv/bin/python scripts/scan_logs.py "$RESULTS"

# ------------------------------------------------------------------------------------------------ summary
python3 scripts/test_summary.py "$STEPS"
