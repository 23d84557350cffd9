"""A lot's clock stopped and started again by a lane's pause, under the lot's lock, each with its numbered lot
event ('paused', 'resumed'), timed once the lock is held (as a bid is: `bidding.service.placed_bid`)."""

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidding import repository
from gavel.bidding.lot import LotState
from gavel.bidding.move_time import MoveTime, time_of
from gavel.bidding.writes_repository import LotWrites
from gavel.errors import NotFound


async def stop(session: AsyncSession, lot_id: str, when: MoveTime) -> float | None:
    """The open lot's clock stopped: the seconds it had left (none if the lot is no longer open)."""
    row = await repository.lot_by_id(session, lot_id, lock=True)
    if row is None:
        raise NotFound("This lot does not exist.")
    now = time_of(when)
    if row.state != LotState.OPEN.value:
        return None
    left = max(0.0, (row.clock_ends_at - now).total_seconds()) if row.clock_ends_at is not None else 0.0
    writes = LotWrites(session, row)
    writes.set(clock_ends_at=None)
    writes.event("paused", {"remainingSeconds": left}, now)
    await writes.send()
    return left


async def start(session: AsyncSession, lot_id: str, when: MoveTime, left: float) -> datetime | None:
    """The lot's clock running again with the seconds it had left; when a bid came during the pause (its
    clock started again), the full counter-bid time at least. None if the lot is no longer open."""
    row = await repository.lot_by_id(session, lot_id, lock=True)
    if row is None:
        raise NotFound("This lot does not exist.")
    now = time_of(when)
    if row.state != LotState.OPEN.value:
        return None
    seconds = left if row.clock_ends_at is None else max(left, float(row.counter_bid_seconds))
    clock_ends_at = now + timedelta(seconds=seconds)
    writes = LotWrites(session, row)
    writes.set(clock_ends_at=clock_ends_at)
    writes.event("resumed", {"clockEndsAt": clock_ends_at.isoformat()}, now)
    await writes.send()
    return clock_ends_at
