"""The clock's work on lots on approval: each one still open past its deadline becomes a no-sale (the
vehicle back with the approved unassigned ones). Each lot in a transaction of its own, holding its row: safe
with several app processes (the second to hold the lot finds it expired and changes nothing), idempotent,
and catching up after downtime (every approval past its deadline is found)."""

import logging

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.bidding.approval import repository, service
from gavel.core.clock import Clock
from gavel.errors import AppError

log = logging.getLogger("gavel.jobs")

BATCH = 100


async def expire_due(maker: async_sessionmaker[AsyncSession], clock: Clock) -> int:
    """Every approval past its deadline made a no-sale; how many this call expired. One the clerk's path
    refuses (its event completed since) is logged and left for staff: it is found again at the next tick."""
    expired = 0
    refused: set[str] = set()
    while True:
        async with maker() as session:
            due = [
                lot
                for lot in await repository.past_deadline(session, clock.now(), BATCH)
                if lot not in refused
            ]
        for lot_id in due:
            async with maker() as session:
                try:
                    if await service.expire(session, lot_id, clock.now()):
                        expired += 1
                    await session.commit()
                except AppError as error:
                    await session.rollback()
                    refused.add(lot_id)
                    log.warning("approval not expired", extra={"lot": lot_id, "reason": str(error)})
        if len(due) < BATCH:
            return expired
