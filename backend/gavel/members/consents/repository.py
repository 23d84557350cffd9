"""Every query of consent records: the member's row locked, their records, the next number, a staff name."""

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.members.consents.models import ConsentRecord
from gavel.members.models import Member
from gavel.users.models import User


async def lock_member(session: AsyncSession, member_id: str) -> Member | None:
    """The member's row, locked until commit, so that one member's records are written one at a time and each
    is checked against the state the one before left. FOR NO KEY UPDATE, as the ledger locks the same row (a
    sale's foreign key takes a key-share lock on it). Refreshed from the locked row: the member may have been
    read earlier in this session, before another transaction recorded a consent and released the lock. On
    SQLite every transaction begins IMMEDIATE, so writers take turns anyway."""
    stmt = (
        select(Member)
        .where(Member.id == member_id)
        .with_for_update(of=Member, key_share=True)
        .execution_options(populate_existing=True)
    )
    return (await session.scalars(stmt)).unique().one_or_none()


async def next_sequence(session: AsyncSession, member_id: str) -> int:
    last = await session.scalar(
        select(func.max(ConsentRecord.sequence)).where(ConsentRecord.member_id == member_id)
    )
    return int(last or 0) + 1


async def of_member(session: AsyncSession, member_id: str) -> list[ConsentRecord]:
    """The member's records, newest first (records of the same instant: the later written first)."""
    stmt = (
        select(ConsentRecord)
        .where(ConsentRecord.member_id == member_id)
        .order_by(ConsentRecord.at.desc(), ConsentRecord.sequence.desc())
    )
    return list((await session.scalars(stmt)).all())


async def staff_name(session: AsyncSession, user_id: str) -> str | None:
    return await session.scalar(select(User.full_name).where(User.id == user_id))
