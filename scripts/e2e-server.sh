#!/usr/bin/env bash
# One process of the end-to-end environment, started by Playwright (frontend/playwright.config.ts, webServer).
#
#   e2e-server.sh smtp    the test SMTP server on 127.0.0.1:2525, writing mails to $GAVEL_E2E_RUN_DIR/mail
#   e2e-server.sh main    the backend on 127.0.0.1:8100 (default durations)
#   e2e-server.sh short   the backend on 127.0.0.1:8101 with shortened inactivity and session durations
#   e2e-server.sh main-N  another backend like main, on 127.0.0.1:8100+N (N from 2: main-2 on :8102), for the
#                         specs that Playwright shares out between the main backends
#
# The smtp start first brings frontend/dist up to date (make build), since every backend serves it;
# GAVEL_E2E_SKIP_BUILD=1 serves frontend/dist as it is. GAVEL_E2E_PORT_BASE (default 8100) moves the backends to
# base, base+1 and base+N and the SMTP server to base - 8100 + 2525 (base 8200: 8200, 8201, 8202... and 2625),
# so that two checkouts can run their specs side by side.
# Every start gets a fresh directory (database, uploads, outbox): no state survives from an earlier run.
# Logs go to $GAVEL_E2E_RUN_DIR/<name>.log; the last lines are printed when the process fails.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PY="$REPO/backend/.venv/bin/python"
RUN=${GAVEL_E2E_RUN_DIR:?GAVEL_E2E_RUN_DIR is set by playwright.config.ts}
NAME=${1:?usage: e2e-server.sh smtp|main|main-N|short}
BASE=${GAVEL_E2E_PORT_BASE:-8100}
SMTP_PORT=$((BASE - 8100 + 2525))
mkdir -p "$RUN"
LOG="$RUN/$NAME.log"

# The e2e servers never touch the developer's database or settings.
while IFS= read -r var; do unset "$var"; done < <(compgen -e | grep '^GAVEL_' | grep -v '^GAVEL_E2E_' || true)

case $NAME in
  smtp)
    # Started first (Playwright starts its web servers in order): bring the built SPA up to date for both
    # backends; a no-op when `make test` has just built it. Never reinstalls the npm packages (-o): Playwright
    # itself runs from frontend/node_modules.
    build=(make -C "$REPO" --no-print-directory -o frontend/node_modules/.gavel-installed frontend/dist/index.html)
    if [[ ${GAVEL_E2E_SKIP_BUILD:-0} == 1 || -n ${GAVEL_E2E_SPA_DIR:-} ]]; then
      echo "e2e-server.sh: GAVEL_E2E_SKIP_BUILD=1, serving frontend/dist as it is" >&2
    elif ! "${build[@]}" -q 2>/dev/null; then
      echo "e2e-server.sh: frontend/dist is older than the sources, building it (log: $RUN/build.log)" >&2
      if ! "${build[@]}" >"$RUN/build.log" 2>&1; then
        tail -n 40 "$RUN/build.log" >&2
        echo "e2e-server.sh: the SPA build failed; the backends would serve a stale or missing frontend/dist" >&2
        exit 1
      fi
    fi
    rm -rf "$RUN/mail"
    mkdir -p "$RUN/mail"
    cmd=("$PY" -m gavel smtp-sink --port "$SMTP_PORT" --dir "$RUN/mail")
    ;;
  main | main-[2-9] | short)
    data="$RUN/data-$NAME"
    rm -rf "$data"
    mkdir -p "$data"
    export GAVEL_DATA_DIR="$data"
    export GAVEL_HOST=127.0.0.1
    export GAVEL_DEMO_DATA=0
    export GAVEL_ADMIN_EMAIL=admin@example.com
    export GAVEL_ADMIN_PASSWORD='Gavel-Admin-2026!'
    export GAVEL_SMTP_HOST=127.0.0.1
    export GAVEL_SMTP_PORT=$SMTP_PORT
    export GAVEL_MOVABLE_CLOCK=1  # PUT /api/dev/clock: specs reach a sale day without waiting
    # argon2id at the backend tests' cost (tests/conftest.py): at the production cost each hash took 170 ms of CPU
    # on four threads, and a spec makes many (every sign-in, each staff user's first password, ten recovery codes
    # when two-step sign-in is turned on), so the backends running side by side waited on each other's hashes.
    export GAVEL_PASSWORD_HASH_TIME_COST=1
    export GAVEL_PASSWORD_HASH_MEMORY_KIB=1024
    # Authenticator secrets sealed at rest, as in production (a fresh key each start: the database is fresh too).
    GAVEL_TOTP_KEYS=$("$PY" -m gavel new-totp-key)
    export GAVEL_TOTP_KEYS
    # GAVEL_E2E_SPA_DIR serves another build (one per checkout or helper running specs side by side).
    export GAVEL_SPA_DIR="${GAVEL_E2E_SPA_DIR:-$REPO/frontend/dist}"
    # Promotions (issue 28): SMS campaigns leave from a promotional sender; promotional emails carry an
    # unsubscribe link to this backend's own address, which a spec opens in the browser.
    export GAVEL_SMS_PROMO_FROM=AD-GAVEL
    if [[ $NAME == main ]]; then
      export GAVEL_PORT=$BASE
    elif [[ $NAME == main-* ]]; then
      export GAVEL_PORT=$((BASE + ${NAME#main-}))
    else
      export GAVEL_PORT=$((BASE + 1))
      # The inactivity spec jumps the browser's clock over the UI's durations; the session expiry spec waits
      # for the server's (its clock is the real one: sessions never follow the movable clock). 20 s: a loaded
      # machine took more than 6 s between two requests of one spec (a new browser loading the app).
      export GAVEL_UI_INACTIVITY_SECONDS=60
      export GAVEL_UI_WARNING_SECONDS=30
      export GAVEL_SESSION_IDLE_SECONDS=20
    fi
    export GAVEL_PUBLIC_URL="http://127.0.0.1:$GAVEL_PORT"
    if [[ ! -f $GAVEL_SPA_DIR/index.html ]]; then
      echo "e2e-server.sh: $GAVEL_SPA_DIR/index.html is missing: build the SPA first (make build)" >&2
      exit 1
    fi
    cmd=("$PY" -m gavel serve)
    ;;
  *)
    echo "e2e-server.sh: unknown process '$NAME' (smtp, main, main-2 to main-9 or short)" >&2
    exit 2
    ;;
esac

cd "$REPO/backend"
"${cmd[@]}" >"$LOG" 2>&1 &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; exit 0' TERM INT HUP
rc=0
wait "$pid" || rc=$?
if [[ $rc != 0 ]]; then
  echo "e2e-server.sh: '${cmd[*]}' ($NAME) exited with status $rc; last lines of $LOG:" >&2
  tail -n 40 "$LOG" >&2
fi
exit "$rc"
