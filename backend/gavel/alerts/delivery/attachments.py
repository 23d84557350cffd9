"""The PDF an email carries, made when it is sent with the builders of the invoices and gate passes (the same
documents the screens download)."""

import anyio
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.catalog import AttachmentKind
from gavel.alerts.delivery.providers import Attachment, SendFailed
from gavel.errors import NotFound


async def attachment_of(session: AsyncSession, kind: str, document_id: str) -> Attachment:
    from gavel.gatepass.pdf import gate_pass_pdf
    from gavel.gatepass.service import gate_pass_service
    from gavel.invoices.pdf import invoice_pdf
    from gavel.invoices.service import invoice_service

    try:
        if kind == AttachmentKind.INVOICE:
            invoice = await invoice_service.get(session, document_id)
            data = await anyio.to_thread.run_sync(invoice_pdf, invoice)
            return Attachment(f"{invoice.number}.pdf", "application/pdf", data)
        if kind == AttachmentKind.GATE_PASS:
            gate_pass = await gate_pass_service.get(session, document_id)
            invoice = await invoice_service.get(session, gate_pass.invoice_id)
            token = await gate_pass_service.token_of(session, gate_pass)

            def build() -> bytes:
                return gate_pass_pdf(
                    token=token,
                    business_name=invoice.business_name,
                    buyer_name=invoice.buyer_name,
                    lot=invoice.vehicle_lot_number or 0,
                    title=invoice.vehicle_title or "",
                    vin=invoice.vehicle_vin or "",
                    invoice_number=invoice.number,
                    valid_until=gate_pass.valid_until,
                )

            data = await anyio.to_thread.run_sync(build)
            return Attachment(f"gate-pass-lot-{invoice.vehicle_lot_number}.pdf", "application/pdf", data)
    except NotFound as exc:
        raise SendFailed(f"The {kind} to attach does not exist ({document_id})", retryable=False) from exc
    raise SendFailed(f"Unknown attachment kind {kind}", retryable=False)
