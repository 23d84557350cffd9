"""The tax invoice (or credit note, deposit or penalty invoice) as a PDF, drawn with ReportLab from what the
document stored; how to pay comes from the business settings of today."""

from decimal import Decimal
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from gavel.business.models import BusinessSettings
from gavel.core.money import aed
from gavel.core.pdf import a4, dubai_time, figure, one_line_widths, rate, table_style
from gavel.invoices.calculation import vat_treatment
from gavel.invoices.models import Invoice

TITLES = {
    "invoice": "Tax Invoice",
    "creditNote": "Tax Credit Note",
    "deposit": "Deposit Invoice",
    "penalty": "Penalty Invoice",
    "settlement": "Settlement Statement",
}
# The documents a member pays, which say how.
OWED = ("invoice", "deposit", "penalty")


def vehicle_text(invoice: Invoice) -> str:
    return f"Lot {invoice.vehicle_lot_number} · {invoice.vehicle_title} · VIN {invoice.vehicle_vin}"


def business_block(invoice: Invoice) -> str:
    """The business as the document copied it, escaped: ReportLab paragraphs read markup."""
    lines = [escape(invoice.business_name), escape(invoice.business_address)]
    if invoice.business_phone:
        lines.append(f"Phone {escape(invoice.business_phone)}")
    if invoice.business_trn:
        lines.append(f"TRN {invoice.business_trn}")
    return "<br/>".join(lines)


def iban_text(iban: str) -> str:
    """An IBAN as banks print it, in groups of four: AE07 0331 2345 6789 0123 456."""
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


def how_to_pay(invoice: Invoice, business: BusinessSettings | None) -> list[str]:
    """The lines of 'How to pay': the bank account of the business settings when it has one, and always the
    reference to quote, the document's number."""
    lines = []
    if business is not None and business.iban:
        account = business.bank_account_name or business.legal_name
        lines.append(f"By bank transfer to {escape(account)}")
        if business.bank_name:
            lines.append(f"Bank: {escape(business.bank_name)}")
        lines.append(f"IBAN: {iban_text(business.iban)}")
        lines.append("Or at our cashier's desk by card, cash or cheque.")
    else:
        lines.append("At our cashier's desk by card, cash or cheque.")
    lines.append(f"Reference to quote: <b>{invoice.number}</b>")
    return lines


def invoice_pdf(invoice: Invoice, business: BusinessSettings | None = None) -> bytes:
    """The document as issued; a document a member owes says what was paid, what is still to pay, and how."""
    styles = getSampleStyleSheet()
    body, small = styles["BodyText"], styles["Normal"].clone("small", fontSize=7, leading=9)
    buffer = BytesIO()
    document = a4(buffer, invoice.number, invoice.business_name)
    title = TITLES.get(invoice.kind, "Invoice")
    buyer = [f"<b>Bill to</b>: {escape(invoice.buyer_name)}"]
    if invoice.buyer_address:
        buyer.append(escape(invoice.buyer_address))
    if invoice.buyer_trn:
        buyer.append(f"Buyer's TRN: {invoice.buyer_trn}")
    facts = [
        f"<b>{title} number</b>: {invoice.number}",
        f"<b>Date</b>: {dubai_time(invoice.issued_at)}",
    ]
    if invoice.due_at is not None:
        facts.append(f"<b>Due</b>: {dubai_time(invoice.due_at)}")
    if invoice.vehicle_id:  # a deposit invoice is for no vehicle
        facts.append(f"<b>Vehicle</b>: {escape(vehicle_text(invoice))}")
    story: list[object] = [
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
        treatment = vat_treatment(line.kind, line.vat_rate)
        rows.append(
            [
                [Paragraph(escape(line.description), body), Paragraph(f"<i>{escape(treatment)}</i>", small)],
                str(line.quantity),
                figure(line.unit_amount),
                figure(line.amount),
                rate(line.vat_rate),
                figure(line.vat),
                figure(line.total),
            ]
        )
    rows.append(["Subtotal", "", "", figure(invoice.subtotal), "", "", ""])
    rows.append(["VAT", "", "", "", "", figure(invoice.vat_total), ""])
    rows.append(["Total in AED", "", "", "", "", "", figure(invoice.total)])
    widths = [62 * mm, 10 * mm, 22 * mm, 22 * mm, 12 * mm, 20 * mm, 26 * mm]
    table = Table(
        rows, colWidths=one_line_widths(rows, widths, flexible=0, size=8, bold_last=True), repeatRows=1
    )
    table.setStyle(table_style(3))
    story.append(table)
    if invoice.kind in OWED:
        still = max(invoice.total - invoice.paid_amount, Decimal("0"))
        story += [
            Spacer(1, 6 * mm),
            Paragraph(f"Paid: {aed(invoice.paid_amount)} · Still to pay: {aed(still)}", styles["Normal"]),
        ]
        if invoice.status != "cancelled" and still > 0:
            story += [
                Spacer(1, 4 * mm),
                Paragraph("<b>How to pay</b>", styles["Normal"]),
                Paragraph("<br/>".join(how_to_pay(invoice, business)), styles["Normal"]),
            ]
    if invoice.void_reason:
        story += [Spacer(1, 4 * mm), Paragraph(f"Reason: {escape(invoice.void_reason)}", styles["Normal"])]
    document.build(story)
    return buffer.getvalue()
