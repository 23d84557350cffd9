"""The tax invoice (or credit note) as a PDF, drawn with ReportLab from what the invoice stored."""

from decimal import Decimal
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from gavel.core.clock import DUBAI
from gavel.invoices.models import Invoice


def _aed(amount: Decimal) -> str:
    return f"{amount:,.2f}"


def _rate(rate: Decimal) -> str:
    return f"{rate.normalize():f}%"


def invoice_pdf(invoice: Invoice) -> bytes:
    styles = getSampleStyleSheet()
    buffer = BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
        title=f"{invoice.number}",
        author=invoice.business_name,
    )
    title = {
        "invoice": "Tax Invoice",
        "creditNote": "Tax Credit Note",
        "deposit": "Deposit Invoice",
        "penalty": "Penalty Invoice",
        "settlement": "Settlement Statement",
    }.get(invoice.kind, "Invoice")
    issued = invoice.issued_at.astimezone(DUBAI)
    # Every stored text is escaped: ReportLab paragraphs read markup, and a name may hold '&' or '<'.
    business = [
        escape(invoice.business_name),
        escape(invoice.business_address),
    ]
    if invoice.business_phone:
        business.append(f"Phone {invoice.business_phone}")
    if invoice.business_trn:
        business.append(f"TRN {invoice.business_trn}")
    buyer = [f"<b>Bill to</b>: {escape(invoice.buyer_name)}"]
    if invoice.buyer_address:
        buyer.append(escape(invoice.buyer_address))
    if invoice.buyer_trn:
        buyer.append(f"TRN {invoice.buyer_trn}")
    facts = [
        f"<b>{title} number</b>: {invoice.number}",
        f"<b>Date</b>: {issued.strftime('%d/%m/%Y %H:%M')} (Dubai)",
    ]
    if invoice.due_at is not None:
        facts.append(f"<b>Due</b>: {invoice.due_at.astimezone(DUBAI).strftime('%d/%m/%Y %H:%M')} (Dubai)")
    vehicle = f"Lot {invoice.vehicle_lot_number} · {invoice.vehicle_title} · VIN {invoice.vehicle_vin}"
    facts.append(f"<b>Vehicle</b>: {escape(vehicle)}")
    story = [
        Paragraph(title, styles["Title"]),
        Paragraph("<br/>".join(business), styles["Normal"]),
        Spacer(1, 6 * mm),
        Paragraph("<br/>".join(buyer), styles["Normal"]),
        Spacer(1, 4 * mm),
        Paragraph("<br/>".join(facts), styles["Normal"]),
        Spacer(1, 6 * mm),
    ]
    rows: list[list[object]] = [
        ["Description", "Qty", "Unit (AED)", "Net (AED)", "VAT", "VAT (AED)", "Total (AED)"]
    ]
    for line in invoice.lines:
        rows.append(
            [
                Paragraph(escape(line.description), styles["BodyText"]),
                str(line.quantity),
                _aed(line.unit_amount),
                _aed(line.amount),
                _rate(line.vat_rate),
                _aed(line.vat),
                _aed(line.total),
            ]
        )
    rows.append(["Subtotal", "", "", _aed(invoice.subtotal), "", "", ""])
    rows.append(["VAT", "", "", "", "", _aed(invoice.vat_total), ""])
    rows.append(["Total in AED", "", "", "", "", "", _aed(invoice.total)])
    table = Table(
        rows, colWidths=[62 * mm, 10 * mm, 22 * mm, 22 * mm, 12 * mm, 20 * mm, 26 * mm], repeatRows=1
    )
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#1d5fa8")),
                ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                ("FONTSIZE", (0, 0), (-1, -1), 8),
                ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -4), mm / 10, colors.grey),
                ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
                ("LINEABOVE", (0, -3), (-1, -3), mm / 5, colors.black),
            ]
        )
    )
    story.append(table)
    if invoice.kind in ("invoice", "deposit", "penalty"):
        story += [
            Spacer(1, 6 * mm),
            Paragraph(
                f"Paid: {_aed(invoice.paid_amount)} AED · Still to pay: "
                f"{_aed(max(invoice.total - invoice.paid_amount, Decimal('0')))} AED",
                styles["Normal"],
            ),
        ]
    if invoice.void_reason:
        story += [Spacer(1, 4 * mm), Paragraph(f"Reason: {escape(invoice.void_reason)}", styles["Normal"])]
    document.build(story)
    return buffer.getvalue()
