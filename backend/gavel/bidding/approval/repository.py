"""Every query of the lots on approval: one lot's approval (read afresh under the lot's lock), the list by
status with each one's history in one more query, the ones past their deadline and the staff's names."""

from collections import defaultdict
from collections.abc import Collection
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidding.approval.models import LotApproval, LotApprovalStep
from gavel.bidding.approval.rules import OPEN, Status
from gavel.bidding.models import LotRow
from gavel.users.models import User


async def of_lot(session: AsyncSession, lot_id: str) -> LotApproval | None:
    """The lot's approval, read afresh: the caller holds the lot's row, which every change of it holds too."""
    stmt = select(LotApproval).where(LotApproval.lot_id == lot_id).execution_options(populate_existing=True)
    return (await session.execute(stmt)).scalar_one_or_none()


async def listed(session: AsyncSession, statuses: Collection[Status]) -> list[tuple[LotApproval, LotRow]]:
    """The approvals with these statuses and their lots: the open ones by deadline (the soonest first), the
    answered ones the latest answered first."""
    values = sorted(status.value for status in statuses)
    stmt = (
        select(LotApproval, LotRow)
        .join(LotRow, LotRow.id == LotApproval.lot_id)
        .where(LotApproval.status.in_(values))
        .order_by(LotApproval.deadline, LotApproval.id)
    )
    found = [(row[0], row[1]) for row in (await session.execute(stmt)).all()]
    if not set(values) & {status.value for status in OPEN}:
        found.sort(key=lambda pair: pair[0].decided_at or pair[0].deadline, reverse=True)
    return found


async def steps_of(session: AsyncSession, approval_ids: Collection[str]) -> dict[str, list[LotApprovalStep]]:
    """Each approval's steps in order, in one query."""
    found: dict[str, list[LotApprovalStep]] = defaultdict(list)
    if approval_ids:
        stmt = (
            select(LotApprovalStep)
            .where(LotApprovalStep.approval_id.in_(sorted(approval_ids)))
            .order_by(LotApprovalStep.approval_id, LotApprovalStep.sequence)
        )
        for step in (await session.execute(stmt)).scalars():
            found[step.approval_id].append(step)
    return found


async def past_deadline(
    session: AsyncSession, now: datetime, limit: int, tried: Collection[str] = ()
) -> list[str]:
    """The lots whose approval is still open at `now`, past its deadline, oldest deadline first (the status
    and deadline index), but those of `tried`: left out in the SQL, before the LIMIT, so that a batch of lots
    that failed never hides the ones after it."""
    stmt = (
        select(LotApproval.lot_id)
        .where(LotApproval.status.in_(sorted(status.value for status in OPEN)), LotApproval.deadline <= now)
        .order_by(LotApproval.deadline, LotApproval.id)
        .limit(limit)
    )
    if tried:
        stmt = stmt.where(LotApproval.lot_id.not_in(sorted(tried)))
    return list((await session.execute(stmt)).scalars())


async def user_name(session: AsyncSession, user_id: str | None) -> str | None:
    if user_id is None:
        return None
    return (await session.execute(select(User.full_name).where(User.id == user_id))).scalar_one_or_none()
