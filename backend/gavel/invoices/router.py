"""Invoices: the list with its cards, one invoice with its lines and payments, voiding (its PDF is served by
gavel.documents)."""

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter

from gavel.core.clock import ClockDep, day_start
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.invoices import repository, totals
from gavel.invoices.presenter import invoice_detail, invoice_out
from gavel.invoices.schemas import (
    InvoiceDetail,
    InvoiceList,
    InvoiceQuery,
    InvoiceVoid,
    InvoiceVoided,
    StateTotal,
)
from gavel.invoices.service import invoice_service
from gavel.permissions import Module, Privilege
from gavel.vehicles import repository as vehicles

router = APIRouter(prefix="/invoices", tags=["invoices"])

Errors = error_responses(403, 404, 409, 422)
CanView = Annotated[Principal, require(Module.PAYMENTS, Privilege.VIEW)]
CanVoid = Annotated[Principal, require(Module.PAYMENTS, Privilege.DELETE)]  # voiding: a box of its own


@router.post("/get", response_model=InvoiceList, responses=Errors)
async def list_invoices(body: InvoiceQuery, session: SessionDep, clock: ClockDep, _: CanView) -> InvoiceList:
    """A page of invoices and credit notes, newest first, with the count and total of each state."""
    start = day_start(body.date_from) if body.date_from else None
    end = day_start(body.date_to + timedelta(days=1)) if body.date_to else None
    due_start = day_start(body.due_from) if body.due_from else None
    due_end = day_start(body.due_to + timedelta(days=1)) if body.due_to else None
    stmt = repository.filtered(
        status=body.status,
        kind=body.kind,
        member_id=body.member_id,
        vehicle_id=body.vehicle_id,
        date_from=start,
        date_to=end,
        search=(body.search or "").strip() or None,
        due_from=due_start,
        due_to=due_end,
        open_only=bool(body.open),
        payable_only=bool(body.payable),
    )
    documents = await totals.of_kinds(session, list(totals.INVOICE_TABLE_KINDS))
    states = documents["invoice"]
    owed = await repository.still_to_pay(session)
    unfiltered = not (
        body.status or body.kind or body.member_id or body.vehicle_id or start or end or body.search
    ) and not (due_start or due_end or body.open or body.payable)
    invoices, matching = await repository.page(
        session,
        stmt,
        (body.page_no - 1) * body.limit,
        body.limit,
        # Every document is counted in document_total: a million rows are not counted again for the pages.
        total=totals.count_all(documents) if unfiltered else None,
    )
    now = clock.now()
    return InvoiceList(
        data=[invoice_out(i, now) for i in invoices],
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        totals={
            status: StateTotal(
                count=n, amount=amount, still_to_pay=owed[status][1] if status in owed else None
            )
            for status, (n, amount) in states.items()
        },
    )


@router.get("/{id}", response_model=InvoiceDetail, responses=Errors)
async def get_invoice(id: str, session: SessionDep, clock: ClockDep, _: CanView) -> InvoiceDetail:
    """One invoice or credit note with its lines."""
    return invoice_detail(await invoice_service.get(session, id), clock.now())


@router.put("/{id}/void", response_model=InvoiceVoided, responses=Errors)
async def void_invoice(
    id: str, body: InvoiceVoid, session: SessionDep, clock: ClockDep, principal: CanVoid
) -> InvoiceVoided:
    """Cancel an invoice without payments by a credit note of its lines."""
    now = clock.now()
    invoice = await invoice_service.get(session, id, lock=True)
    note = await invoice_service.credit(session, invoice, body.reason, now, principal.actor)
    vehicle = await vehicles.by_id(session, invoice.vehicle_id) if invoice.vehicle_id else None
    if vehicle is not None:
        vehicle.is_paid = False
    return InvoiceVoided(
        message=f"{invoice.number} is void; credit note {note.number} issued.",
        invoice=invoice_out(invoice, now),
        credit_note=invoice_out(note, now),
    )
