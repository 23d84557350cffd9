"""The printed documents as the screens download them: an invoice or credit note (a settlement as its
Settlement Statement), a payment's receipt, a gate pass. Each keeps the path, tag and operation it had in
its own package's router."""

from typing import Annotated

from fastapi import APIRouter
from fastapi.responses import Response

from gavel.business.service import business_service
from gavel.db import SessionDep
from gavel.documents.gate_pass import gate_pass_document as gate_pass_file
from gavel.documents.invoice import invoice_pdf
from gavel.documents.receipt import payment_pdf
from gavel.documents.settlement import settlement_pdf
from gavel.errors import error_responses
from gavel.gatepass.service import gate_pass_service
from gavel.guards import Principal, require
from gavel.invoices.service import invoice_service
from gavel.payments.service import payment_service
from gavel.payouts.service import payout_service
from gavel.permissions import Module, Privilege

router = APIRouter()

Errors = error_responses(403, 404, 409, 422)
PDF = {200: {"content": {"application/pdf": {}}}, **Errors}
CanViewPayments = Annotated[Principal, require(Module.PAYMENTS, Privilege.VIEW)]
CanViewVehicles = Annotated[Principal, require(Module.VEHICLES, Privilege.VIEW)]


def _pdf(content: bytes, name: str) -> Response:
    return Response(
        content,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/invoices/{id}/pdf", tags=["invoices"], responses=PDF)
async def invoice_document(id: str, session: SessionDep, _: CanViewPayments) -> Response:
    """The tax invoice (or credit note) as a PDF; a seller's settlement as its Settlement Statement."""
    invoice = await invoice_service.get(session, id)
    content = (
        settlement_pdf(invoice, await payout_service.payouts_of(session, invoice))
        if invoice.kind == "settlement"
        else invoice_pdf(invoice, await business_service.get(session))
    )
    return _pdf(content, f"{invoice.number}.pdf")


@router.get("/payments/{id}/pdf", tags=["payments"], responses=PDF)
async def payment_document(id: str, session: SessionDep, _: CanViewPayments) -> Response:
    """The receipt of a payment, a payout or a refund as a PDF."""
    payment = await payment_service.get(session, id)
    return _pdf(payment_pdf(payment), f"{payment.transaction_id}.pdf")


@router.get("/gate-passes/{id}/pdf", tags=["gate"], responses=PDF)
async def gate_pass_document(id: str, session: SessionDep, _: CanViewVehicles) -> Response:
    """The pass as a PDF with its QR code and its gate code."""
    name, document = await gate_pass_file(session, await gate_pass_service.get(session, id))
    return _pdf(document, name)
