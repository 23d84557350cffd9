"""Payments: the list (inbound, or outbound payouts and refunds), one payment; inbound payments recorded
against an invoice, verified or rejected by a second staff user. Receipt PDFs: gavel.documents."""

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter

from gavel.core.clock import ClockDep, day_start
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.invoices import totals
from gavel.payments import repository
from gavel.payments.outbound import outbound_totals
from gavel.payments.presenter import payments_out
from gavel.payments.schemas import (
    Direction,
    PaymentDone,
    PaymentList,
    PaymentOut,
    PaymentQuery,
    PaymentRecord,
    PaymentRejection,
    StatusTotal,
)
from gavel.payments.service import payment_service
from gavel.permissions import Module, Privilege

router = APIRouter(tags=["payments"])

Errors = error_responses(403, 404, 409, 422)
CanView = Annotated[Principal, require(Module.PAYMENTS, Privilege.VIEW)]
CanAdd = Annotated[Principal, require(Module.PAYMENTS, Privilege.ADD)]
CanUpdateStatus = Annotated[Principal, require(Module.PAYMENTS, Privilege.UPDATE_STATUS)]


@router.post("/payment/get-payments", response_model=PaymentList, responses=Errors)
async def list_payments(
    body: PaymentQuery, session: SessionDep, clock: ClockDep, principal: CanView
) -> PaymentList:
    """A page of payments (inbound) or of payouts and refunds (outbound), newest first, with the count and AED
    sum of each status; outbound also per kind and what was completed this month."""
    outbound = body.direction == Direction.OUTBOUND
    stmt = repository.filtered(
        direction=body.direction.value,
        kind=body.kind.value if body.kind else None,
        method=body.method.value if body.method else None,
        confirmation=(body.confirmation.value if body.confirmation else None)
        or (body.status if outbound else None),
        status=None if outbound else body.status,
        member_id=body.member_id,
        invoice_id=body.invoice_id,
        vehicle_id=body.vehicle_id,
        paid_from=day_start(body.date_from) if body.date_from else None,
        paid_to=day_start(body.date_to + timedelta(days=1)) if body.date_to else None,
        search=(body.search or "").strip() or None,
    )
    unfiltered = not (
        body.kind
        or body.method
        or body.confirmation
        or body.status
        or body.member_id
        or body.invoice_id
        or body.vehicle_id
        or body.date_from
        or body.date_to
        or (body.search or "").strip()
    )
    # One read of the document totals: the unfiltered list's total and the cards.
    documents = await totals.of_kinds(session, list(totals.PAYMENT_TABLE_KINDS[body.direction.value]))
    payments, staff, matching = await repository.page(
        session,
        stmt,
        (body.page_no - 1) * body.limit,
        body.limit,
        total=totals.count_all(documents) if unfiltered else None,
    )
    page = PaymentList(
        data=await payments_out(session, payments, staff, viewer=principal.user.id),
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        totals={},
    )
    if not outbound:
        states = documents["payment"]
        page.totals = {status: StatusTotal(count=n, amount=amount) for status, (n, amount) in states.items()}
        return page
    page.totals, page.totals_by_kind, page.completed_this_month = await outbound_totals(
        session, clock.now(), documents
    )
    return page


@router.post("/payments/inbound", response_model=PaymentDone, status_code=201, responses=Errors)
async def record_payment(
    body: PaymentRecord, session: SessionDep, clock: ClockDep, principal: CanAdd
) -> PaymentDone:
    """Record money received against an invoice; it counts once another staff user verified it."""
    payment = await payment_service.record(session, body, principal.actor, clock.now())
    (out,) = await payments_out(session, [payment], viewer=principal.user.id)
    return PaymentDone(message=f"{payment.transaction_id} recorded; it waits for verification.", data=out)


@router.get("/payments/{id}", response_model=PaymentOut, responses=Errors)
async def get_payment(id: str, session: SessionDep, principal: CanView) -> PaymentOut:
    """One payment."""
    payment = await payment_service.get(session, id)
    (out,) = await payments_out(session, [payment], viewer=principal.user.id)
    return out


@router.put("/payments/{id}/verify", response_model=PaymentDone, responses=Errors)
async def verify_payment(
    id: str, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> PaymentDone:
    """Confirm that the money arrived; never by the person who recorded it."""
    payment = await payment_service.verify(session, id, principal.actor, clock.now())
    (out,) = await payments_out(session, [payment], viewer=principal.user.id)
    return PaymentDone(message=f"{payment.transaction_id} verified.", data=out)


@router.put("/payments/{id}/reject", response_model=PaymentDone, responses=Errors)
async def reject_payment(
    id: str, body: PaymentRejection, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> PaymentDone:
    """Refuse a recorded payment that did not arrive, with the reason."""
    payment = await payment_service.reject(session, id, body.reason, principal.actor, clock.now())
    (out,) = await payments_out(session, [payment], viewer=principal.user.id)
    return PaymentDone(message=f"{payment.transaction_id} rejected.", data=out)
