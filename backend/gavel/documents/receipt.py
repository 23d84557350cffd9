"""The receipt of a payment received, a payout or a refund as a PDF, drawn with ReportLab from what the
payment and its document stored."""

from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from gavel.core.labels import label
from gavel.core.money import aed
from gavel.core.pdf import a4, dubai_time, one_line_widths, table_style
from gavel.documents.invoice import business_block, vehicle_text
from gavel.payments.models import Payment

TITLES = {"payment": "Payment Receipt", "payout": "Payout Receipt", "refund": "Refund Receipt"}
DONE = {"inbound": "Verified", "outbound": "Completed"}


def payment_pdf(payment: Payment) -> bytes:
    """What was paid, by whom or to whom, how and when; a payment not done yet says so plainly."""
    invoice = payment.invoice
    styles = getSampleStyleSheet()
    buffer = BytesIO()
    title = TITLES.get(payment.kind, "Payment Receipt")
    document = a4(buffer, payment.transaction_id, invoice.business_name)
    done = payment.confirmation == DONE.get(payment.direction)
    party = "Received from" if payment.direction == "inbound" else "Paid to"
    rows: list[list[object]] = [["Transaction", payment.transaction_id]]
    rows.append([label("InvoiceKind", invoice.kind), invoice.number])
    if invoice.vehicle_id:
        rows.append(["Vehicle", Paragraph(escape(vehicle_text(invoice)), styles["BodyText"])])
    if payment.kind == "refund":
        rows.append(["Refund of", label("RefundKind", payment.refund_kind)])
        rows.append(["Reason", Paragraph(escape(payment.refund_reason or ""), styles["BodyText"])])
    rows.append(["Method", label("PaymentMethod", payment.method)])
    if payment.reference:
        rows.append(["Reference", Paragraph(escape(payment.reference), styles["BodyText"])])
    if done:
        rows.append(["Date", dubai_time(payment.paid_at)])
    rows.append(["Status", label("PaymentStatus", payment.confirmation)])
    rows.append(["Amount", aed(payment.amount)])
    widths = one_line_widths(rows, [50 * mm, 120 * mm], flexible=1, size=8, bold_last=True)
    table = Table(rows, colWidths=widths)
    table.setStyle(table_style(1))
    story: list[object] = [
        Paragraph(title, styles["Title"]),
        Paragraph(business_block(invoice), styles["Normal"]),
        Spacer(1, 6 * mm),
        Paragraph(f"<b>{party}</b>: {escape(invoice.buyer_name)}", styles["Normal"]),
        Spacer(1, 6 * mm),
        table,
    ]
    if not done:
        state = {
            "Pending": "Not paid yet: this payment waits for a second staff user.",
            "Rejected": "Rejected: this money was not received.",
            "Canceled": "Cancelled: this money was not paid.",
        }.get(payment.confirmation, payment.confirmation)
        story += [Spacer(1, 6 * mm), Paragraph(f"<b>{escape(state)}</b>", styles["Normal"])]
        if payment.reject_reason:
            story.append(Paragraph(f"Reason: {escape(payment.reject_reason)}", styles["Normal"]))
    document.build(story)
    return buffer.getvalue()
