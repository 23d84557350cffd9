"""The ledger check's queries: every entry in order, and the sums of the documents (invoices, credit notes,
settlements, payments, payouts, refunds) that the balances must equal."""

from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.models import Invoice, InvoiceLine
from gavel.ledger.models import LedgerEntry
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.vehicles.models import Vehicle


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
