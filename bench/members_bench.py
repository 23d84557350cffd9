"""Latency of POST /api/members/get at 200,000 members, beside the same SQL run directly.

    backend/.venv/bin/python bench/members_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench

The real app (gavel.main.create_app with Settings(database_url=...)) is called in process through
httpx.AsyncClient + ASGITransport, as a signed-in Super Admin (gavel.bootstrap.ensure_first_admin, then
POST /api/auth/login). For every case one request is made with a SQLAlchemy cursor hook that records each
statement and its parameters exactly as the app sends them to psycopg; those statements are then replayed on
a plain psycopg AsyncConnection (same driver, same server, one transaction per run, committed, as the app
does). API and SQL runs alternate, after a warm-up, so that both see the same cache and the same server.

Columns:
  API             whole request: routing, auth guard, validation, queries, ORM, serialisation, commit
  in-app SQL      time spent inside cursor.execute during those API requests
  SQL all         every statement of the request (auth lookup + session touch + list + counts), direct
  SQL list        the members statements alone (page total, page rows, counts), direct
  ratio           API / SQL all (p50 and p95)
  target          issue 5: a page p95 <= 50 ms, a search p95 <= 150 ms, API <= 2 x direct SQL
Then, for every members statement of every case, the key line of EXPLAIN (ANALYZE, BUFFERS): the scans used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))

import psycopg  # noqa: E402
from httpx import ASGITransport, AsyncClient  # noqa: E402
from sqlalchemy import event  # noqa: E402

from gavel.bootstrap import ensure_first_admin  # noqa: E402
from gavel.config import Settings, normalise_database_url  # noqa: E402
from gavel.main import create_app  # noqa: E402
from gavel.migrate import upgrade  # noqa: E402

ADMIN_EMAIL = "bench-admin@example.com"
ADMIN_PASSWORD = "Gavel-Bench-2026!"  # noqa: S105 (a local bench database)

PLAN = "<first security plan>"  # replaced by the id of the cheapest plan in the database
RECENT = (date.today() - timedelta(days=90)).isoformat()
CASES: list[tuple[str, dict[str, Any] | None]] = [
    ("first page (approved)", {"status": "approved", "pageNo": 1, "limit": 10}),
    ("deep page (approved, page 5000)", {"status": "approved", "pageNo": 5000, "limit": 10}),
    (
        "filtered (approved seller org, by firstName)",
        {
            "status": "approved",
            "memberType": "seller",
            "memberEntity": "organization",
            "sortBy": "firstName",
            "sortOrder": "asc",
            "pageNo": 1,
            "limit": 10,
        },
    ),
    ("inActive list (no status)", {"pageNo": 1, "limit": 10}),
    ("approved trusted sellers", {"status": "approved", "isTrustedSeller": True, "pageNo": 1, "limit": 10}),
    ("approved seller type bank", {"status": "approved", "sellerType": "bank", "pageNo": 1, "limit": 10}),
    ("approved on a plan", {"status": "approved", "securityPlan": PLAN, "pageNo": 1, "limit": 10}),
    (
        "approved, registered in the last 90 days",
        {"status": "approved", "registeredFrom": RECENT, "pageNo": 1, "limit": 10},
    ),
    (
        "search 'al mansoori' (approved)",
        {"status": "approved", "search": "al mansoori", "pageNo": 1, "limit": 10},
    ),
    (
        "search phone '5079940' (approved)",
        {"status": "approved", "search": "5079940", "pageNo": 1, "limit": 10},
    ),
    (
        "search 'gulf motors' (pending)",
        {"status": "pending", "search": "gulf motors", "pageNo": 1, "limit": 10},
    ),
    ("counts query alone", None),
]


BIG_TABLES = {"member", "member_profile", "vehicle", "vehicle_image"}
MEMBER_TABLE = re.compile(r"\bFROM member\b(?!_)|\bFROM \(SELECT member\.|\bFROM member_list_count\b")


@dataclass
class Statement:
    sql: str
    params: Any

    @property
    def is_member(self) -> bool:
        return MEMBER_TABLE.search(self.sql) is not None

    @property
    def label(self) -> str:
        s = self.sql.lstrip()
        if "FROM member_list_count" in s:  # migration 0006's table: the counts, or a list total from it
            return "page total" if "sum(" in s else "counts"
        if s.startswith("SELECT count(*)"):
            return "page total"
        if MEMBER_TABLE.search(s):
            return "page rows"
        return s.split()[0].lower() + " " + (s.split(" FROM ")[1].split()[0] if " FROM " in s else "")


@dataclass
class Result:
    name: str
    api: list[float] = field(default_factory=list)
    in_app_sql: list[float] = field(default_factory=list)
    sql_all: list[float] = field(default_factory=list)
    sql_list: list[float] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    check: str = ""


def pct(values: list[float], p: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


class Recorder:
    """Records the statements the app sends to the driver, and the time spent inside cursor.execute."""

    def __init__(self, engine: Any) -> None:
        self.capturing = False
        self.statements: list[Statement] = []
        self.sql_seconds = 0.0
        self._started: float = 0.0
        event.listen(engine.sync_engine, "before_cursor_execute", self._before)
        event.listen(engine.sync_engine, "after_cursor_execute", self._after)

    def _before(self, conn: Any, cursor: Any, sql: str, params: Any, context: Any, executemany: bool) -> None:
        if self.capturing:
            self.statements.append(Statement(sql, params))
        self._started = time.perf_counter()

    def _after(self, conn: Any, cursor: Any, sql: str, params: Any, context: Any, executemany: bool) -> None:
        self.sql_seconds += time.perf_counter() - self._started


async def replay(conn: psycopg.AsyncConnection[Any], statements: list[Statement]) -> float:
    started = time.perf_counter()
    async with conn.cursor() as cur:
        for st in statements:
            await cur.execute(st.sql, st.params)
            if cur.description is not None:
                await cur.fetchall()
    await conn.commit()
    return time.perf_counter() - started


def scans(node: dict[str, Any]) -> Iterator[str]:
    kind = node.get("Node Type", "")
    if "Scan" in kind:
        where = node.get("Index Name")
        rel = node.get("Relation Name", "")
        direction = " Backward" if node.get("Scan Direction") == "Backward" else ""
        rows = node.get("Actual Rows")
        loops = node.get("Actual Loops", 1)
        if where:
            on = f" on {rel}" if rel else ""
            yield f"{kind}{direction} using {where}{on} (rows {rows} x{loops})"
        elif rel:
            # A bitmap heap scan reads the pages its bitmap index scans found: it is index-driven. A
            # sequential scan of a small lookup table (the 3 plans) is the right plan; one of members is not.
            flag = "  <-- NO INDEX" if kind != "Bitmap Heap Scan" and rel in BIG_TABLES else ""
            yield f"{kind} on {rel} (rows {rows} x{loops}){flag}"
    for child in node.get("Plans", []):
        yield from scans(child)


async def explain(conn: psycopg.AsyncConnection[Any], st: Statement) -> tuple[str, float, str]:
    async with conn.cursor() as cur:
        await cur.execute("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + st.sql, st.params)
        row = await cur.fetchone()
        doc = row[0] if row else []
        plan = (doc if isinstance(doc, list) else json.loads(doc))[0]
        await cur.execute("EXPLAIN (ANALYZE, BUFFERS) " + st.sql, st.params)
        text = "\n".join(r[0] for r in await cur.fetchall())
    await conn.rollback()
    top = plan["Plan"]
    key = "; ".join(dict.fromkeys(scans(top))) or top.get("Node Type", "?")
    buffers = f"shared hit {top.get('Shared Hit Blocks', 0)} read {top.get('Shared Read Blocks', 0)}"
    return f"{key} | {buffers}", float(plan.get("Execution Time", 0.0)), text


async def sign_in(client: AsyncClient) -> str:
    body = {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}
    r = await client.post("/api/auth/login", json=body)
    if r.status_code == 409:  # a session left over from an earlier run: end it and sign in here
        r = await client.post("/api/auth/logout-session", json=body)
    if r.status_code != 200:
        raise SystemExit(f"login failed: {r.status_code} {r.text}")
    return str(r.json()["token"])


@dataclass
class Outcome:
    results: list[Result]
    explained: list[tuple[str, str, str, float]]
    plan_texts: list[str]
    load_start: float


async def bench_app(url: str) -> tuple[Any, str]:
    """The real app on the bench database (migrated, with the bench administrator), and the libpq URL of it."""
    async_url = normalise_database_url(url)
    tmp = Path(tempfile.mkdtemp(prefix="gavel-bench-"))
    settings = Settings(
        database_url=async_url,
        data_dir=tmp / "data",
        spa_dir=tmp / "no-spa",
        admin_email=ADMIN_EMAIL,
        admin_password=ADMIN_PASSWORD,
        demo_data=False,
        log_json=False,
    )
    upgrade(async_url)  # the bench database follows the migrations (new indexes included)
    app = create_app(settings)
    async with app.state.sessionmaker() as session:
        await ensure_first_admin(session, settings)
        await session.commit()
    return app, async_url.replace("postgresql+psycopg://", "postgresql://", 1)


async def run(url: str, runs: int, warmup: int, only: str | None) -> Outcome:
    load_start = os.getloadavg()
    app, libpq_url = await bench_app(url)
    recorder = Recorder(app.state.engine)
    direct = await psycopg.AsyncConnection.connect(libpq_url)
    explain_conn = await psycopg.AsyncConnection.connect(libpq_url)
    results: list[Result] = []
    plan_texts: list[str] = []
    transport = ASGITransport(app=app, raise_app_exceptions=True)
    async with AsyncClient(transport=transport, base_url="http://bench") as client:
        token = await sign_in(client)
        headers = {"authorization": f"Bearer {token}", "user-agent": "gavel-bench/1.0"}
        counts_statement: Statement | None = None

        async def call(body: dict[str, Any]) -> tuple[float, float, dict[str, Any]]:
            recorder.sql_seconds = 0.0
            started = time.perf_counter()
            r = await client.post("/api/members/get", json=body, headers=headers)
            elapsed = time.perf_counter() - started
            if r.status_code != 200:
                raise SystemExit(f"members/get {body} answered {r.status_code}: {r.text[:300]}")
            return elapsed, recorder.sql_seconds, r.json()

        async with direct.cursor() as cur:
            await cur.execute("SELECT id FROM security_plan ORDER BY buying_power, id LIMIT 1")
            plan = await cur.fetchone()
        await direct.commit()
        for name, body in CASES:
            if only and only.lower() not in name.lower():
                continue
            if body is not None and body.get("securityPlan") == PLAN:
                if plan is None:
                    continue
                body = {**body, "securityPlan": plan[0]}
            res = Result(name)
            if body is None:
                if counts_statement is None:  # no list case ran before: capture it from a first page
                    recorder.capturing, recorder.statements = True, []
                    await call({"status": "approved"})
                    recorder.capturing = False
                    counts_statement = next(s for s in recorder.statements if s.label == "counts")
                res.statements = [counts_statement]
                for i in range(warmup + runs):
                    t = await replay(direct, res.statements)
                    if i >= warmup:
                        res.sql_list.append(t)
                        res.sql_all.append(t)
            else:
                recorder.capturing, recorder.statements = True, []
                _, _, data = await call(body)
                recorder.capturing = False
                res.statements = recorder.statements
                members = res.statements
                list_statements = [s for s in members if s.is_member]
                counts_statement = counts_statement or next(
                    (s for s in list_statements if s.label == "counts"), None
                )
                res.check = (
                    f"{len(data['members'])} rows of {data['totalMatching']:,}, {data['totalPages']:,} pages"
                )
                for i in range(warmup + runs):
                    api, in_app, _ = await call(body)
                    all_t = await replay(direct, res.statements)
                    list_t = await replay(direct, list_statements)
                    if i >= warmup:
                        res.api.append(api)
                        res.in_app_sql.append(in_app)
                        res.sql_all.append(all_t)
                        res.sql_list.append(list_t)
            results.append(res)

        # EXPLAIN (ANALYZE, BUFFERS) of every members statement, after the timings (it runs them once more).
        explained: list[tuple[str, str, str, float]] = []
        for res in results:
            for st in res.statements:
                if not st.is_member:
                    continue
                key, ms, text = await explain(explain_conn, st)
                explained.append((res.name, st.label, key, ms))
                plan_texts.append(f"=== {res.name}: {st.label}\n{st.sql}\n-- params {st.params}\n{text}\n")

    await direct.close()
    await explain_conn.close()
    await app.state.engine.dispose()
    return Outcome(results, explained, plan_texts, load_start[0])


PAGE_P95_MS = 50.0
SEARCH_P95_MS = 150.0
MAX_RATIO = 2.0


def verdict(r: Result) -> str:
    if not r.api:
        return "-"
    limit = SEARCH_P95_MS if r.name.startswith("search") else PAGE_P95_MS
    p95 = pct(r.api, 95) * 1000
    ratio = pct(r.api, 50) / pct(r.sql_all, 50)
    misses = ([f"p95>{limit:.0f}"] if p95 > limit else []) + (
        [f"ratio>{MAX_RATIO:.0f}"] if ratio > MAX_RATIO else []
    )
    return "ok" if not misses else "MISS " + ",".join(misses)


def report(
    outcome: Outcome,
    runs: int,
    warmup: int,
    plans_file: Path | None,
    *,
    subject: str = "members",
    judge: Callable[[Result], str] | None = None,
    width: int = 44,
    title: str | None = None,
) -> None:
    """The figures table, the EXPLAIN summary and the plans file; `subject` names the list (members,
    vehicles), `title` what was measured when it is more than `<subject>/get`."""
    judge = judge or verdict
    ms = 1000.0
    now = datetime.now(UTC)
    heading = title or f"{subject}/get"
    print(f"\n{heading} at {now:%Y-%m-%d %H:%M} UTC, {runs} runs per case after {warmup} warm-up")
    print(
        f"load average at start {outcome.load_start:.2f}, at end {os.getloadavg()[0]:.2f}"
        f" on {os.cpu_count()} cores (other work on the machine shows up in the figures)"
    )
    head = (
        f"{'case':<{width}} {'API p50/p95 ms':>15} {'in-app SQL':>10} {'SQL all p50/p95':>16} "
        f"{'ratio p50/p95':>13} {'SQL list p50/p95':>16}  target"
    )
    print(head)
    print("-" * (len(head) + 8))
    for r in outcome.results:
        api = f"{pct(r.api, 50) * ms:.1f} / {pct(r.api, 95) * ms:.1f}" if r.api else "-"
        inapp = f"{pct(r.in_app_sql, 50) * ms:.1f}" if r.in_app_sql else "-"
        sql_all = f"{pct(r.sql_all, 50) * ms:.1f} / {pct(r.sql_all, 95) * ms:.1f}"
        ratio = (
            f"{pct(r.api, 50) / pct(r.sql_all, 50):.2f} / {pct(r.api, 95) / pct(r.sql_all, 95):.2f}"
            if r.api
            else "-"
        )
        sql_list = f"{pct(r.sql_list, 50) * ms:.1f} / {pct(r.sql_list, 95) * ms:.1f}"
        print(f"{r.name:<{width}} {api:>15} {inapp:>10} {sql_all:>16} {ratio:>13} {sql_list:>16}  {judge(r)}")
    print()
    for r in outcome.results:
        if r.check:
            print(f"  {r.name}: {r.check}")
    print(f"\nEXPLAIN (ANALYZE, BUFFERS), {subject} statements (execution ms: scans used | buffers):")
    last = ""
    for case, label, key, exec_ms in outcome.explained:
        if case != last:
            print(f"  {case}")
            last = case
        print(f"    {label:<11} {exec_ms:7.2f} ms: {key}")
    unindexed = [f"{case}: {label}" for case, label, key, _ in outcome.explained if "NO INDEX" in key]
    print(
        f"\nevery {subject} statement reads through an index"
        if not unindexed
        else f"\nstatements reading a {subject} table without an index: " + "; ".join(unindexed)
    )
    if plans_file:
        plans_file.parent.mkdir(parents=True, exist_ok=True)
        plans_file.write_text("\n".join(outcome.plan_texts))
        print(f"full plans written to {plans_file}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--plans", type=Path, default=None, help="write the full EXPLAIN plans to this file")
    parser.add_argument("--only", default=None, help="run only the cases whose name contains this text")
    args = parser.parse_args()
    outcome = asyncio.run(run(args.database_url, args.runs, args.warmup, args.only))
    report(outcome, args.runs, args.warmup, args.plans)


if __name__ == "__main__":
    main()
