#!/usr/bin/env bash
# `make test`: every check of Gavel, in order, going on after a failure.
#
#   installs what is missing (Debian's chromium, the backend virtualenv, the npm packages), then
#   ruff, mypy, eslint, tsc, the production build, backend tests on PostgreSQL (when TEST_DATABASE_URL is set
#   or a server answers on 127.0.0.1:5432), frontend unit tests, backend tests on SQLite, the Playwright specs
#   (two at a time on the two cores: see 'schedule' below), and last the logs of the run, read for personal
#   data (scripts/scan_logs.py).
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
# Two cores, every one kept at work. Pairs, not two lanes: the PostgreSQL pass is about a core and a half (the
# tests and the server), Playwright more than one (a browser, two backends); run side by side they took 15 and
# 12.5 minutes where the pairs below take 9 and 11 (measured 25/11/2026).
#   1. the backend tests on PostgreSQL (into their own log) beside, one after the other, the production build,
#      the frontend unit tests (one worker) and the static checks: together about as long as that pass;
#   2. the backend tests on SQLite (into their own log) beside the Playwright specs (a browser and two backends).
# The passes share nothing: a SQLite file or a PostgreSQL schema of their own, free ports for their servers.

# ------------------------------------------------------------------------------------------------ PostgreSQL + the rest
PG_URL=${TEST_DATABASE_URL:-}
if [[ -z $PG_URL ]] && postgres_answers; then
  PG_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test
fi
if [[ -n $PG_URL ]]; then
  run_step "pytest on PostgreSQL" junit "$RESULTS/pytest-postgres.xml" 900 \
    env -C backend TEST_DATABASE_URL="$PG_URL" .venv/bin/pytest -q -p no:cacheprovider \
    --junitxml="$RESULTS/pytest-postgres.xml" -o junit_suite_name=postgres >"$RESULTS/pytest-postgres.log" 2>&1 &
  postgres_pass=$!
fi
built=yes
run_step "production build" check - 900 env -C frontend npm run --silent build || built=no
run_step "vitest (frontend)" junit "$RESULTS/vitest.xml" 900 \
  env -C frontend npx --no-install vitest run --maxWorkers=1 --reporter=default --reporter=junit \
  --outputFile.junit="$RESULTS/vitest.xml"
run_step "ruff check (backend)" check - 300 env -C backend .venv/bin/ruff check .
run_step "mypy (backend)" check - 900 env -C backend .venv/bin/mypy gavel
run_step "eslint (frontend)" check - 600 env -C frontend npm run --silent lint
run_step "tsc (frontend)" check - 600 env -C frontend npm run --silent typecheck
if [[ -n $PG_URL ]]; then
  wait "$postgres_pass"
  cat "$RESULTS/pytest-postgres.log"
else
  printf '\n==> pytest on PostgreSQL: skipped (TEST_DATABASE_URL unset and nothing answers on 127.0.0.1:5432)\n'
fi

# ------------------------------------------------------------------------------------------------ SQLite + browser
run_step "pytest on SQLite" junit "$RESULTS/pytest-sqlite.xml" 900 \
  env -C backend -u TEST_DATABASE_URL .venv/bin/pytest -q -p no:cacheprovider \
  --junitxml="$RESULTS/pytest-sqlite.xml" -o junit_suite_name=sqlite >"$RESULTS/pytest-sqlite.log" 2>&1 &
sqlite_pass=$!
if [[ $built == yes ]]; then
  run_step "playwright (Chromium)" junit "$RESULTS/playwright.xml" 1200 \
    env -C frontend GAVEL_E2E_JUNIT="$RESULTS/playwright.xml" GAVEL_E2E_RUN_DIR="$RESULTS/e2e" \
    npx --no-install playwright test
else
  skip_step "playwright (Chromium)" "the production build failed"
fi
wait "$sqlite_pass"
cat "$RESULTS/pytest-sqlite.log"

# ------------------------------------------------------------------------------------------------ logs
# Personal data of members is never written to the logs: every *.log of this run (the pytest passes, and under
# e2e/ the backends and the SMTP server the specs ran against) is read for the demo's identity numbers, phones
# and emails (scripts/scan_logs.py; a finding names the file and line, the value masked).
run_step "no personal data in the logs" check - 300 backend/.venv/bin/python scripts/scan_logs.py "$RESULTS"

# ------------------------------------------------------------------------------------------------ summary
python3 scripts/test_summary.py "$STEPS"
