"""The Online lanes' runner: each lane opens its lots in run order, closes each once its clock has run out
with no new bid, waits `BETWEEN_LOTS` and opens the next, and finishes when no lot waits.

Exactly one app process runs a lane's clock: the holder of its lease (`LEASE`, renewed by every tick, at
most `RENEW_EVERY` apart), so that when the holder dies another process takes the lane over within
LEASE + RENEW_EVERY. Each lane moves in a transaction of its own holding the lane's row, the lease checked
again under it; closing re-reads the lot's clock under the lot's lock (`close_lot(when_due=True)`: never
early, and a bid that moved the clock on is seen), so a lane moved twice changes nothing. A close the
results path refuses pauses the lane with the reason for staff (`refused_close`), never retried by itself.
"""

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.repository import Actor
from gavel.bidding import repository as lots
from gavel.bidding import service
from gavel.bidding.lanes import repository
from gavel.bidding.lanes.models import LaneRun
from gavel.bidding.lanes.refused_close import pause_for_refusal
from gavel.bidding.live.broadcaster import lane_changed
from gavel.bidding.lot import LotState
from gavel.bidding.models import LotRow
from gavel.bidding.move_time import MoveTime, time_of
from gavel.core.clock import Clock
from gavel.errors import AppError

log = logging.getLogger("gavel.bidding.lanes")

LEASE = timedelta(seconds=3)
RENEW_EVERY = 1.0  # seconds: the longest a tick waits, so a held lease never runs out
BETWEEN_LOTS = timedelta(seconds=5)
STEPS_AT_ONCE = 8  # lanes due together move side by side, each in its own transaction and connection
# Who closes an Online lane's lots in the audit trail.
RUNNER = Actor(id=None, email="system (online lane)", ip=None)


@dataclass(frozen=True)
class Moved:
    """What a lane's step did: the lane's new state when it changed (watchers are told), and its next wake."""

    state: str | None
    wake_at: datetime | None


async def start_due_lanes(session: AsyncSession, now: datetime) -> int:
    """Lane runs made for the Online events whose start has come (their lots made first); how many."""
    due = await repository.due_online_lanes(session, now)
    for event_id in dict.fromkeys(event for _, event in due):
        await service.ensure_lots(session, event_id)
    await repository.add_missing(session, [(lane, event, "online") for lane, event in due], now)
    return len(due)


async def step(session: AsyncSession, lane_id: str, holder: str, when: MoveTime) -> Moved:
    """One move of a lane this holder leases: close its lot when due, open the next one when its wait is
    over, or finish the lane. Nothing if the lease is no longer this holder's or the lane is paused. Given the
    clock, a close or an open is timed under its lot's lock (`service.close_lot`), as the lot's bids are."""
    now = time_of(when)
    run = await repository.lane_run(session, lane_id, lock=True)
    if run is None or not repository.holds(run, holder, now) or run.state not in repository.RUNNING_STATES:
        return Moved(None, None)
    before = run.state
    current = await repository.open_lot_of_lane(session, lane_id)
    if current is None and run.current_lot_id is not None:
        current = await lots.lot_by_id(session, run.current_lot_id)
    if current is not None and current.state == LotState.OPEN.value:
        lot_id = run.current_lot_id = current.id
        closed = await _closed_when_due(session, lot_id, when)
        if isinstance(closed, AppError):  # (the rows the close touched are expired: ids read before)
            paused = await pause_for_refusal(session, lane_id, lot_id, closed, when, RUNNER)
            return Moved(paused.state, None)  # the pause told the watchers; the lane waits for staff
        if closed.state == LotState.OPEN.value:
            return await _moved(
                session, run, before, closed.clock_ends_at or now + timedelta(seconds=RENEW_EVERY)
            )
        current = closed
    if current is not None:
        run.next_open_at = _next_open_at(run.next_open_at, current.closed_at, now)
    if run.next_open_at is not None and run.next_open_at > now:
        return await _moved(session, run, before, run.next_open_at)
    waiting = await repository.next_waiting_lot(session, lane_id)
    if waiting is None and not await repository.lots_of_lane(session, lane_id):
        await service.ensure_lots(session, run.event_id)  # a lane paused before its start: lots not made yet
        waiting = await repository.next_waiting_lot(session, lane_id)
    if waiting is None:
        run.state = "finished"
        run.next_open_at = None
        run.lease_holder = None
        run.lease_expires_at = None
        return await _moved(session, run, before, None)
    opened = await service.open_lot(session, waiting.id, when)
    run.current_lot_id = opened.id
    run.next_open_at = None
    run.state = "running"
    return await _moved(session, run, before, opened.clock_ends_at)


def _next_open_at(kept: datetime | None, closed_at: datetime | None, now: datetime) -> datetime:
    """When the next lot opens: BETWEEN_LOTS after the close the runner sees, whoever closed or opened the lot
    (a wait kept from an earlier lot, one staff opened by hand, never cuts it short); a longer wait kept (a
    pause's, resumed) stands. A lot gone without a close time: BETWEEN_LOTS from now, once."""
    if closed_at is None:
        return kept or now + BETWEEN_LOTS
    after_close = closed_at + BETWEEN_LOTS
    return after_close if kept is None or kept < after_close else kept


async def _closed_when_due(session: AsyncSession, lot_id: str, when: MoveTime) -> LotRow | AppError:
    """The lot after closing it if its clock has run out (read under its lock), or the refusal of the clerk's
    path (nothing of the close kept: its savepoint rolled back)."""
    try:
        async with session.begin_nested():
            return await service.close_lot(session, lot_id, when, RUNNER, when_due=True)
    except AppError as refused:
        return refused


async def _moved(session: AsyncSession, run: LaneRun, before: str, wake_at: datetime | None) -> Moved:
    """The lane's next wake kept; a new state goes to the event's sockets when the step commits."""
    run.wake_at = wake_at
    if run.state == before:
        return Moved(None, wake_at)
    await lane_changed(session, run.event_id, run.lane_id, run.state)
    return Moved(run.state, wake_at)


async def renew(
    maker: async_sessionmaker[AsyncSession], now: datetime, holder: str
) -> list[tuple[LaneRun, str | None]]:
    """The runner's upkeep in process `holder`: its row of the runners alive renewed, Online lanes started
    when due, their leases taken or renewed (at most its share of them); answers the lanes it holds, each
    with its current lot's state."""
    async with maker() as session:
        runners = await repository.runner_alive(session, holder, now, now + LEASE)
        await start_due_lanes(session, now)
        await repository.take_leases(session, holder, now, LEASE, runners)
        await session.commit()
    async with maker() as session:
        return await repository.held(session, holder, now)


async def tick(maker: async_sessionmaker[AsyncSession], clock: Clock, holder: str) -> float:
    """One whole turn of the runner in process `holder`: its upkeep (`renew`), then every held lane whose
    wake time has come moved. Answers the seconds until the next thing to do (a lot's clock, a next lot, or
    the lease's renewal). The served app's runner (`scheduler.LaneScheduler`) does the same with each lane
    moved at its own time."""
    now = clock.now()
    runs = await renew(maker, now, holder)
    due = [r.lane_id for r, lot_state in sorted(runs, key=_earliest) if is_due(r, lot_state, now)]
    wakes = [r.wake_at for r, lot_state in runs if r.wake_at is not None and not is_due(r, lot_state, now)]
    at_once = asyncio.Semaphore(STEPS_AT_ONCE)

    async def moved_now(lane_id: str) -> Moved | None:
        async with at_once:
            return await step_alone(maker, lane_id, holder, clock)

    for moved in await asyncio.gather(*(moved_now(lane_id) for lane_id in due)):
        if moved is not None and moved.wake_at is not None:
            wakes.append(moved.wake_at)
    later = clock.now()
    seconds = [RENEW_EVERY] + [max(0.0, (w - later).total_seconds()) for w in wakes]
    return min(seconds)


def _earliest(held: tuple[LaneRun, str | None]) -> datetime:
    return held[0].wake_at or datetime.min.replace(tzinfo=UTC)


def is_due(run: LaneRun, lot_state: str | None, now: datetime) -> bool:
    """The lane has something to do: its wake time has come, or its lot was closed or withdrawn early."""
    if run.wake_at is None or run.wake_at <= now:
        return True
    return run.next_open_at is None and lot_state is not None and lot_state != LotState.OPEN.value


async def step_alone(
    maker: async_sessionmaker[AsyncSession], lane_id: str, holder: str, when: MoveTime
) -> Moved | None:
    """The lane's step committed on its own: a failing lane stops neither the others nor the runner."""
    try:
        async with maker() as session:
            moved = await step(session, lane_id, holder, when)
            await session.commit()
            return moved
    except Exception:
        log.exception("an online lane's step failed; tried again at the next tick", extra={"lane": lane_id})
        return None
