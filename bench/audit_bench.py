"""The audit log (issue 15) at 1,000,000 audit events: the first page, filtered pages, a record's history
and deep pages, as the app reads them, on the bench database.

    backend/.venv/bin/python bench/audit_bench.py \
        [--database-url postgresql://postgres@127.0.0.1:5432/gavel_bench] [--events 1000000] [--runs 30]

1. Load: when audit_event holds fewer than --events rows, the missing ones are streamed in with COPY ... FROM
   STDIN: two years of changes by the bench's staff users (one in ten by the system clock), actions the
   app records (gavel.audit.words knows them all) about real members, vehicles, invoices and payments of the
   bench, with an IP, a device and old and new values like the services write. Then VACUUM ANALYZE. The
   events stay (the trail is append-only: the triggers of migration 0018 refuse to delete them, and no other
   figure reads audit_event). A bench database migrated while 0018 was still empty gets its schema first
   (the device column, the indexes and the triggers), by running the migration's own upgrade().
2. Pages: the code a request runs (gavel.audit.service.list_events: the capped count, the page, the record
   names in one query, the words), each call in a session of its own; median, p95 and slowest of --runs after
   three warm-up runs, and the scans of the page query's plan (EXPLAIN ANALYZE).
3. Export: a month of one module as CSV through the streamed export, rows and seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import random
import statistics
import sys
import time
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))

import psycopg  # noqa: E402
from sqlalchemy import create_engine, inspect, text  # noqa: E402
from sqlalchemy.dialects import postgresql  # noqa: E402
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker  # noqa: E402

from gavel.config import normalise_database_url  # noqa: E402
from gavel.db import make_engine  # noqa: E402
from gavel.migrate import sync_url  # noqa: E402
from gavel.trail import repository  # noqa: E402
from gavel.trail.schemas import AuditFilters, AuditQuery  # noqa: E402
from gavel.trail.service import audit_service  # noqa: E402
from gavel.wiring import connect_handlers  # noqa: E402

MIGRATION = BACKEND / "migrations" / "versions" / "2026_11_25_0018-audit.py"
DEVICES = [
    "Chrome 131.0 on Windows 10 (Desktop computer)",
    "Edge 131.0 on Windows 10 (Desktop computer)",
    "Safari 17.6 on Mac OS X 10.15 (Desktop computer)",
    "Mobile Safari 17.0 on iOS 17.0 (Apple iPhone)",
    "Chrome 131.0 on Android 14 (Samsung SM-S918B)",
]
# action, entity, share of the events, old values, new values
ACTIONS: list[tuple[str, str, int, dict[str, Any] | None, dict[str, Any] | None]] = [
    (
        "auth.login",
        "user",
        20,
        None,
        {"device": "Desktop computer", "os": "Windows 10", "browser": "Chrome 131.0"},
    ),
    ("auth.logout", "user", 8, None, None),
    (
        "member.status_changed",
        "member",
        10,
        {"status": "pending"},
        {"status": "approved", "reason": None},
    ),
    (
        "member.updated",
        "member",
        6,
        {"phone": "+971501112233"},
        {"phone": "+971504445566"},
    ),
    (
        "member.created",
        "member",
        4,
        None,
        {"firstName": "Omar", "lastName": "Al Suwaidi", "status": "pending"},
    ),
    (
        "vehicle.status_changed",
        "vehicle",
        10,
        {"status": "pending"},
        {"status": "approved", "reason": None},
    ),
    ("vehicle.progress", "vehicle", 8, {"isReceived": False}, {"isReceived": True}),
    ("vehicle.updated", "vehicle", 5, {"mileage": 120000}, {"mileage": 121500}),
    (
        "auction_event.result_recorded",
        "vehicle",
        8,
        {"result": None},
        {"result": "sold", "hammerPrice": "45000.00"},
    ),
    (
        "invoice.issued",
        "invoice",
        8,
        None,
        {"number": "INV-2026-000001", "total": "47250.00"},
    ),
    (
        "payment.recorded",
        "payment",
        5,
        None,
        {"amount": "47250.00", "method": "bankTransfer"},
    ),
    (
        "payment.verified",
        "payment",
        4,
        {"confirmation": "Pending"},
        {"confirmation": "Verified"},
    ),
    ("gate.picked_up", "vehicle", 2, None, {"driver": "Ahmed"}),
    ("role.updated", "role", 1, {"isActive": True}, {"isActive": False}),
    (
        "location.updated",
        "location",
        1,
        {"phoneNumber": "+97142223344"},
        {"phoneNumber": "+97142223355"},
    ),
]


def psycopg_url(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def ensure_schema(url: str) -> None:
    """Migration 0018's schema on a bench database that recorded 0018 while it was still empty."""
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            if "device" in {c["name"] for c in inspect(conn).get_columns("audit_event")}:
                return
            from alembic.operations import Operations
            from alembic.runtime.migration import MigrationContext

            spec = importlib.util.spec_from_file_location("audit_0018", MIGRATION)
            assert spec and spec.loader
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            with Operations.context(MigrationContext.configure(conn)):
                module.upgrade()
            print("applied migration 0018's upgrade (the database recorded it while it was still empty)")
    finally:
        engine.dispose()


def _ids(conn: psycopg.Connection, table: str, limit: int) -> list[str]:
    sql = f"SELECT id FROM {table} TABLESAMPLE SYSTEM (5) LIMIT {limit}"  # noqa: S608 (our table names)
    return [row[0] for row in conn.execute(sql)]


def load(url: str, wanted: int, seed: int) -> None:
    with psycopg.connect(psycopg_url(url), autocommit=True) as conn:
        have = conn.execute("SELECT count(*) FROM audit_event").fetchone()[0]  # type: ignore[index]
        if have >= wanted:
            print(f"audit_event holds {have:,} events: nothing to load")
            return
        missing = wanted - have
        rng = random.Random(seed)  # noqa: S311 (made-up data, not secrets)
        staff = [(r[0], r[1]) for r in conn.execute("SELECT id, email FROM user_account")]
        if not staff:
            raise SystemExit("no staff users: run bench/run.sh (or start Gavel once) on this database first")
        records = {
            table: _ids(conn, table, 20_000) or [uuid.uuid4().hex]
            for table in ("member", "vehicle", "invoice", "payment", "role", "location")
        }
        records["user"] = [s[0] for s in staff]
        weights = [a[2] for a in ACTIONS]
        end = datetime.now(UTC)
        span = timedelta(days=730).total_seconds()
        start = time.perf_counter()
        with conn.cursor() as cur:
            columns = (
                "id, actor_id, actor_email, action, entity, entity_id, old_values, new_values, ip_address,"
                " device, created_at"
            )
            with cur.copy(f"COPY audit_event ({columns}) FROM STDIN") as copy:
                for _ in range(missing):
                    action, entity, _w, old, new = rng.choices(ACTIONS, weights)[0]
                    system = rng.random() < 0.1 and not action.startswith("auth.")
                    actor = (None, "system (clock)") if system else rng.choice(staff)
                    entity_id = rng.choice(records[entity]) if not action.startswith("auth.") else actor[0]
                    copy.write_row(
                        (
                            uuid.uuid4().hex,
                            actor[0],
                            actor[1],
                            action,
                            entity,
                            entity_id,
                            json.dumps(old) if old is not None else None,
                            json.dumps(new) if new is not None else None,
                            None
                            if system
                            else f"10.{rng.randint(0, 9)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
                            None if system else rng.choice(DEVICES),
                            end - timedelta(seconds=rng.random() * span),
                        )
                    )
        copied = time.perf_counter() - start
        conn.execute("VACUUM ANALYZE audit_event")
        size = conn.execute("SELECT pg_total_relation_size('audit_event')").fetchone()[0]  # type: ignore[index]
        print(
            f"loaded {missing:,} audit events in {copied:.1f} s (COPY with the indexes in place),"
            " then VACUUM ANALYZE;"
            f" audit_event with its indexes {size / 1e6:.0f} MB"
        )


async def sample(maker: async_sessionmaker[AsyncSession]) -> tuple[str, str, str]:
    """A staff user, a member with events and a day a month ago: the filters the cases use."""
    async with maker() as session:
        actor = await session.scalar(
            text("SELECT actor_id FROM audit_event WHERE actor_id IS NOT NULL LIMIT 1")
        )
        member = await session.scalar(
            text(
                "SELECT entity_id FROM audit_event WHERE entity = 'member' AND entity_id IS NOT NULL LIMIT 1"
            )
        )
    return str(actor), str(member), (date.today() - timedelta(days=30)).isoformat()


def cases(actor: str, member: str, month_ago: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("first page (no filter)", {}),
        ("module Members", {"module": "Members"}),
        ("staff user", {"actorId": actor}),
        ("action member.status_changed", {"action": "member.status_changed"}),
        ("a member's history", {"entity": "member", "entityId": member}),
        ("last 30 Dubai days", {"dateFrom": month_ago}),
        (
            "Vehicles, last 30 days, oldest first",
            {"module": "Vehicles", "dateFrom": month_ago, "sortOrder": "asc"},
        ),
        ("page 1,000: the last the pager reaches", {"pageNo": 1000}),
        ("page 500 of module Members", {"module": "Members", "pageNo": 500}),
        ("page 5,000 (API only, past the count)", {"pageNo": 5000}),
        ("page 10,000 (API only, past the count)", {"pageNo": 10000}),
    ]


def scans(plan: list[Any]) -> str:
    found: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        kind = node.get("Node Type", "")
        if "Scan" in kind:
            found.append(f"{kind} {node.get('Index Name', node.get('Relation Name', ''))}".strip())
        for child in node.get("Plans", []):
            walk(child)

    walk(plan[0]["Plan"])
    return ", ".join(dict.fromkeys(found))


async def explain(maker: async_sessionmaker[AsyncSession], query: AuditQuery) -> str:
    stmt = repository.page_statement(query)
    sql = str(stmt.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))
    async with maker() as session:
        plan = await session.scalar(text(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}"))
    return scans(plan)


async def pages(maker: async_sessionmaker[AsyncSession], runs: int) -> None:
    actor, member, month_ago = await sample(maker)
    print(
        f"{'case (10 rows a page)':<40} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'matching':>10}"
        "  page query's scans"
    )
    for name, params in cases(actor, member, month_ago):
        query = AuditQuery.model_validate({"limit": 10, **params})
        times = []
        answer: Any = None
        for i in range(runs + 3):
            async with maker() as session:
                started = time.perf_counter()
                answer = await audit_service.list_events(session, query)
                elapsed = (time.perf_counter() - started) * 1000
            if i >= 3:  # three warm-up runs
                times.append(elapsed)
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        matching = f"{answer.total:,}{'+' if answer.total_is_capped else ''}"
        print(
            f"{name:<40} {statistics.median(times):>8.1f} {p95:>8.1f} {times[-1]:>8.1f} {matching:>10}"
            f"  {await explain(maker, query)}"
        )


async def export(maker: async_sessionmaker[AsyncSession], month_ago: str) -> None:
    filters = AuditFilters.model_validate({"module": "Members", "dateFrom": month_ago})
    started = time.perf_counter()
    rows = size = 0
    async for chunk in audit_service.csv_lines(maker, filters):
        rows += chunk.count("\n")
        size += len(chunk)
    elapsed = time.perf_counter() - started
    print(
        f"CSV export, module Members, last 30 days: {rows - 1:,} events, {size / 1e6:.1f} MB"
        f" in {elapsed:.1f} s"
    )


async def measure(url: str, runs: int) -> None:
    engine = make_engine(url)
    maker = async_sessionmaker(engine, expire_on_commit=False)
    await pages(maker, runs)
    await export(maker, (date.today() - timedelta(days=30)).isoformat())
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/gavel_bench")
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    connect_handlers()  # the services run without create_app: their domain events' reactions connected first
    url = normalise_database_url(args.database_url)
    ensure_schema(url)
    load(url, args.events, args.seed)
    asyncio.run(measure(url, args.runs))


if __name__ == "__main__":
    main()
