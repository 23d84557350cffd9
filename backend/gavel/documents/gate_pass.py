"""The gate pass as a PDF: who may take which vehicle until when, and the QR code the guard scans. One builder
for the screens' download and the buyer's email."""

from datetime import datetime
from io import BytesIO
from xml.sax.saxutils import escape

import anyio
import qrcode
from reportlab.lib.pagesizes import A5
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Spacer, Table
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.clock import DUBAI
from gavel.core.pdf import IN_DUBAI, LATIN, ArabicText, arabic, both, facts, sheet, text
from gavel.gatepass.code import shown
from gavel.gatepass.models import GatePass
from gavel.gatepass.service import gate_pass_service
from gavel.invoices.service import invoice_service


def _qr_png(token: str) -> BytesIO:
    image = qrcode.make(token, box_size=8, border=2)
    out = BytesIO()
    image.save(out)
    out.seek(0)
    return out


def gate_pass_pdf(
    *,
    token: str,
    code: str,
    business_name: str,
    buyer_name: str,
    lot: int,
    title: str,
    vin: str,
    invoice_number: str,
    valid_until: datetime,
) -> bytes:
    styles = sheet()
    normal = styles["Normal"]
    buffer = BytesIO()
    document = SimpleDocTemplate(buffer, pagesize=A5, title=f"Gate pass Lot {lot}", author=business_name)
    until = valid_until.astimezone(DUBAI).strftime("%d/%m/%Y %H:%M")
    lines = [
        (f"<b>Buyer</b>: {text(buyer_name)}", "المشتري"),
        (f"<b>Vehicle</b>: Lot {lot} · {text(title)}", "المركبة"),
        (f"<b>VIN</b>: {escape(vin)}", "رقم الهيكل"),
        (f"<b>Invoice</b>: {escape(invoice_number)} (paid)", "الفاتورة المدفوعة"),
        (f"<b>Valid until</b>: {until} (Dubai)", f"صالح حتى {IN_DUBAI}"),
    ]
    # The short code beside the QR, large and in a fixed-width face, for a guard who types it.
    code_style = ParagraphStyle("GateCode", parent=normal, fontName=LATIN, fontSize=20, leading=26, shaping=1)
    code_text = (
        f"<font size=9>Gate code</font><br/><font size=9>{arabic('رمز البوابة')}</font><br/>"
        f"<font face='Courier-Bold'>{escape(code)}</font>"
    )
    story = [
        Paragraph(both("Gate Pass", "تصريح الخروج", bold=True), styles["Title"]),
        Paragraph(text(business_name), styles["Heading3"]),
        facts(lines, normal, document.width),
        Spacer(1, 6 * mm),
        Table(
            [[Image(_qr_png(token), width=50 * mm, height=50 * mm), Paragraph(code_text, code_style)]],
            colWidths=[52 * mm, 45 * mm],
            style=[("VALIGN", (0, 0), (-1, -1), "MIDDLE")],
        ),
        Spacer(1, 4 * mm),
        Paragraph(
            "The guard scans the QR code at the gate, or types the gate code. It lets this vehicle leave "
            "once, with a driver showing an Emirates ID.",
            normal,
        ),
        ArabicText(
            "يمسح الحارس رمز الاستجابة السريعة عند البوابة أو يكتب رمز البوابة. "
            "يسمح بخروج هذه المركبة مرة واحدة مع سائق يُبرز الهوية الإماراتية.",
            normal,
        ),
        Paragraph(f"<font size=6>{escape(token)}</font>", normal),
    ]
    document.build(story)
    return buffer.getvalue()


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
