"""The queries that write the ledger: the member's row locked, their last entry (the statements and the
ledger check read it in gavel.statements)."""

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.ledger.models import LedgerEntry
from gavel.members.models import Member

# Built once: every ledger entry locks its member (a bid locks the row by bidding.repository.bidder_locked).
_LOCKED_MEMBER = (
    select(Member)
    .where(Member.id == bindparam("member_id"))
    .with_for_update(of=Member, key_share=True)
    .execution_options(populate_existing=True)
)


async def lock_member(session: AsyncSession, member_id: str) -> Member | None:
    """The member's row, locked until commit: the member's ledger entries are written one at a time.

    FOR NO KEY UPDATE, not FOR UPDATE: a vehicle sold to the member takes a key-share lock on the member's row
    (its foreign key) before the vehicle counts' trigger runs, and FOR UPDATE would wait on it while that sale
    waits on this transaction's counts row (a deadlock seen with concurrent sales to one buyer).

    Refreshed from the locked row: the member may have been read earlier in this session, before another
    transaction changed (say) their deposit and released the lock."""
    return (await session.scalars(_LOCKED_MEMBER, {"member_id": member_id})).unique().one_or_none()


async def last_entry(session: AsyncSession, member_id: str) -> LedgerEntry | None:
    stmt = (
        select(LedgerEntry)
        .where(LedgerEntry.member_id == member_id)
        .order_by(LedgerEntry.sequence.desc())
        .limit(1)
    )
    return (await session.scalars(stmt)).one_or_none()
