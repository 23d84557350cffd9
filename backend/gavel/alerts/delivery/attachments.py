"""The PDF an email carries, made when it is sent with the builders of gavel.documents (the same documents
the screens download)."""

import anyio
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import AttachmentKind
from gavel.alerts.delivery.providers import Attachment, SendFailed
from gavel.business.service import business_service
from gavel.documents.gate_pass import gate_pass_document
from gavel.documents.invoice import invoice_pdf
from gavel.errors import NotFound
from gavel.gatepass.service import gate_pass_service
from gavel.invoices.service import invoice_service


async def attachment_of(session: AsyncSession, kind: str, document_id: str) -> Attachment:
    try:
        if kind == AttachmentKind.INVOICE:
            invoice = await invoice_service.get(session, document_id)
            business = await business_service.get(session)
            data = await anyio.to_thread.run_sync(invoice_pdf, invoice, business)
            return Attachment(f"{invoice.number}.pdf", "application/pdf", data)
        if kind == AttachmentKind.GATE_PASS:
            name, data = await gate_pass_document(session, await gate_pass_service.get(session, document_id))
            return Attachment(name, "application/pdf", data)
    except NotFound as exc:
        raise SendFailed(f"The {kind} to attach does not exist ({document_id})", retryable=False) from exc
    raise SendFailed(f"Unknown attachment kind {kind}", retryable=False)
