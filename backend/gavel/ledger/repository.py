"""Every query of the ledger."""

from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Select, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from gavel.core.paging import count_of
from gavel.invoices.models import Invoice, InvoiceLine
from gavel.ledger.models import LedgerEntry
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.vehicles.models import Vehicle


async def lock_member(session: AsyncSession, member_id: str) -> Member | None:
    """The member's row, locked until commit: the member's ledger entries are written one at a time.

    FOR NO KEY UPDATE, not FOR UPDATE: a vehicle sold to the member takes a key-share lock on the member's row
    (its foreign key) before the vehicle counts' trigger runs, and FOR UPDATE would wait on it while that sale
    waits on this transaction's counts row (a deadlock seen with concurrent sales to one buyer).

    Refreshed from the locked row: the member may have been read earlier in this session, before another
    transaction changed (say) their deposit and released the lock."""
    stmt = (
        select(Member)
        .where(Member.id == member_id)
        .with_for_update(of=Member, key_share=True)
        .execution_options(populate_existing=True)
    )
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


async def members_with_entries(session: AsyncSession) -> list[str]:
    return list(await session.scalars(select(LedgerEntry.member_id).distinct()))


async def entries_of(session: AsyncSession, member_id: str) -> list[LedgerEntry]:
    stmt = select(LedgerEntry).where(LedgerEntry.member_id == member_id).order_by(LedgerEntry.sequence)
    return list((await session.scalars(stmt)).all())


async def count(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(LedgerEntry)) or 0)


# ---------------------------------------------------------------------------------------- the ledger check


async def entries_in_order(session: AsyncSession) -> AsyncIterator[LedgerEntry]:
    """Every entry, member by member in the order written, read in batches (never all at once)."""
    stmt = (
        select(LedgerEntry)
        .order_by(LedgerEntry.member_id, LedgerEntry.sequence)
        .execution_options(yield_per=2000)
    )
    async for entry in await session.stream_scalars(stmt):
        yield entry


async def members_held(session: AsyncSession) -> list[Any]:
    """Every member: id, names, member number and the deposit held on their row."""
    stmt = select(
        Member.id,
        Member.first_name,
        Member.last_name,
        Member.company_name,
        Member.member_identity_no,
        Member.deposit_held,
    )
    return list((await session.execute(stmt)).all())


async def invoice_sums(session: AsyncSession) -> list[Any]:
    """Per member, kind and state: the invoices' count and total."""
    stmt = select(Invoice.member_id, Invoice.kind, Invoice.status, func.sum(Invoice.total)).group_by(
        Invoice.member_id, Invoice.kind, Invoice.status
    )
    return list((await session.execute(stmt)).all())


async def payment_sums(session: AsyncSession) -> list[Any]:
    """Per member and every distinction that moves a balance: the payments' total."""
    columns = (
        Payment.member_id,
        Payment.direction,
        Payment.kind,
        Payment.method,
        Payment.confirmation,
        Payment.refund_kind,
    )
    stmt = select(*columns, func.sum(Payment.amount)).group_by(*columns)
    return list((await session.execute(stmt)).all())


async def vehicle_documents(session: AsyncSession) -> list[Any]:
    """Every document of a vehicle (sale invoice, credit note, settlement) with the price on its vehicle line:
    vehicle id, id, number, kind, status, total, credit_for_id, price."""
    price = (
        select(InvoiceLine.invoice_id, func.sum(InvoiceLine.amount).label("price"))
        .where(InvoiceLine.kind == "vehicle")
        .group_by(InvoiceLine.invoice_id)
        .subquery()
    )
    stmt = (
        select(
            Invoice.vehicle_id,
            Invoice.id,
            Invoice.number,
            Invoice.kind,
            Invoice.status,
            Invoice.total,
            Invoice.credit_for_id,
            price.c.price,
        )
        .outerjoin(price, price.c.invoice_id == Invoice.id)
        .where(Invoice.vehicle_id.is_not(None))
        .order_by(Invoice.vehicle_id, Invoice.issued_at, Invoice.number)
    )
    return list((await session.execute(stmt)).all())


async def vehicles_with_documents(session: AsyncSession) -> list[Any]:
    documented = select(Invoice.vehicle_id).where(Invoice.vehicle_id.is_not(None))
    stmt = select(
        Vehicle.id, Vehicle.vehicle_lot_number, Vehicle.status, Vehicle.sold_for, Vehicle.is_paid
    ).where(Vehicle.id.in_(documented))
    return list((await session.execute(stmt)).all())


async def payouts_by_settlement(session: AsyncSession) -> list[Any]:
    """Per settlement and state: how many payouts and their total."""
    columns = (Payment.invoice_id, Payment.confirmation)
    stmt = (
        select(*columns, func.count(), func.sum(Payment.amount))
        .where(Payment.kind == "payout")
        .group_by(*columns)
    )
    return list((await session.execute(stmt)).all())


async def invoices_not_summing_their_lines(session: AsyncSession) -> list[Any]:
    """Documents whose total is not the sum of their lines: number, total, sum of lines."""
    lines = (
        select(InvoiceLine.invoice_id, func.sum(InvoiceLine.total).label("summed"))
        .group_by(InvoiceLine.invoice_id)
        .subquery()
    )
    summed = func.coalesce(lines.c.summed, 0)
    stmt = (
        select(Invoice.number, Invoice.total, summed)
        .outerjoin(lines, lines.c.invoice_id == Invoice.id)
        .where(Invoice.total != summed)
        .order_by(Invoice.number)
    )
    return list((await session.execute(stmt)).all())


async def invoices_not_matching_their_payments(session: AsyncSession) -> list[Any]:
    """Invoices whose paid or pending amount is not what their inbound payments say: number, paid, verified
    payments, pending, pending payments."""
    inbound = Payment.kind == "payment"
    verified = func.sum(case((Payment.confirmation == "Verified", Payment.amount), else_=0))
    pending = func.sum(case((Payment.confirmation == "Pending", Payment.amount), else_=0))
    paid = (
        select(Payment.invoice_id, verified.label("verified"), pending.label("pending"))
        .where(inbound)
        .group_by(Payment.invoice_id)
        .subquery()
    )
    by_payments = func.coalesce(paid.c.verified, 0)
    waiting = func.coalesce(paid.c.pending, 0)
    stmt = (
        select(Invoice.number, Invoice.paid_amount, by_payments, Invoice.pending_amount, waiting)
        .outerjoin(paid, paid.c.invoice_id == Invoice.id)
        .where(
            Invoice.kind.in_(["invoice", "deposit", "penalty"]),
            (Invoice.paid_amount != by_payments) | (Invoice.pending_amount != waiting),
        )
        .order_by(Invoice.number)
    )
    return list((await session.execute(stmt)).all())
