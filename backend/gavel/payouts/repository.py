"""Every query of settlements, payouts and refunds."""

from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.models import Invoice
from gavel.members.models import Member
from gavel.payments.models import Payment


async def settlement_of_vehicle(session: AsyncSession, vehicle_id: str) -> Invoice | None:
    stmt = select(Invoice).where(
        Invoice.vehicle_id == vehicle_id, Invoice.kind == "settlement", Invoice.status != "cancelled"
    )
    return (await session.scalars(stmt)).first()


async def payouts_of(session: AsyncSession, settlement_id: str) -> list[Payment]:
    stmt = (
        select(Payment)
        .where(Payment.invoice_id == settlement_id, Payment.kind == "payout")
        .order_by(Payment.created_at, Payment.transaction_id)
    )
    return list((await session.scalars(stmt)).unique().all())


async def lock_member(session: AsyncSession, member_id: str) -> Member | None:
    """The member's row, locked until commit (FOR NO KEY UPDATE, as the ledger takes it): two refund requests
    for one member take turns, so the second sees what the first took."""
    stmt = (
        select(Member)
        .where(Member.id == member_id)
        .with_for_update(of=Member, key_share=True)
        .execution_options(populate_existing=True)
    )
    return (await session.scalars(stmt)).unique().one_or_none()


async def refunded_on(session: AsyncSession, invoice_id: str) -> Decimal:
    """What refunds not cancelled (pending or completed) took from an invoice's payments."""
    amount = await session.scalar(
        select(func.coalesce(func.sum(Payment.amount), 0)).where(
            Payment.invoice_id == invoice_id, Payment.kind == "refund", Payment.confirmation != "Canceled"
        )
    )
    return amount if amount is not None else Decimal("0.00")
