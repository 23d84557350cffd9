"""The lane runs' queries: a lane's row (made when missing), the Online events due to run, the leases, and
the lane's lots in run order."""

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction, AuctionEvent, Lane
from gavel.auctions.schemas import AuctionStatus, AuctionType
from gavel.bidding.lanes.models import LaneRun, LaneRunner
from gavel.bidding.lot import LotState
from gavel.bidding.models import LotRow
from gavel.db import new_id, utcnow

RUNNING_STATES = ("waiting", "running")
# A lane let go to a newcomer is never one whose next move is sooner than this: the newcomer takes it at its
# next tick, at most a second later.
HANDOVER = timedelta(seconds=3)
FORGET_RUNNERS_AFTER = timedelta(minutes=10)  # a dead runner's row is deleted after this


async def lane_run(session: AsyncSession, lane_id: str, *, lock: bool = False) -> LaneRun | None:
    stmt = select(LaneRun).where(LaneRun.lane_id == lane_id)
    if lock:
        stmt = stmt.with_for_update().execution_options(populate_existing=True)
    return (await session.execute(stmt)).scalar_one_or_none()


async def runs_of_event(session: AsyncSession, event_id: str) -> dict[str, LaneRun]:
    """The event's lane runs by lane id."""
    stmt = select(LaneRun).where(LaneRun.event_id == event_id)
    return {r.lane_id: r for r in (await session.execute(stmt)).scalars()}


async def add_missing(session: AsyncSession, lanes: list[tuple[str, str, str]], now: datetime) -> None:
    """A waiting lane run for each (lane id, event id, mode) that has none; a run made meanwhile by another
    process is kept (the lane is unique)."""
    if not lanes:
        return
    values = [
        {
            "id": new_id(),
            "lane_id": lane,
            "event_id": event,
            "mode": mode,
            "state": "waiting",
            "created_at": utcnow(),
            "updated_at": utcnow(),
        }
        for lane, event, mode in lanes
    ]
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    await session.execute(insert(LaneRun).values(values).on_conflict_do_nothing(index_elements=["lane_id"]))


async def due_online_lanes(session: AsyncSession, now: datetime) -> list[tuple[str, str]]:
    """(lane id, event id) of the published Online auctions' events whose start has come, not completed, whose
    lanes have no lane run yet."""
    stmt = (
        select(Lane.id, Lane.event_id)
        .join(AuctionEvent, AuctionEvent.id == Lane.event_id)
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .outerjoin(LaneRun, LaneRun.lane_id == Lane.id)
        .where(
            Auction.auction_type == AuctionType.ONLINE.value,
            Auction.status == AuctionStatus.PUBLISH.value,
            AuctionEvent.status == "publish",
            AuctionEvent.start_at <= now,
            LaneRun.id.is_(None),
        )
        .order_by(AuctionEvent.start_at, Lane.lane_number)
    )
    return [(lane, event) for lane, event in (await session.execute(stmt)).all()]


async def runner_alive(session: AsyncSession, holder: str, now: datetime, until: datetime) -> int:
    """This runner's row renewed until `until` (made at its first tick), the rows of runners dead for a while
    deleted; answers how many runners are alive now, this one included."""
    renewed = await session.execute(
        update(LaneRunner)
        .where(LaneRunner.holder == holder)
        .values(alive_until=until)
        .execution_options(synchronize_session=False)
    )
    if not getattr(renewed, "rowcount", 0):
        session.add(LaneRunner(holder=holder, alive_until=until))
        await session.flush()
    await session.execute(
        delete(LaneRunner)
        .where(LaneRunner.alive_until < now - FORGET_RUNNERS_AFTER)
        .execution_options(synchronize_session=False)
    )
    alive = select(func.count()).select_from(LaneRunner).where(LaneRunner.alive_until > now)
    return max(1, int((await session.execute(alive)).scalar_one()))


async def take_leases(
    session: AsyncSession, holder: str, now: datetime, lease: timedelta, runners: int = 1
) -> list[str]:
    """The Online lanes to run that this holder now holds (taken when free or expired, renewed when its own),
    at most its share: the lanes to run divided by the `runners` alive, rounded up. A holder over its share
    (another runner has come) lets go of the lanes it holds beyond it whose next move is at least HANDOVER
    away, for the newcomer to take at its next tick; one whose lot's clock is about to run out stays.
    The rows are locked first in one order, passing over those another process holds locked right now
    (PostgreSQL SKIP LOCKED: a lane in the middle of its step is not waited for), then written with the
    condition checked again: two processes never hold one lane at once."""
    free = or_(
        LaneRun.lease_holder.is_(None),
        LaneRun.lease_holder == holder,
        LaneRun.lease_expires_at.is_(None),
        LaneRun.lease_expires_at <= now,
    )
    started = select(AuctionEvent.id).where(AuctionEvent.status == "publish", AuctionEvent.start_at <= now)
    to_run = (LaneRun.mode == "online", LaneRun.state.in_(RUNNING_STATES), LaneRun.event_id.in_(started))
    total = (await session.execute(select(func.count()).select_from(LaneRun).where(*to_run))).scalar_one()
    share = -(-int(total) // max(1, runners))
    wanted = (
        select(LaneRun.id, LaneRun.lease_holder, LaneRun.lease_expires_at, LaneRun.wake_at)
        .where(*to_run, free)
        .order_by(LaneRun.id)
        .with_for_update(skip_locked=True)
    )
    rows = (await session.execute(wanted)).all()
    mine = [r for r in rows if r.lease_holder == holder and r.lease_expires_at and r.lease_expires_at > now]
    others = [r for r in rows if r not in mine]
    kept, let_go = _within_share(mine, share, now)
    taken = [r.id for r in others[: max(0, share - len(kept))]]
    if let_go:
        await session.execute(
            update(LaneRun)
            .where(LaneRun.id.in_(let_go), LaneRun.lease_holder == holder)
            .values(lease_holder=None, lease_expires_at=None, updated_at=utcnow())
            .execution_options(synchronize_session=False)
        )
    ids = kept + taken
    if not ids:
        return []
    stmt = (
        update(LaneRun)
        .where(LaneRun.id.in_(ids), free)
        .values(lease_holder=holder, lease_expires_at=now + lease, updated_at=utcnow())
        .returning(LaneRun.lane_id)
        .execution_options(synchronize_session=False)
    )
    return sorted(str(lane) for lane in (await session.execute(stmt)).scalars())


def _within_share(mine: list[Any], share: int, now: datetime) -> tuple[list[str], list[str]]:
    """The ids of the lanes a holder keeps and of those it lets go: beyond its share, the lanes whose next
    move is furthest away, never one due within HANDOVER."""
    if len(mine) <= share:
        return [r.id for r in mine], []
    latest_first = sorted(mine, key=lambda r: r.wake_at or now, reverse=True)
    spare = [r for r in latest_first if r.wake_at is None or r.wake_at > now + HANDOVER]
    let_go = {r.id for r in spare[: len(mine) - share]}
    return [r.id for r in mine if r.id not in let_go], sorted(let_go)


async def held(session: AsyncSession, holder: str, now: datetime) -> list[tuple[LaneRun, str | None]]:
    """The lane runs this holder's lease still covers, waiting or running, each with its current lot's state
    (a lot the clerk closed or withdrew early moves the lane before its clock would have)."""
    stmt = (
        select(LaneRun, LotRow.state)
        .outerjoin(LotRow, LotRow.id == LaneRun.current_lot_id)
        .where(
            LaneRun.lease_holder == holder,
            LaneRun.lease_expires_at > now,
            LaneRun.state.in_(RUNNING_STATES),
        )
    )
    return [(run, state) for run, state in (await session.execute(stmt)).all()]


def holds(run: LaneRun, holder: str, now: datetime) -> bool:
    return run.lease_holder == holder and run.lease_expires_at is not None and run.lease_expires_at > now


async def lots_of_lane(session: AsyncSession, lane_id: str) -> list[LotRow]:
    """The lane's lots in run order."""
    stmt = select(LotRow).where(LotRow.lane_id == lane_id).order_by(LotRow.run_number, LotRow.id)
    return list((await session.execute(stmt)).scalars())


async def open_lot_of_lane(session: AsyncSession, lane_id: str) -> LotRow | None:
    """The lane's open lot (the first in run order should the clerk have opened two)."""
    stmt = (
        select(LotRow)
        .where(LotRow.lane_id == lane_id, LotRow.state == LotState.OPEN.value)
        .order_by(LotRow.run_number, LotRow.id)
        .limit(1)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def next_waiting_lot(session: AsyncSession, lane_id: str) -> LotRow | None:
    """The lane's first waiting lot in run order (withdrawn and closed lots are passed over)."""
    stmt = (
        select(LotRow)
        .where(LotRow.lane_id == lane_id, LotRow.state == LotState.WAITING.value)
        .order_by(LotRow.run_number, LotRow.id)
        .limit(1)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def lane(session: AsyncSession, lane_id: str) -> Lane | None:
    return (await session.execute(select(Lane).where(Lane.id == lane_id))).scalar_one_or_none()
