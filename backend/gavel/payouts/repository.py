"""Every query of settlements, payouts and refunds."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.models import Invoice
from gavel.payments.models import Payment


async def settlement_of_vehicle(session: AsyncSession, vehicle_id: str) -> Invoice | None:
    stmt = select(Invoice).where(
        Invoice.vehicle_id == vehicle_id, Invoice.kind == "settlement", Invoice.status != "cancelled"
    )
    return (await session.scalars(stmt)).first()


async def payouts_of(session: AsyncSession, settlement_id: str) -> list[Payment]:
    stmt = select(Payment).where(Payment.invoice_id == settlement_id, Payment.kind == "payout")
    return list((await session.scalars(stmt)).unique().all())


async def verifiers_of_vehicle(session: AsyncSession, vehicle_id: str) -> set[str]:
    """Who verified the buyers' payments for a vehicle."""
    stmt = (
        select(Payment.verified_by_id)
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(
            Invoice.vehicle_id == vehicle_id,
            Invoice.kind == "invoice",
            Payment.kind == "payment",
            Payment.confirmation == "Verified",
        )
    )
    return {user_id for user_id in await session.scalars(stmt) if user_id}
