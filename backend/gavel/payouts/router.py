"""Money out: a seller's payout or a member's refund completed (by someone other than the person who verified
the buyer's payment, or who requested the refund) or cancelled with a reason; refunds requested."""

from typing import Annotated

from fastapi import APIRouter

from gavel.core.clock import ClockDep
from gavel.core.labels import label
from gavel.db import SessionDep
from gavel.errors import NotFound, error_responses
from gavel.guards import Principal, require
from gavel.members.models import Member
from gavel.payments.presenter import payments_out
from gavel.payments.schemas import OutboundCancellation, OutboundCompletion, PaymentDone, RefundRequest
from gavel.payouts.refundable import refund_position, refundable_out
from gavel.payouts.schemas import Refundable
from gavel.payouts.service import payout_service
from gavel.permissions import Module, Privilege

router = APIRouter(tags=["payments"])

Errors = error_responses(403, 404, 409, 422)
CanView = Annotated[Principal, require(Module.PAYMENTS, Privilege.VIEW)]
CanAdd = Annotated[Principal, require(Module.PAYMENTS, Privilege.ADD)]
CanUpdateStatus = Annotated[Principal, require(Module.PAYMENTS, Privilege.UPDATE_STATUS)]


@router.post("/payments/refunds", response_model=PaymentDone, status_code=201, responses=Errors)
async def request_refund(
    body: RefundRequest, session: SessionDep, clock: ClockDep, principal: CanAdd
) -> PaymentDone:
    """Request a refund to a member (their deposit, an overpayment, a cancelled sale); another staff user
    completes it."""
    refund = await payout_service.request_refund(session, body, principal.actor, clock.now())
    (out,) = await payments_out(session, [refund], viewer=principal.user.id)
    return PaymentDone(
        message=f"Refund {refund.transaction_id} requested; another staff user completes it.", data=out
    )


@router.get("/members/{id}/refundable", response_model=Refundable, responses=Errors)
async def member_refundable(id: str, session: SessionDep, _: CanView) -> Refundable:
    """What the member still owes and what can be refunded to them: the figures a refund request is checked
    against, before the refund form is filled in."""
    member = await session.get(Member, id)
    if member is None:
        raise NotFound("This member does not exist.")
    return refundable_out(await refund_position(session, member))


@router.put("/payments/{id}/complete", response_model=PaymentDone, responses=Errors)
async def complete_outbound(
    id: str, body: OutboundCompletion, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> PaymentDone:
    """Record that a payout or a refund was paid: method, reference (except cash) and date. Never twice."""
    payment = await payout_service.complete(session, id, body, principal.actor, clock.now())
    (out,) = await payments_out(session, [payment], viewer=principal.user.id)
    how = label("OutboundMethod", payment.method).lower()
    return PaymentDone(message=f"{payment.transaction_id} completed: paid by {how}.", data=out)


@router.put("/payments/{id}/cancel", response_model=PaymentDone, responses=Errors)
async def cancel_outbound(
    id: str, body: OutboundCancellation, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> PaymentDone:
    """Cancel a pending payout (a new pending payout replaces it) or refund (the money is the member's again),
    with the reason."""
    payment, replacement = await payout_service.cancel(session, id, body.reason, principal.actor, clock.now())
    (out,) = await payments_out(session, [payment], viewer=principal.user.id)
    message = f"{payment.transaction_id} cancelled."
    if replacement is not None:
        message += f" The seller is still owed: {replacement.transaction_id} replaces it."
    return PaymentDone(message=message, data=out)
