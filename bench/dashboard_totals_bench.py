"""Latency of the dashboard's totals (issue 15) at 1,000,000 vehicles and 200,000 members, beside the grouped
counts over the big tables that the running totals spare us, and a check that the two agree.

    backend/.venv/bin/python bench/dashboard_totals_bench.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench

The bench database is migrated first (gavel.migrate.upgrade), then only read. The code the app runs
(gavel.dashboard.totals.service.dashboard_totals for the dashboard, gavel.dashboard.repository for the top
bar's badges, gavel.vehicles.counts.counts for the Review list's cards) is called in process on the app's
engine, each call in a session of its own as a request has, for a Super Admin (every part shown).

Cases:
  dashboard totals        vehicles, members, roles and users: what GET /api/dashboard/summary adds
  top bar badges          members_pending + vehicles_pending (GET /api/dashboard/review-badges)
  review list cards       the vehicle counts that POST /api/vehicles/get returns with a page
  grouped count (no running totals)   the same figures counted over vehicle and member (fewer runs: slow)
Then the statements of one dashboard-totals call under EXPLAIN (ANALYZE, BUFFERS), and whether the running
totals (vehicle_list_count, member_list_count) equal the grouped counts row for row.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))

from sqlalchemy import event, func, select, text  # noqa: E402
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker  # noqa: E402

from gavel.auth.models import UserSession  # noqa: E402
from gavel.bootstrap import SUPER_ADMIN  # noqa: E402
from gavel.config import normalise_database_url  # noqa: E402
from gavel.dashboard import repository as badges  # noqa: E402
from gavel.dashboard.totals.service import dashboard_totals  # noqa: E402
from gavel.db import make_engine  # noqa: E402
from gavel.guards import Client, Principal  # noqa: E402
from gavel.members.models import Member, MemberListCount  # noqa: E402
from gavel.migrate import upgrade  # noqa: E402
from gavel.roles.models import Role  # noqa: E402
from gavel.users.models import User  # noqa: E402
from gavel.vehicles import counts as vehicle_counts  # noqa: E402
from gavel.vehicles.models import Vehicle, VehicleListCount  # noqa: E402
from gavel.wiring import connect_handlers  # noqa: E402

BUDGET_P95_MS = 100.0  # the whole summary's budget (issue 15)
Timed = Callable[[AsyncSession], Awaitable[Any]]


def pct(values: list[float], p: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


async def super_admin(maker: async_sessionmaker[AsyncSession]) -> Principal:
    """A Super Admin of the bench database, as the auth guard hands it to a route (nothing is written)."""
    async with maker() as session:
        stmt = select(User).join(Role, User.role_id == Role.id).where(Role.name == SUPER_ADMIN).limit(1)
        user = (await session.scalars(stmt)).first()
        if user is None:
            raise SystemExit("no Super Admin in the bench database: run bench/run.sh once")
        fake_session = UserSession(user_id=user.id, token_hash="bench")  # noqa: S106 (never stored)
        return Principal(user=user, session=fake_session, client=Client(ip="127.0.0.1", user_agent="bench"))


async def grouped_counts(
    session: AsyncSession,
) -> tuple[dict[tuple[Any, ...], int], dict[tuple[Any, ...], int]]:
    """The running totals' rows computed from the big tables: what every read would cost without them."""
    v, m = Vehicle, Member
    vkeys = (v.status, v.is_received, v.is_inspection, v.event_id.is_not(None), v.is_paid, v.is_released,
             v.is_returned)  # fmt: skip
    mkeys = (m.status, m.member_entity, m.is_seller, m.is_buyer)
    vehicles = {
        tuple(k): int(n) for *k, n in await session.execute(select(*vkeys, func.count()).group_by(*vkeys))
    }
    members = {
        tuple(k): int(n) for *k, n in await session.execute(select(*mkeys, func.count()).group_by(*mkeys))
    }
    return vehicles, members


async def running_totals(
    session: AsyncSession,
) -> tuple[dict[tuple[Any, ...], int], dict[tuple[Any, ...], int]]:
    c, mc = VehicleListCount, MemberListCount
    vcols = (c.status, c.is_received, c.is_inspection, c.assigned, c.is_paid, c.is_released, c.is_returned)
    vehicles = {tuple(k): int(n) for *k, n in await session.execute(select(*vcols, c.vehicles)) if n}
    mcols = (mc.status, mc.member_entity, mc.is_seller, mc.is_buyer)
    members = {tuple(k): int(n) for *k, n in await session.execute(select(*mcols, mc.members)) if n}
    return vehicles, members


async def time_case(
    maker: async_sessionmaker[AsyncSession], call: Timed, runs: int, warmup: int
) -> list[float]:
    seconds: list[float] = []
    for i in range(warmup + runs):
        started = time.perf_counter()
        async with maker() as session:
            await call(session)
            await session.commit()
        if i >= warmup:
            seconds.append(time.perf_counter() - started)
    return seconds


async def explain_totals(
    maker: async_sessionmaker[AsyncSession], principal: Principal, engine: Any
) -> list[str]:
    """Each statement of one dashboard-totals call, run again under EXPLAIN (ANALYZE, BUFFERS)."""
    seen: list[tuple[str, Any]] = []

    def record(conn: Any, cursor: Any, sql: str, params: Any, context: Any, executemany: bool) -> None:
        seen.append((sql, params))

    event.listen(engine.sync_engine, "before_cursor_execute", record)
    async with maker() as session:
        await dashboard_totals(session, principal)
    event.remove(engine.sync_engine, "before_cursor_execute", record)
    lines = []
    async with engine.connect() as conn:
        raw = await conn.get_raw_connection()
        async with raw.driver_connection.cursor() as cur:
            for sql, params in seen:
                await cur.execute("EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) " + sql, params)
                plan = [row[0] for row in await cur.fetchall()]
                first = " ".join(sql.split())[:90]
                lines.append(f"  {first}\n    " + "\n    ".join(p for p in plan if "Time" in p or "->" in p
                                                               or p is plan[0]))  # fmt: skip
        await raw.driver_connection.rollback()
    return lines


async def run(url: str, runs: int, warmup: int, grouped_runs: int) -> None:
    async_url = normalise_database_url(url)
    upgrade(async_url)  # the bench database follows the migrations
    engine = make_engine(async_url)
    maker = async_sessionmaker(engine, expire_on_commit=False)
    principal = await super_admin(maker)
    load_start = os.getloadavg()[0]
    async with maker() as session:
        sizes = (
            await session.execute(
                text("SELECT (SELECT count(*) FROM vehicle), (SELECT count(*) FROM member)")
            )
        ).one()

    async def totals(session: AsyncSession) -> Any:
        return await dashboard_totals(session, principal)

    async def top_bar(session: AsyncSession) -> Any:
        return await badges.members_pending(session), await badges.vehicles_pending(session)

    cases: list[tuple[str, Timed, int, int]] = [
        ("dashboard totals", totals, runs, warmup),
        ("top bar badges", top_bar, runs, warmup),
        ("review list cards", vehicle_counts.counts, runs, warmup),
        ("grouped count (no running totals)", grouped_counts, grouped_runs, 1),
    ]
    now = datetime.now(UTC)
    print(f"\ndashboard totals at {now:%Y-%m-%d %H:%M} UTC on {sizes[0]:,} vehicles and {sizes[1]:,} members")
    head = f"{'case':<36} {'runs':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  target"
    print(head)
    print("-" * (len(head) + 10))
    for name, call, n, warm in cases:
        seconds = await time_case(maker, call, n, warm)
        p50, p95, top = pct(seconds, 50) * 1000, pct(seconds, 95) * 1000, max(seconds) * 1000
        verdict = "-" if name.startswith("grouped") else ("ok" if p95 < BUDGET_P95_MS else "MISS")
        print(f"{name:<36} {n:>5} {p50:>8.1f} {p95:>8.1f} {top:>8.1f}  {verdict} (p95 < {BUDGET_P95_MS:.0f})")
    print(
        f"load average at start {load_start:.2f}, at end {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )

    async with maker() as session:
        kept, counted = await running_totals(session), await grouped_counts(session)
        shown = await dashboard_totals(session, principal)
    agree = kept == counted
    print(f"\nrunning totals equal the grouped counts row for row: {'yes' if agree else 'NO'}")
    assert shown.vehicles is not None and shown.members is not None
    pending = sum(n for key, n in counted[0].items() if key[0] == "pending")
    print(
        f"vehicles waiting for review: {shown.vehicles.review_total:,}"
        f" (vehicles with status pending: {pending:,})"
    )
    print(f"members pending: {shown.members.total_pending:,}")
    print("\nEXPLAIN (ANALYZE, BUFFERS) of one dashboard-totals call:")
    print("\n".join(await explain_totals(maker, principal, engine)))
    await engine.dispose()
    if not agree:
        raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--grouped-runs", type=int, default=5, help="runs of the slow grouped count")
    args = parser.parse_args()
    connect_handlers()  # the services run without create_app: their domain events' reactions connected first
    asyncio.run(run(args.database_url, args.runs, args.warmup, args.grouped_runs))


if __name__ == "__main__":
    main()
