"""The Python time of a list request: the whole request in process, less the time inside the database driver.

    backend/.venv/bin/python bench/python_time.py [--root CHECKOUT] [--requests 300] [--only TEXT] [--database-url URL]
    backend/.venv/bin/python bench/python_time.py --against OTHER_CHECKOUT [--rounds 6] [--requests 150]

Runs the app of a checkout (this one by default; `--root` another, e.g. a `git worktree add /tmp/before
<commit>`, to compare two commits on the same data) on the bench database, signed in as the bench
administrator (members_bench.py's helpers), and calls each case `--requests` times after 50 warm-up calls.
Prints per case the p50 of the whole request as the in-process client sees it (API: httpx building the
request and reading the answer included), of the app's own part of it (App: from the ASGI call to its
return, as a server would time it), of the time inside cursor.execute during it (SQL: the statements and
their rows, as members_bench.py's 'in-app SQL'), and of the differences (Python = API - SQL, and App - SQL:
routing, middleware, validation, ORM, serialisation, and the round trips SQLAlchemy does not report as
statements: BEGIN, COMMIT, the pool's ping), and how many statements the request sent (those reported to
SQLAlchemy's before_cursor_execute: neither BEGIN nor COMMIT). On this machine the same run varies by up to a third from one minute
to the next: `--against` runs this checkout and another alternately, each round in a new process, and prints
the medians over the rounds.

Target (issue 16): API at most SQL + 3 ms p50 for the list pages, and the Python time at least halved.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

COLUMNS = ("API p50", "App p50", "SQL p50", "Python p50", "App-SQL p50", "statements")
# Every list page of the sidebar, on its first page as the screen opens it (SPEC.md section 7), and the guard.
CASES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("members/get approved", "/api/members/get", {"status": "approved"}),
    ("vehicles/get approved", "/api/vehicles/get", {"status": "approved"}),
    ("vehicles/get pending", "/api/vehicles/get", {"status": "pending"}),
    ("auctions/get", "/api/auctions/get", {}),
    ("invoices/get", "/api/invoices/get", {}),
    ("payment/get-payments", "/api/payment/get-payments", {}),
    ("users/get", "/api/users/get", {}),
    ("role/get", "/api/role/get", {}),
    ("locations/get", "/api/locations/get", {}),
    ("charge/get", "/api/charge/get", {}),
    ("plan/list", "/api/plan/list", {}),
    ("alerts/messages", "/api/alerts/messages", {}),
    ("alerts/campaigns/get", "/api/alerts/campaigns/get", {}),
    ("staff-sessions/get", "/api/staff-sessions/get", {}),
    ("audit-events", "/api/audit-events", None),
    ("auth/me (the guard alone)", "/api/auth/me", None),
]


class Timed:
    """The app, timed from its ASGI call to its return: the request as the server handles it."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seconds = 0.0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        started = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            self.seconds = time.perf_counter() - started


async def run(url: str, requests: int, as_json: bool = False, only: str = "") -> None:
    from httpx import ASGITransport, AsyncClient
    from members_bench import Recorder, bench_app, sign_in

    app, _ = await bench_app(url)
    recorder = Recorder(app.state.engine)
    timed = Timed(app)
    async with AsyncClient(
        transport=ASGITransport(app=timed), base_url="http://bench"
    ) as client:
        token = await sign_in(client)
        headers = {"authorization": f"Bearer {token}", "user-agent": "gavel-bench/1.0"}
        if not as_json:
            print(
                f"load average {os.getloadavg()[0]:.2f}; {requests} requests per case after 50 warm-up"
            )
            print(f"{'case':<28} " + " ".join(f"{c:>{len(c) + 2}}" for c in COLUMNS))
        found: dict[str, list[float]] = {}
        for name, path, body in _cases(only):
            api: list[float] = []
            in_app: list[float] = []
            sql: list[float] = []
            for i in range(50 + requests):
                recorder.sql_seconds = 0.0
                recorder.statements.clear()
                recorder.capturing = True
                started = time.perf_counter()
                if body is None:
                    response = await client.get(path, headers=headers)
                else:
                    response = await client.post(path, json=body, headers=headers)
                elapsed = time.perf_counter() - started
                if response.status_code != 200:
                    raise SystemExit(
                        f"{path} answered {response.status_code}: {response.text[:300]}"
                    )
                if i >= 50:
                    api.append(elapsed)
                    in_app.append(timed.seconds)
                    sql.append(recorder.sql_seconds)
            a, b, s = (statistics.median(x) * 1000 for x in (api, in_app, sql))
            python = (
                statistics.median(x - y for x, y in zip(api, sql, strict=True)) * 1000
            )
            app_python = (
                statistics.median(x - y for x, y in zip(in_app, sql, strict=True))
                * 1000
            )
            found[name] = [a, b, s, python, app_python, float(len(recorder.statements))]
            if not as_json:
                print(_line(name, found[name]))
        await client.post("/api/auth/logout", headers=headers)
    await app.state.engine.dispose()
    if as_json:
        print(json.dumps(found))


def _cases(only: str) -> list[tuple[str, str, dict[str, Any] | None]]:
    return [case for case in CASES if only in case[0]]


def _line(name: str, figures: list[float]) -> str:
    return f"{name:<28} " + " ".join(
        f"{f:>{len(c)}.2f}ms" if c.endswith("p50") else f"{f:>{len(c) + 2}.0f}"
        for c, f in zip(COLUMNS, figures, strict=True)
    )


def compare(this: Path, other: Path, rounds: int, requests: int, url: str, only: str) -> None:
    """The two checkouts run one after the other, `rounds` times each, in processes of their own; per case the
    median over the rounds of each figure. The machine's drift from minute to minute falls on both alike."""
    results: dict[Path, list[dict[str, list[float]]]] = {this: [], other: []}
    for round_no in range(rounds):
        for root in (other, this) if round_no % 2 == 0 else (this, other):
            command = [
                sys.executable,
                __file__,
                "--root",
                str(root),
                "--requests",
                str(requests),
                "--only",
                only,
            ]
            out = subprocess.run(
                [*command, "--database-url", url, "--json"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            results[root].append(json.loads(out.strip().splitlines()[-1]))
    print(
        f"{rounds} rounds of {requests} requests per case, alternating; medians over the rounds"
    )
    print(f"{'case':<28} " + " ".join(f"{c:>{len(c) + 2}}" for c in COLUMNS))
    for root, label in ((other, "before"), (this, "after")):
        print(f"{label}: {root}")
        for name, _, _ in _cases(only):
            per_round = [r[name] for r in results[root]]
            print(
                _line(
                    name,
                    [
                        statistics.median(f[i] for f in per_round)
                        for i in range(len(COLUMNS))
                    ],
                )
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--root", type=Path, default=Path(__file__).resolve().parents[1]
    )
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument(
        "--against",
        type=Path,
        help="another checkout: run both alternately (see --rounds)",
    )
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--only", default="", help="the cases whose name holds this text")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/gavel_bench"
        ),
    )
    args = parser.parse_args()
    root = args.root.resolve()
    if args.against is not None:
        compare(
            root, args.against.resolve(), args.rounds, args.requests, args.database_url, args.only
        )
        return
    sys.path.insert(0, str(root / "backend"))
    sys.path.insert(0, str(root / "bench"))
    asyncio.run(run(args.database_url, args.requests, args.json, args.only))


if __name__ == "__main__":
    main()
