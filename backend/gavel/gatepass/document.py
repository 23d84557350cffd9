"""The gate pass's PDF as the screens download it and the buyer's email attaches it: one builder for both."""

import anyio
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.gatepass.code import shown
from gavel.gatepass.models import GatePass
from gavel.gatepass.pdf import gate_pass_pdf
from gavel.gatepass.service import gate_pass_service
from gavel.invoices.service import invoice_service


async def gate_pass_document(session: AsyncSession, gate_pass: GatePass) -> tuple[str, bytes]:
    """(file name, PDF) of a pass: who may take which vehicle until when, its QR code and its gate code."""
    invoice = await invoice_service.get(session, gate_pass.invoice_id)
    token = await gate_pass_service.token_of(session, gate_pass)

    def build() -> bytes:
        return gate_pass_pdf(
            token=token,
            code=shown(gate_pass.code),
            business_name=invoice.business_name,
            buyer_name=invoice.buyer_name,
            lot=invoice.vehicle_lot_number or 0,
            title=invoice.vehicle_title or "",
            vin=invoice.vehicle_vin or "",
            invoice_number=invoice.number,
            valid_until=gate_pass.valid_until,
        )

    return f"gate-pass-lot-{invoice.vehicle_lot_number}.pdf", await anyio.to_thread.run_sync(build)
