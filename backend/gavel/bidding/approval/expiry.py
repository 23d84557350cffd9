"""The clock's work on lots on approval: each one still open past its deadline becomes a no-sale (the
vehicle back with the approved unassigned ones). Each lot in a transaction of its own, holding its row: safe
with several app processes (the second to hold the lot finds it expired and changes nothing), idempotent,
and catching up after downtime (every approval past its deadline is found).

A lot that fails (the clerk's path refuses it, or anything else goes wrong) has its own transaction rolled
back, is logged by its id only and is left out of the rest of the run in the query itself, so that it never
holds up the lots after it; the next run tries it again."""

import logging

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.bidding.approval import repository, service
from gavel.core.clock import Clock
from gavel.errors import AppError

log = logging.getLogger("gavel.jobs")

BATCH = 100


async def expire_due(maker: async_sessionmaker[AsyncSession], clock: Clock) -> int:
    """Every approval past its deadline made a no-sale; how many this call expired. One the clerk's path
    refuses (its event completed since) is logged and left for staff, as is one that fails otherwise: both
    are found again at the next tick."""
    expired = 0
    tried: set[str] = set()
    while True:
        async with maker() as session:
            due = await repository.past_deadline(session, clock.now(), BATCH, tried)
        for lot_id in due:
            tried.add(lot_id)
            if await _expired(maker, lot_id, clock):
                expired += 1
        if len(due) < BATCH:
            return expired


async def _expired(maker: async_sessionmaker[AsyncSession], lot_id: str, clock: Clock) -> bool:
    """The lot's approval expired in its own transaction; False if it was not due or it failed (rolled
    back). The log names the lot only: a refusal's sentence may name a member."""
    async with maker() as session:
        try:
            done = await service.expire(session, lot_id, clock.now())
            await session.commit()
            return done
        except AppError as refused:
            await session.rollback()
            log.warning("approval not expired", extra={"lot": lot_id, "status": refused.status_code})
        except Exception as failure:
            await session.rollback()
            # (no trace: an error's text may carry a member's data)
            error = type(failure).__name__
            log.error(
                "approval expiry failed; tried again at the next tick", extra={"lot": lot_id, "error": error}
            )
        return False
