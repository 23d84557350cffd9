"""The statement's queries: a member's entries of a period or a kind, with the numbers a person reads (the
document, the transaction, the lot) joined from the invoices, payments and vehicles."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from gavel.core.paging import count_of
from gavel.invoices.models import Invoice
from gavel.ledger.models import LedgerEntry
from gavel.payments.models import Payment
from gavel.vehicles.models import Vehicle


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


async def matching(session: AsyncSession, stmt: Select[Any]) -> int:
    return await count_of(session, stmt.with_only_columns(LedgerEntry.id))


def _with_documents(stmt: Select[Any]) -> Select[Any]:
    """The entries with the numbers a person reads: the document, the transaction and the vehicle's lot."""
    document = aliased(Invoice)
    return (
        stmt.add_columns(document.number, Payment.transaction_id, Vehicle.vehicle_lot_number)
        .outerjoin(document, document.id == LedgerEntry.invoice_id)
        .outerjoin(Payment, Payment.id == LedgerEntry.payment_id)
        .outerjoin(Vehicle, Vehicle.id == LedgerEntry.vehicle_id)
    )


async def page_with_documents(
    session: AsyncSession, stmt: Select[Any], offset: int, limit: int
) -> tuple[list[Any], int]:
    """A page of entries, newest first, each with its document number, transaction id and lot."""
    total = await matching(session, stmt)
    ordered = _with_documents(stmt).order_by(LedgerEntry.sequence.desc()).offset(offset).limit(limit)
    return list((await session.execute(ordered)).all()), total


async def all_with_documents(session: AsyncSession, stmt: Select[Any], limit: int) -> list[Any]:
    """Every matching entry (at most `limit`), oldest first, with its document numbers."""
    ordered = _with_documents(stmt).order_by(LedgerEntry.sequence).limit(limit)
    return list((await session.execute(ordered)).all())


async def before(session: AsyncSession, member_id: str, moment: datetime) -> LedgerEntry | None:
    """The member's last entry before a moment: the opening balances of a statement."""
    stmt = (
        select(LedgerEntry)
        .where(LedgerEntry.member_id == member_id, LedgerEntry.at < moment)
        .order_by(LedgerEntry.sequence.desc())
        .limit(1)
    )
    return (await session.scalars(stmt)).one_or_none()
