#!/usr/bin/env bash
# A sale day under load (issue 16; bench/README.md, 'Sale day under load'): `python -m gavel serve` with
# GAVEL_WORKERS app processes on the bench database, Locust headless against it (bench/saleday_locust.py),
# then the server is stopped and the table printed. CHANGES THE BENCH DATA (see saleday_locust.py).
#
#   bash bench/saleday.sh                                  # = make bench-saleday
#   SALEDAY_USERS=20 SALEDAY_RUN_TIME=1m bash bench/saleday.sh
#
# Settings: BENCH_DATABASE_URL, GAVEL_WORKERS (2), SALEDAY_USERS (50), SALEDAY_SPAWN_RATE (10),
# SALEDAY_RUN_TIME (2m), SALEDAY_LOTS (600), SALEDAY_RUN_JOBS (1: the clock jobs and the dispatcher run in
# the app processes, as in production without a separate worker), SALEDAY_PORT (a free one when empty).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="$ROOT/backend/.venv/bin/python"
OUT="$ROOT/bench/out"
DB_URL="${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/gavel_bench}"
WORKERS="${GAVEL_WORKERS:-2}"
USERS="${SALEDAY_USERS:-50}"
SPAWN="${SALEDAY_SPAWN_RATE:-10}"
RUN_TIME="${SALEDAY_RUN_TIME:-2m}"
mkdir -p "$OUT"

if ! "$PY" -c "import locust" 2>/dev/null; then
    echo "Locust is not installed: $PY -m pip install -e './backend[bench]'" >&2
    exit 1
fi
PORT="${SALEDAY_PORT:-$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
DATA="$(mktemp -d)"  # the server's data folder (uploads, the local alerts outbox): thrown away afterwards
LOG="$OUT/saleday_server.log"

export SALEDAY_USERS="$USERS" BENCH_DATABASE_URL="$DB_URL"
(
    cd "$ROOT/backend"
    GAVEL_DATABASE_URL="$DB_URL" GAVEL_WORKERS="$WORKERS" GAVEL_PORT="$PORT" GAVEL_DEMO_DATA=0 \
    GAVEL_RUN_JOBS="${SALEDAY_RUN_JOBS:-1}" GAVEL_DATA_DIR="$DATA" \
    GAVEL_ADMIN_EMAIL=bench-admin@example.com GAVEL_ADMIN_PASSWORD='Gavel-Bench-2026!' \
    GAVEL_EMAIL_PROVIDER=local GAVEL_SMS_PROVIDER=local GAVEL_WHATSAPP_PROVIDER=local \
        exec "$PY" -m gavel serve
) >"$LOG" 2>&1 &
SERVER=$!
stop() {
    kill -TERM "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    rm -rf "$DATA"
}
trap stop EXIT

for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:$PORT/api/app-config" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$SERVER" 2>/dev/null; then echo "the server stopped; see $LOG" >&2; tail -20 "$LOG" >&2; exit 1; fi
    sleep 1
done
echo "server: $WORKERS app processes on http://127.0.0.1:$PORT ($DB_URL); log in $LOG"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# CPU ticks used by the app processes (the server and its children) and by PostgreSQL (every postgres process,
# other databases' too; exited backends and parallel workers count through the postmaster's children's time).
cpu_of() {
    local total=0 p
    for p in "$@"; do
        [ -r "/proc/$p/stat" ] || continue
        total=$((total + $(awk '{print $14 + $15 + $16 + $17}' "/proc/$p/stat")))
    done
    echo "$total"
}
app_pids() { echo "$SERVER" $(pgrep -P "$SERVER"); }
pg_pids() { pgrep -x postgres || true; }
MARKS="$OUT/saleday_marks.txt"
: >"$MARKS"
export SALEDAY_MARKS="$MARKS"
# Every 5 s: time, load average, app CPU ticks, PostgreSQL CPU ticks (cumulative).
(
    while true; do
        echo "$(date +%s) $(cut -d' ' -f1 /proc/loadavg) $(cpu_of $(app_pids)) $(cpu_of $(pg_pids))"
        sleep 5
    done
) >"$OUT/saleday_load.txt" 2>&1 &
SAMPLER=$!

set +e
"$ROOT/backend/.venv/bin/locust" -f "$ROOT/bench/saleday_locust.py" --host "http://127.0.0.1:$PORT" \
    --headless --users "$USERS" --spawn-rate "$SPAWN" --run-time "$RUN_TIME" --stop-timeout 30 \
    --csv "$OUT/saleday" --only-summary --loglevel WARNING 2>&1 | tee "$OUT/saleday_locust.txt"
status=${PIPESTATUS[0]}
set -e

sleep 5
kill "$SAMPLER" 2>/dev/null || true
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v k="$(getconf CLK_TCK)" -v start="$(awk '$1 == "start" {print $2}' "$MARKS")" \
    -v stop="$(awk '$1 == "stop" {print $2}' "$MARKS")" '
    $1 >= start && $1 <= stop + 5 {
        if (!n++) { t0 = $1; a0 = $3; p0 = $4 }
        t1 = $1; a1 = $3; p1 = $4; loads = loads " " $2; sum += $2
    }
    END {
        if (n < 2) { print "CPU: too few samples"; exit }
        t = t1 - t0
        printf "load average (1 min) during the run, every 5 s:%s (mean %.1f)\n", loads, sum / n
        printf "CPU during the run (%d s, setup excluded): app processes %.0f s (%.2f cores), PostgreSQL %.0f s (%.2f cores)\n",
            t, (a1 - a0) / k, (a1 - a0) / k / t, (p1 - p0) / k, (p1 - p0) / k / t
    }' "$OUT/saleday_load.txt"
"$PY" - "$OUT/saleday_stats.csv" "$OUT/saleday_failures.csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print()
print(f"{'call':<44} {'requests':>8} {'errors':>6} {'p50 ms':>7} {'p95 ms':>7} {'req/s':>6}")
for r in rows:
    name = r["Name"] if r["Name"] != "Aggregated" else "ALL"
    print(f"{(r['Type'] + ' ' + name)[:44]:<44} {r['Request Count']:>8} {r['Failure Count']:>6} "
          f"{r['50%']:>7} {r['95%']:>7} {float(r['Requests/s']):>6.2f}")
failures = list(csv.DictReader(open(sys.argv[2])))
print()
if failures:
    print("errors:")
    for f in failures:
        print(f"  {f['Occurrences']:>5} x {f['Method']} {f['Name']}: {f['Error'][:160]}")
else:
    print("errors: none")
EOF
echo "server errors in the log: $(grep -ci '"level": "error"\|Traceback' "$LOG" || true) (see $LOG)"
exit "$status"
