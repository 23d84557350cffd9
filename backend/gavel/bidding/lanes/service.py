"""Staff's pause and resume of a lane (Live or Online), in the caller's transaction: the lane's row held,
the open lot's clock stopped or started again under the lot's lock, and who did it kept in the audit log
(against the auction event, the lane named in the record: bidding/audit_words.py)."""

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.schemas import AuctionType
from gavel.auctions.service import auction_service
from gavel.audit.repository import Actor, record_change
from gavel.bidding.lanes import lot_clock, repository
from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.live.broadcaster import lane_changed
from gavel.bidding.lot import LotState
from gavel.bidding.move_time import MoveTime, time_of
from gavel.errors import Conflict, NotFound


async def held_lane_run(session: AsyncSession, lane_id: str, now: datetime) -> LaneRun:
    """The lane's run, locked; made (waiting) when the lane has none yet."""
    lane = await repository.lane(session, lane_id)
    if lane is None:
        raise NotFound("This lane does not exist.")
    run = await repository.lane_run(session, lane_id, lock=True)
    if run is not None:
        return run
    event = await auction_service.event(session, lane.event_id)
    mode = "online" if event.auction.auction_type == AuctionType.ONLINE.value else "live"
    await repository.add_missing(session, [(lane.id, lane.event_id, mode)], now)
    run = await repository.lane_run(session, lane_id, lock=True)
    if run is None:  # pragma: no cover - the row was just written
        raise NotFound("This lane does not exist.")
    return run


async def _finished(session: AsyncSession, run: LaneRun) -> bool:
    """A lane is finished when the runner says so, or when none of its lots waits or is open."""
    if run.state == "finished":
        return True
    lane_lots = await repository.lots_of_lane(session, run.lane_id)
    live = (LotState.WAITING.value, LotState.OPEN.value)
    return bool(lane_lots) and all(lot.state not in live for lot in lane_lots)


async def _audited(session: AsyncSession, actor: Actor, action: str, run: LaneRun, was: str) -> None:
    lane = await repository.lane(session, run.lane_id)
    await record_change(
        session,
        actor,
        action,
        "auction_event",
        run.event_id,
        old={"state": was},
        new={
            "laneId": run.lane_id,
            "laneNumber": lane.lane_number if lane is not None else None,
            "state": run.state,
            "lotId": run.current_lot_id,
            "secondsLeft": run.paused_seconds,
        },
    )


async def pause_lane(session: AsyncSession, lane_id: str, when: MoveTime, actor: Actor) -> LaneRun:
    """The lane paused: its open lot's clock stopped (the seconds left kept, reckoned under the lot's lock),
    or, between an Online lane's lots, the wait before the next one."""
    now = time_of(when)
    run = await held_lane_run(session, lane_id, now)
    if run.state == "paused":
        raise Conflict("This lane is already paused.")
    if await _finished(session, run):
        raise Conflict("This lane has finished: every lot is closed or withdrawn, there is nothing to pause.")
    open_lot = await repository.open_lot_of_lane(session, lane_id)
    seconds: float | None = None
    if open_lot is not None:
        seconds = await lot_clock.stop(session, open_lot.id, when)
        run.current_lot_id = open_lot.id
    elif run.next_open_at is not None:
        seconds = max(0.0, (run.next_open_at - now).total_seconds())
    was = run.resume_state = run.state
    run.paused_seconds = seconds
    run.state = "paused"
    run.next_open_at = None
    run.wake_at = None
    await session.flush()
    await _audited(session, actor, "lane.paused", run, was)
    await lane_changed(session, run.event_id, run.lane_id, run.state)
    return run


async def resume_lane(session: AsyncSession, lane_id: str, when: MoveTime, actor: Actor) -> LaneRun:
    """The lane running again: its open lot's clock with the seconds it had left (from the moment the lot's
    lock is held), or the wait before the next lot with what was left of it."""
    now = time_of(when)
    run = await held_lane_run(session, lane_id, now)
    if run.state != "paused":
        raise Conflict("This lane is not paused; only a paused lane can be resumed.")
    open_lot = await repository.open_lot_of_lane(session, lane_id)
    left = run.paused_seconds or 0.0
    wake: datetime | None = now
    if open_lot is not None:
        run.current_lot_id = open_lot.id
        wake = await lot_clock.start(session, open_lot.id, when, left)
    elif run.paused_seconds is not None:
        run.next_open_at = now + timedelta(seconds=left)
        wake = run.next_open_at
    run.state = run.resume_state or "waiting"
    run.resume_state = None
    run.paused_seconds = None
    run.wake_at = wake
    await session.flush()
    await _audited(session, actor, "lane.resumed", run, "paused")
    await lane_changed(session, run.event_id, run.lane_id, run.state)
    return run
