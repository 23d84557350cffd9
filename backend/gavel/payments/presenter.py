"""Payments as the API answers them, with their invoice, member and vehicle (copied on the invoice); payouts
and refunds with SPEC.md's refund fields and the bank details of who is paid."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.calculation import ZERO
from gavel.invoices.payable import PAYABLE
from gavel.invoices.presenter import vehicle_copied_on
from gavel.invoices.service import owed
from gavel.members.models import Member
from gavel.payments import repository
from gavel.payments.models import Payment
from gavel.payments.outbound import complete_refusal, verifiers_of
from gavel.payments.schemas import PaymentOut
from gavel.payments.service import reject_refusal, verify_refusal
from gavel.schemas import FROM_DATABASE

# The state in which a payment's money really moved.
DONE = {"inbound": "Verified", "outbound": "Completed"}


def _verdict(refusal: str | None) -> dict[str, object]:
    return {"allowed": refusal is None, "reason": refusal}


def _verdicts(payment: Payment, viewer: str | None, verifiers: set[str]) -> dict[str, object]:
    """What the staff user asking may do with the payment, from the rules that enforce it."""
    if viewer is None:
        return {}
    if payment.direction == "inbound":
        return {
            "can_verify": _verdict(verify_refusal(payment, viewer)),
            "can_reject": _verdict(reject_refusal(payment, viewer)),
        }
    return {"can_complete": _verdict(complete_refusal(payment, viewer, verifiers))}


def payment_out(
    payment: Payment,
    staff: dict[str, str],
    members: dict[str, Member] | None = None,
    *,
    viewer: str | None = None,
    verifiers: set[str] | None = None,
) -> PaymentOut:
    invoice = payment.invoice
    done = payment.confirmation == DONE.get(payment.direction)
    refund = payment.kind == "refund"
    member = (members or {}).get(payment.member_id)
    # Built from our own rows: validated in the database's context (no NUL walk, schemas.py).
    return PaymentOut.model_validate(
        {
            "id": payment.id,
            "transaction_id": payment.transaction_id,
            "direction": payment.direction,
            "kind": payment.kind,
            "status": payment.confirmation,
            "amount": payment.amount,
            "paid_amount": payment.amount if done else ZERO,
            "payment_method": payment.method,
            "payment_reference_id": payment.reference,
            "payment_date_and_time": payment.paid_at,
            "payment_confirmation_status": payment.confirmation,
            "payment_status": invoice.status,
            "invoice": {
                "id": invoice.id,
                "invoice_no": invoice.number,
                "status": invoice.status,
                "total": invoice.total,
                "due_amount": owed(invoice)
                if invoice.kind in PAYABLE and invoice.status != "cancelled"
                else ZERO,
                "due_date": invoice.due_at,
            },
            "buyer": {"id": invoice.member_id, "name": invoice.buyer_name},
            "member": {"id": payment.member_id, "name": invoice.buyer_name},
            "payee": {
                "id": member.id,
                "name": invoice.buyer_name,
                "bank_account_name": member.bank_account_name,
                "bank_iban": member.bank_iban,
                "bank_name": member.bank_name,
            }
            if member is not None and payment.direction == "outbound"
            else None,
            "vehicle": vehicle_copied_on(invoice),
            "recorded_by": _person(payment.recorded_by_id, staff),
            "verified_by": _person(payment.verified_by_id, staff),
            "verified_at": payment.verified_at,
            "reject_reason": payment.reject_reason if payment.direction == "inbound" else None,
            "completed_by": _person(payment.completed_by_id, staff),
            "completed_at": payment.completed_at,
            "cancel_reason": payment.reject_reason if payment.direction == "outbound" else None,
            "refund_kind": payment.refund_kind if refund else None,
            "refund_transaction_id": payment.transaction_id if refund else None,
            "refunded_amount": payment.amount if refund else None,
            "refund_date_and_time": payment.paid_at if refund and done else None,
            "refund_method": payment.method if refund else None,
            "refund_status": payment.confirmation if refund else None,
            "refund_reason": payment.refund_reason if refund else None,
            "created_at": payment.created_at,
            **_verdicts(payment, viewer, verifiers or set()),
        },
        context=FROM_DATABASE,
    )


def _person(user_id: str | None, staff: dict[str, str]) -> dict[str, str] | None:
    return {"id": user_id, "name": staff.get(user_id, "")} if user_id else None


async def payments_out(
    session: AsyncSession,
    payments: list[Payment],
    staff: dict[str, str] | None = None,
    *,
    viewer: str | None = None,
) -> list[PaymentOut]:
    """The payments as the API answers them; `staff`: the names of their staff, when read already; `viewer`:
    the staff user asking, told what they may do with each (canVerify, canReject, canComplete)."""
    if staff is None:
        ids = [i for p in payments for i in (p.recorded_by_id, p.verified_by_id, p.completed_by_id)]
        staff = await repository.staff_names(session, ids)
    members = await repository.members_of(
        session, (p.member_id for p in payments if p.direction == "outbound")
    )
    verifiers = await verifiers_of(session, payments) if viewer is not None else {}
    return [payment_out(p, staff, members, viewer=viewer, verifiers=verifiers.get(p.id)) for p in payments]
