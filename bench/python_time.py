"""The Python time of a list request: the whole request in process, less the time inside the database driver.

    backend/.venv/bin/python bench/python_time.py [--root CHECKOUT] [--requests 300] [--database-url URL]

Runs the app of a checkout (this one by default; `--root` another, e.g. a `git worktree add /tmp/before
<commit>`, to compare two commits on the same data) on the bench database, signed in as the bench
administrator (members_bench.py's helpers), and calls each case `--requests` times after 50 warm-up calls.
Prints per case the p50 of the whole request (API), of the time inside cursor.execute during it (SQL: the
statements and their rows, as members_bench.py's 'in-app SQL'), and of their difference (Python: routing,
middleware, validation, ORM, serialisation, and the round trips SQLAlchemy does not report as statements:
BEGIN, COMMIT, the pool's ping). Run the two checkouts one after the other, several times: on this machine the
same run varies by up to a third from one minute to the next.

Target (issue 16): API at most SQL + 3 ms p50 for the list pages, and the Python time at least halved.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

CASES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("members/get approved", "/api/members/get", {"status": "approved"}),
    ("vehicles/get approved", "/api/vehicles/get", {"status": "approved"}),
    ("vehicles/get pending", "/api/vehicles/get", {"status": "pending"}),
    ("auth/me (the guard alone)", "/api/auth/me", None),
]


async def run(url: str, requests: int) -> None:
    from httpx import ASGITransport, AsyncClient
    from members_bench import Recorder, bench_app, sign_in

    app, _ = await bench_app(url)
    recorder = Recorder(app.state.engine)
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://bench") as client:
        token = await sign_in(client)
        headers = {"authorization": f"Bearer {token}", "user-agent": "gavel-bench/1.0"}
        print(f"load average {os.getloadavg()[0]:.2f}; {requests} requests per case after 50 warm-up")
        print(f"{'case':<28} {'API p50':>8} {'SQL p50':>8} {'Python p50':>11}")
        for name, path, body in CASES:
            api: list[float] = []
            sql: list[float] = []
            for i in range(50 + requests):
                recorder.sql_seconds = 0.0
                started = time.perf_counter()
                if body is None:
                    response = await client.get(path, headers=headers)
                else:
                    response = await client.post(path, json=body, headers=headers)
                elapsed = time.perf_counter() - started
                if response.status_code != 200:
                    raise SystemExit(f"{path} answered {response.status_code}: {response.text[:300]}")
                if i >= 50:
                    api.append(elapsed)
                    sql.append(recorder.sql_seconds)
            a, s = statistics.median(api) * 1000, statistics.median(sql) * 1000
            print(f"{name:<28} {a:>6.2f}ms {s:>6.2f}ms {a - s:>9.2f}ms")
        await client.post("/api/auth/logout", headers=headers)
    await app.state.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/gavel_bench"),
    )
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root / "backend"))
    sys.path.insert(0, str(root / "bench"))
    asyncio.run(run(args.database_url, args.requests))


if __name__ == "__main__":
    main()
