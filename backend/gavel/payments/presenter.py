"""Payments as the API answers them, with their invoice, buyer and vehicle (copied on the invoice)."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.service import owed
from gavel.payments import repository
from gavel.payments.models import Payment
from gavel.payments.schemas import InvoiceRef, PartySummary, PaymentOut, VehicleRef


def payment_out(payment: Payment, staff: dict[str, str]) -> PaymentOut:
    invoice = payment.invoice
    return PaymentOut(
        id=payment.id,
        transaction_id=payment.transaction_id,
        direction=payment.direction,
        amount=payment.amount,
        paid_amount=payment.amount if payment.confirmation == "Verified" else 0,
        payment_method=payment.method,
        payment_reference_id=payment.reference,
        payment_date_and_time=payment.paid_at,
        payment_confirmation_status=payment.confirmation,
        payment_status=invoice.status,
        invoice=InvoiceRef(
            id=invoice.id,
            invoice_no=invoice.number,
            status=invoice.status,
            total=invoice.total,
            due_amount=owed(invoice) if invoice.status != "cancelled" else 0,
            due_date=invoice.due_at,
        ),
        buyer=PartySummary(id=invoice.member_id, name=invoice.buyer_name),
        vehicle=VehicleRef(
            id=invoice.vehicle_id,
            vehicle_lot_number=invoice.vehicle_lot_number or 0,
            title=invoice.vehicle_title or "",
            vin_number=invoice.vehicle_vin or "",
        )
        if invoice.vehicle_id
        else None,
        recorded_by=_person(payment.recorded_by_id, staff),
        verified_by=_person(payment.verified_by_id, staff),
        verified_at=payment.verified_at,
        reject_reason=payment.reject_reason,
        created_at=payment.created_at,
    )


def _person(user_id: str | None, staff: dict[str, str]) -> PartySummary | None:
    return PartySummary(id=user_id, name=staff.get(user_id, "")) if user_id else None


async def payments_out(session: AsyncSession, payments: list[Payment]) -> list[PaymentOut]:
    ids = [p.recorded_by_id for p in payments] + [p.verified_by_id for p in payments]
    staff = await repository.staff_names(session, ids)
    return [payment_out(p, staff) for p in payments]
