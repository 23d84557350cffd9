"""Every query of the ledger."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import count_of
from gavel.ledger.models import LedgerEntry
from gavel.members.models import Member


async def lock_member(session: AsyncSession, member_id: str) -> Member | None:
    """The member's row, locked until commit: the member's ledger entries are written one at a time.

    FOR NO KEY UPDATE, not FOR UPDATE: a vehicle sold to the member takes a key-share lock on the member's row
    (its foreign key) before the vehicle counts' trigger runs, and FOR UPDATE would wait on it while that sale
    waits on this transaction's counts row (a deadlock seen with concurrent sales to one buyer)."""
    stmt = select(Member).where(Member.id == member_id).with_for_update(of=Member, key_share=True)
    return (await session.scalars(stmt)).unique().one_or_none()


async def last_entry(session: AsyncSession, member_id: str) -> LedgerEntry | None:
    stmt = (
        select(LedgerEntry)
        .where(LedgerEntry.member_id == member_id)
        .order_by(LedgerEntry.sequence.desc())
        .limit(1)
    )
    return (await session.scalars(stmt)).one_or_none()


def filtered(
    member_id: str, *, kinds: Sequence[str] | None, since: datetime | None, until: datetime | None
) -> Select[Any]:
    stmt = select(LedgerEntry).where(LedgerEntry.member_id == member_id)
    if kinds:
        stmt = stmt.where(LedgerEntry.kind.in_(list(kinds)))
    if since:
        stmt = stmt.where(LedgerEntry.at >= since)
    if until:
        stmt = stmt.where(LedgerEntry.at < until)
    return stmt


async def page(
    session: AsyncSession, stmt: Select[Any], offset: int, limit: int
) -> tuple[list[LedgerEntry], int]:
    total = await count_of(session, stmt.with_only_columns(LedgerEntry.id))
    rows = await session.scalars(stmt.order_by(LedgerEntry.sequence.desc()).offset(offset).limit(limit))
    return list(rows.all()), total


async def all_of(session: AsyncSession, stmt: Select[Any], limit: int) -> list[LedgerEntry]:
    return list((await session.scalars(stmt.order_by(LedgerEntry.sequence).limit(limit))).all())


async def before(session: AsyncSession, member_id: str, moment: datetime) -> LedgerEntry | None:
    """The member's last entry before a moment: the opening balances of a statement."""
    stmt = (
        select(LedgerEntry)
        .where(LedgerEntry.member_id == member_id, LedgerEntry.at < moment)
        .order_by(LedgerEntry.sequence.desc())
        .limit(1)
    )
    return (await session.scalars(stmt)).one_or_none()


async def members_with_entries(session: AsyncSession) -> list[str]:
    return list(await session.scalars(select(LedgerEntry.member_id).distinct()))


async def entries_of(session: AsyncSession, member_id: str) -> list[LedgerEntry]:
    stmt = select(LedgerEntry).where(LedgerEntry.member_id == member_id).order_by(LedgerEntry.sequence)
    return list((await session.scalars(stmt)).all())


async def count(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(LedgerEntry)) or 0)
