"""The clock's expiry's query: the open approvals past their deadline, but the lots this run has already
tried (left out in the SQL, before the LIMIT, so that a batch of lots that failed never hides the ones
after it)."""

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidding.approval.models import LotApproval
from gavel.bidding.approval.rules import OPEN


async def past_deadline_but(
    session: AsyncSession, now: datetime, limit: int, tried: Collection[str]
) -> list[str]:
    """The lots whose approval is still open at `now`, past its deadline, none of `tried`, oldest deadline
    first (the status and deadline index)."""
    stmt = (
        select(LotApproval.lot_id)
        .where(LotApproval.status.in_(sorted(status.value for status in OPEN)), LotApproval.deadline <= now)
        .order_by(LotApproval.deadline, LotApproval.id)
        .limit(limit)
    )
    if tried:
        stmt = stmt.where(LotApproval.lot_id.not_in(sorted(tried)))
    return list((await session.execute(stmt)).scalars())
