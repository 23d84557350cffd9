"""The receipt of a payment received, a payout or a refund as a PDF, drawn with ReportLab from what the
payment and its document stored."""

from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from gavel.core.labels import label
from gavel.core.money import aed
from gavel.core.pdf import (
    IN_DUBAI,
    ArabicText,
    Label,
    a4,
    both,
    dubai_time,
    facts,
    label_style,
    one_line_widths,
    sheet,
    table_style,
    text,
)
from gavel.documents.invoice import business_block, vehicle_text
from gavel.payments.models import Payment

TITLES = {
    "payment": ("Payment Receipt", "إيصال دفعة"),
    "payout": ("Payout Receipt", "إيصال دفعة للبائع"),
    "refund": ("Refund Receipt", "إيصال استرداد"),
}
DONE = {"inbound": "Verified", "outbound": "Completed"}
# The Arabic of the document a payment is for, beside label("InvoiceKind", ...).
KINDS = {
    "invoice": "الفاتورة",
    "creditNote": "الإشعار الدائن",
    "deposit": "فاتورة التأمين",
    "penalty": "فاتورة الغرامة",
    "settlement": "كشف التسوية",
}
# What a payment not done yet says, in English and in Arabic.
STATES = {
    "Pending": (
        "Not paid yet: this payment waits for a second staff user.",
        "لم تُدفع بعد: تنتظر هذه الدفعة اعتماد موظف ثانٍ.",
    ),
    "Rejected": ("Rejected: this money was not received.", "مرفوضة: لم يُستلم هذا المبلغ."),
    "Canceled": ("Cancelled: this money was not paid.", "ملغاة: لم يُدفع هذا المبلغ."),
}


def payment_pdf(payment: Payment) -> bytes:
    """What was paid, by whom or to whom, how and when, in English and Arabic; a payment not done yet says so
    plainly."""
    invoice = payment.invoice
    styles = sheet()
    normal, body = styles["Normal"], styles["BodyText"]
    buffer = BytesIO()
    title, title_arabic = TITLES.get(payment.kind, TITLES["payment"])
    document = a4(buffer, payment.transaction_id, invoice.business_name)
    width = document.width
    done = payment.confirmation == DONE.get(payment.direction)
    party = ("Received from", "استلمنا من") if payment.direction == "inbound" else ("Paid to", "دُفع إلى")
    header, plain, bold = label_style(8, header=True), label_style(8), label_style(8, bold=True)
    rows: list[list[object]] = [[Label("Transaction", "رقم العملية", header), payment.transaction_id]]
    kind = Label(label("InvoiceKind", invoice.kind), KINDS.get(invoice.kind, "المستند"), plain)
    rows.append([kind, invoice.number])
    if invoice.vehicle_id:
        rows.append([Label("Vehicle", "المركبة", plain), Paragraph(text(vehicle_text(invoice)), body)])
    if payment.kind == "refund":
        rows.append([Label("Refund of", "استرداد عن", plain), label("RefundKind", payment.refund_kind)])
        rows.append([Label("Reason", "السبب", plain), Paragraph(text(payment.refund_reason or ""), body)])
    rows.append([Label("Method", "طريقة الدفع", plain), label("PaymentMethod", payment.method)])
    if payment.reference:
        rows.append([Label("Reference", "المرجع", plain), Paragraph(text(payment.reference), body)])
    if done:
        rows.append([Label("Date", f"التاريخ {IN_DUBAI}", plain), dubai_time(payment.paid_at)])
    rows.append([Label("Status", "الحالة", plain), label("PaymentStatus", payment.confirmation)])
    rows.append([Label("Amount", "المبلغ", bold), aed(payment.amount)])
    widths = one_line_widths(rows, [50 * mm, 120 * mm], flexible=1, size=8, bold_last=True)
    table = Table(rows, colWidths=widths)
    table.setStyle(table_style(1))
    story: list[object] = [
        Paragraph(both(escape(title), title_arabic, bold=True), styles["Title"]),
        business_block(invoice, normal, width),
        Spacer(1, 6 * mm),
        facts([(f"<b>{party[0]}</b>: {text(invoice.buyer_name)}", party[1])], normal, width),
        Spacer(1, 6 * mm),
        table,
    ]
    if not done:
        english, words = STATES.get(payment.confirmation, (payment.confirmation, ""))
        story += [Spacer(1, 6 * mm), Paragraph(f"<b>{escape(english)}</b>", normal)]
        if words:
            story.append(ArabicText(words, normal, bold=True))
        if payment.reject_reason:
            story.append(facts([(f"Reason: {text(payment.reject_reason)}", "السبب")], normal, width))
    document.build(story)
    return buffer.getvalue()
