"""The tax invoice (or credit note) and the seller's settlement statement as PDFs, drawn with ReportLab from
what the documents stored."""

from collections.abc import Sequence
from datetime import datetime
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
from gavel.payments.models import Payment

HEADER = colors.HexColor("#1d5fa8")


def _aed(amount: Decimal) -> str:
    return f"{amount:,.2f}"


def _rate(rate: Decimal) -> str:
    return f"{rate.normalize():f}%"


def dubai_time(moment: datetime) -> str:
    return f"{moment.astimezone(DUBAI).strftime('%d/%m/%Y %H:%M')} (Dubai)"


def vehicle_text(invoice: Invoice) -> str:
    return f"Lot {invoice.vehicle_lot_number} · {invoice.vehicle_title} · VIN {invoice.vehicle_vin}"


def a4(buffer: BytesIO, title: str, author: str) -> SimpleDocTemplate:
    return SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
        title=title,
        author=author,
    )


def business_block(invoice: Invoice) -> str:
    """The business as the document copied it, escaped: ReportLab paragraphs read markup."""
    lines = [escape(invoice.business_name), escape(invoice.business_address)]
    if invoice.business_phone:
        lines.append(f"Phone {escape(invoice.business_phone)}")
    if invoice.business_trn:
        lines.append(f"TRN {invoice.business_trn}")
    return "<br/>".join(lines)


def table_style(total_rows: int) -> TableStyle:
    """A blue header row, small type, figures right-aligned, the last `total_rows` rows set apart (the last in
    bold)."""
    commands: list[tuple[object, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), HEADER),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1 - total_rows), mm / 10, colors.grey),
    ]
    if total_rows:
        commands += [
            ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
            ("LINEABOVE", (0, -total_rows), (-1, -total_rows), mm / 5, colors.black),
        ]
    return TableStyle(commands)


def invoice_pdf(invoice: Invoice) -> bytes:
    styles = getSampleStyleSheet()
    buffer = BytesIO()
    document = a4(buffer, invoice.number, invoice.business_name)
    title = {
        "invoice": "Tax Invoice",
        "creditNote": "Tax Credit Note",
        "deposit": "Deposit Invoice",
        "penalty": "Penalty Invoice",
        "settlement": "Settlement Statement",
    }.get(invoice.kind, "Invoice")
    buyer = [f"<b>Bill to</b>: {escape(invoice.buyer_name)}"]
    if invoice.buyer_address:
        buyer.append(escape(invoice.buyer_address))
    if invoice.buyer_trn:
        buyer.append(f"TRN {invoice.buyer_trn}")
    facts = [
        f"<b>{title} number</b>: {invoice.number}",
        f"<b>Date</b>: {dubai_time(invoice.issued_at)}",
    ]
    if invoice.due_at is not None:
        facts.append(f"<b>Due</b>: {dubai_time(invoice.due_at)}")
    if invoice.vehicle_id:  # a deposit invoice is for no vehicle
        facts.append(f"<b>Vehicle</b>: {escape(vehicle_text(invoice))}")
    story = [
        Paragraph(title, styles["Title"]),
        Paragraph(business_block(invoice), styles["Normal"]),
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
    table.setStyle(table_style(3))
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


PAYOUT_WORDS = {"bankTransfer": "Bank transfer", "cheque": "Cheque", "cash": "Cash"}


def settlement_pdf(settlement: Invoice, payouts: Sequence[Payment]) -> bytes:
    """The seller's settlement statement: the price, less each seller fee and the VAT on it, is the payout;
    then what became of the payout (pending, completed with method, reference and date, or cancelled)."""
    styles = getSampleStyleSheet()
    buffer = BytesIO()
    document = a4(buffer, settlement.number, settlement.business_name)
    seller = [f"<b>Pay to</b>: {escape(settlement.buyer_name)}"]
    if settlement.buyer_trn:
        seller.append(f"TRN {settlement.buyer_trn}")
    facts = [
        f"<b>Statement number</b>: {settlement.number}",
        f"<b>Date</b>: {dubai_time(settlement.issued_at)}",
    ]
    if settlement.sale_date is not None:
        facts.append(f"<b>Sale date</b>: {settlement.sale_date.strftime('%d/%m/%Y')}")
    vehicle = (
        f"Lot {settlement.vehicle_lot_number} · {settlement.vehicle_title} · VIN {settlement.vehicle_vin}"
    )
    facts.append(f"<b>Vehicle</b>: {escape(vehicle)}")
    story: list[object] = [
        Paragraph("Settlement Statement", styles["Title"]),
        Paragraph(business_block(settlement), styles["Normal"]),
        Spacer(1, 6 * mm),
        Paragraph("<br/>".join(seller), styles["Normal"]),
        Spacer(1, 4 * mm),
        Paragraph("<br/>".join(facts), styles["Normal"]),
        Spacer(1, 6 * mm),
    ]
    price = sum((line.amount for line in settlement.lines if line.kind == "vehicle"), Decimal("0.00"))
    fees = [line for line in settlement.lines if line.kind != "vehicle"]
    rows: list[list[object]] = [["Description", "Amount (AED)", "VAT", "VAT (AED)", "Total (AED)"]]
    for line in settlement.lines:
        rows.append(
            [
                Paragraph(escape(line.description), styles["BodyText"]),
                _aed(line.amount),
                _rate(line.vat_rate) if line.kind != "vehicle" else "",
                _aed(line.vat) if line.kind != "vehicle" else "",
                _aed(line.total),
            ]
        )
    rows.append(["Sale price", "", "", "", _aed(price)])
    rows.append(["Less seller fees", "", "", "", _aed(sum((line.amount for line in fees), Decimal("0.00")))])
    rows.append(["Less VAT on the fees", "", "", "", _aed(sum((line.vat for line in fees), Decimal("0.00")))])
    rows.append(["Payout in AED", "", "", "", _aed(settlement.total)])
    table = Table(rows, colWidths=[84 * mm, 26 * mm, 14 * mm, 22 * mm, 28 * mm], repeatRows=1)
    table.setStyle(table_style(4))
    story.append(table)
    story.append(Spacer(1, 6 * mm))
    if settlement.total <= 0:
        story.append(Paragraph("The fees take the whole price: nothing is paid out.", styles["Normal"]))
    elif payouts:
        paid = [["Payout", "Status", "Method", "Reference", "Date"]]
        for payout in payouts:
            paid.append(
                [
                    payout.transaction_id,
                    payout.confirmation,
                    PAYOUT_WORDS.get(payout.method, payout.method),
                    Paragraph(escape(payout.reference or ""), styles["BodyText"]),
                    dubai_time(payout.paid_at) if payout.confirmation == "Completed" else "",
                ]
            )
        payouts_table = Table(paid, colWidths=[34 * mm, 22 * mm, 28 * mm, 46 * mm, 44 * mm], repeatRows=1)
        payouts_table.setStyle(table_style(0))
        story.append(payouts_table)
    document.build(story)
    return buffer.getvalue()
