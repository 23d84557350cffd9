"""Invoices: the list with its cards, one invoice with its lines and payments, the PDF, voiding."""

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter
from fastapi.responses import Response

from gavel.auth.deps import Principal, require
from gavel.core.clock import ClockDep, day_start
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.invoices import repository, totals
from gavel.invoices.pdf import invoice_pdf
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
CanEdit = Annotated[Principal, require(Module.PAYMENTS, Privilege.EDIT)]


@router.post("/get", response_model=InvoiceList, responses=Errors)
async def list_invoices(body: InvoiceQuery, session: SessionDep, clock: ClockDep, _: CanView) -> InvoiceList:
    """A page of invoices and credit notes, newest first, with the count and total of each state."""
    start = day_start(body.date_from) if body.date_from else None
    end = day_start(body.date_to + timedelta(days=1)) if body.date_to else None
    stmt = repository.filtered(
        status=body.status,
        kind=body.kind,
        member_id=body.member_id,
        vehicle_id=body.vehicle_id,
        date_from=start,
        date_to=end,
        search=(body.search or "").strip() or None,
    )
    invoices, matching = await repository.page(session, stmt, (body.page_no - 1) * body.limit, body.limit)
    now = clock.now()
    states = await totals.of_kind(session, "invoice")
    return InvoiceList(
        data=[invoice_out(i, now) for i in invoices],
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        totals={status: StateTotal(count=n, amount=amount) for status, (n, amount) in states.items()},
    )


@router.get("/{id}", response_model=InvoiceDetail, responses=Errors)
async def get_invoice(id: str, session: SessionDep, clock: ClockDep, _: CanView) -> InvoiceDetail:
    """One invoice or credit note with its lines."""
    return invoice_detail(await invoice_service.get(session, id), clock.now())


@router.get("/{id}/pdf", responses={200: {"content": {"application/pdf": {}}}, **Errors})
async def invoice_document(id: str, session: SessionDep, _: CanView) -> Response:
    """The tax invoice (or credit note) as a PDF."""
    invoice = await invoice_service.get(session, id)
    return Response(
        invoice_pdf(invoice),
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{invoice.number}.pdf"'},
    )


@router.put("/{id}/void", response_model=InvoiceVoided, responses=Errors)
async def void_invoice(
    id: str, body: InvoiceVoid, session: SessionDep, clock: ClockDep, principal: CanEdit
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
