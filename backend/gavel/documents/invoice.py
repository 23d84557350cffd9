"""The tax invoice (or credit note, deposit or penalty invoice) as a PDF, drawn with ReportLab from what the
document stored; how to pay comes from the business settings of today."""

from decimal import Decimal
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from gavel.business.models import BusinessSettings
from gavel.core.money import aed
from gavel.core.pdf import (
    IN_DUBAI,
    ArabicText,
    Label,
    a4,
    both,
    dubai_time,
    facts,
    figure,
    label_style,
    one_line_widths,
    rate,
    sheet,
    table_style,
    text,
)
from gavel.invoices.calculation import vat_treatment
from gavel.invoices.models import Invoice

# Each document's title in English and in Arabic (docs/arabic-glossary.md).
TITLES = {
    "invoice": ("Tax Invoice", "فاتورة ضريبية"),
    "creditNote": ("Tax Credit Note", "إشعار دائن ضريبي"),
    "deposit": ("Deposit Invoice", "فاتورة تأمين"),
    "penalty": ("Penalty Invoice", "فاتورة غرامة"),
    "settlement": ("Settlement Statement", "كشف التسوية"),
}
INVOICE = ("Invoice", "فاتورة")
# The table's header and total rows: (English, Arabic).
COLUMNS: list[tuple[str, str | tuple[str, ...]]] = [
    ("Description", "الوصف"),
    ("Qty", "الكمية"),
    ("Unit (AED)", ("سعر الوحدة", "بالدرهم")),
    ("Net (AED)", ("الصافي", "بالدرهم")),
    ("VAT", "الضريبة"),
    ("VAT (AED)", ("الضريبة", "بالدرهم")),
    ("Total (AED)", ("الإجمالي", "بالدرهم")),
]
# The Arabic of each kind of line (labels.ar.json), in its VAT treatment.
LINE_KINDS = {
    "vehicle": "المركبة",
    "sale": "رسم البيع",
    "gatePass": "رسم تصريح الخروج",
    "storagePerDay": "التخزين",
    "latePayment": "رسم التأخر في الدفع",
    "defaultPenalty": "غرامة التخلف عن الدفع",
    "deposit": "التأمين",
    "sellerFee": "رسم البائع",
}
DESK = "لدى الصندوق بالبطاقة أو نقدًا أو بشيك"
# The documents a member pays, which say how.
OWED = ("invoice", "deposit", "penalty")


def vehicle_text(invoice: Invoice) -> str:
    return f"Lot {invoice.vehicle_lot_number} · {invoice.vehicle_title} · VIN {invoice.vehicle_vin}"


def vat_treatment_arabic(kind: str, vat_rate: Decimal) -> str:
    """The Arabic of `vat_treatment`, printed under it: the same treatment, the same rate."""
    percent = rate(vat_rate)
    if kind == "vehicle":
        if vat_rate > 0:
            # The rate ends the sentence: a figure before an Arabic comma would be set in the Arabic face.
            return (
                "المركبة: مباعة نيابة عن بائع مسجل في ضريبة القيمة المضافة، "
                f"وتخضع لضريبة القيمة المضافة بنسبة {percent}"
            )
        return "المركبة: لا تدخل في نطاق ضريبة القيمة المضافة، مباعة نيابة عن البائع"
    if kind == "deposit":
        return "التأمين: قابل للاسترداد، لا يدخل في نطاق ضريبة القيمة المضافة"
    what = LINE_KINDS.get(kind, "البند")
    if vat_rate > 0:
        return f"{what}: خاضع للنسبة الأساسية، ضريبة القيمة المضافة بنسبة {percent}"
    return f"{what}: لا تُحتسب ضريبة القيمة المضافة (0%)"


def business_block(invoice: Invoice, style: ParagraphStyle, width: float) -> Flowable:
    """The business as the document copied it, escaped: ReportLab paragraphs read markup; its phone and TRN
    with their Arabic labels."""
    rows = [(text(invoice.business_name), ""), (text(invoice.business_address), "")]
    if invoice.business_phone:
        rows.append((f"Phone {escape(invoice.business_phone)}", "الهاتف"))
    if invoice.business_trn:
        rows.append((f"TRN {escape(invoice.business_trn)}", "الرقم الضريبي"))
    return facts(rows, style, width)


def iban_text(iban: str) -> str:
    """An IBAN as banks print it, in groups of four: AE07 0331 2345 6789 0123 456."""
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


def how_to_pay(invoice: Invoice, business: BusinessSettings | None) -> list[tuple[str, str]]:
    """The lines of 'How to pay' (markup, and the Arabic beside it): the bank account of the business
    settings when it has one, and always the reference to quote, the document's number."""
    lines = []
    if business is not None and business.iban:
        account = business.bank_account_name or business.legal_name
        lines.append((f"By bank transfer to {text(account)}", "بالتحويل المصرفي إلى"))
        if business.bank_name:
            lines.append((f"Bank: {text(business.bank_name)}", "البنك"))
        lines.append((f"IBAN: {iban_text(business.iban)}", "رقم IBAN"))
        lines.append(("Or at our cashier's desk by card, cash or cheque.", f"أو {DESK}"))
    else:
        lines.append(("At our cashier's desk by card, cash or cheque.", DESK))
    lines.append((f"Reference to quote: <b>{escape(invoice.number)}</b>", "المرجع عند الدفع"))
    return lines


def invoice_pdf(invoice: Invoice, business: BusinessSettings | None = None) -> bytes:
    """The document as issued, in English and Arabic; a document a member owes says what was paid, what is
    still to pay, and how."""
    styles = sheet()
    normal = styles["Normal"]
    body, small = styles["BodyText"], normal.clone("small", fontSize=7, leading=9)
    buffer = BytesIO()
    document = a4(buffer, invoice.number, invoice.business_name)
    width = document.width
    title, title_arabic = TITLES.get(invoice.kind, INVOICE)
    buyer = [(f"<b>Bill to</b>: {text(invoice.buyer_name)}", "المشتري")]
    if invoice.buyer_address:
        buyer.append((text(invoice.buyer_address), ""))
    if invoice.buyer_trn:
        buyer.append((f"Buyer's TRN: {escape(invoice.buyer_trn)}", "الرقم الضريبي للمشتري"))
    lines = [
        (f"<b>{title} number</b>: {escape(invoice.number)}", "رقم المستند"),
        (f"<b>Date</b>: {dubai_time(invoice.issued_at)}", f"التاريخ {IN_DUBAI}"),
    ]
    if invoice.due_at is not None:
        lines.append((f"<b>Due</b>: {dubai_time(invoice.due_at)}", f"تاريخ الاستحقاق {IN_DUBAI}"))
    if invoice.vehicle_id:  # a deposit invoice is for no vehicle
        lines.append((f"<b>Vehicle</b>: {text(vehicle_text(invoice))}", "المركبة"))
    story: list[object] = [
        Paragraph(both(escape(title), title_arabic, bold=True), styles["Title"]),
        business_block(invoice, normal, width),
        Spacer(1, 6 * mm),
        facts(buyer, normal, width),
        Spacer(1, 4 * mm),
        facts(lines, normal, width),
        Spacer(1, 6 * mm),
    ]
    header, plain, bold = label_style(8, header=True), label_style(8), label_style(8, bold=True)
    rows: list[list[object]] = [[Label(english, words, header) for english, words in COLUMNS]]
    for line in invoice.lines:
        treatment = vat_treatment(line.kind, line.vat_rate)
        rows.append(
            [
                [
                    Paragraph(text(line.description), body),
                    Paragraph(f"<i>{escape(treatment)}</i>", small),
                    ArabicText(vat_treatment_arabic(line.kind, line.vat_rate), small),
                ],
                str(line.quantity),
                figure(line.unit_amount),
                figure(line.amount),
                rate(line.vat_rate),
                figure(line.vat),
                figure(line.total),
            ]
        )
    rows.append([Label("Subtotal", "المجموع الفرعي", plain), "", "", figure(invoice.subtotal), "", "", ""])
    rows.append([Label("VAT", "ضريبة القيمة المضافة", plain), "", "", "", "", figure(invoice.vat_total), ""])
    rows.append([Label("Total in AED", "الإجمالي بالدرهم", bold), "", "", "", "", "", figure(invoice.total)])
    widths = [62 * mm, 10 * mm, 22 * mm, 22 * mm, 12 * mm, 20 * mm, 26 * mm]
    table = Table(
        rows, colWidths=one_line_widths(rows, widths, flexible=0, size=8, bold_last=True), repeatRows=1
    )
    table.setStyle(table_style(3))
    story.append(table)
    if invoice.kind in OWED:
        still = max(invoice.total - invoice.paid_amount, Decimal("0"))
        paid = [
            (f"Paid: {aed(invoice.paid_amount)}", "المدفوع"),
            (f"Still to pay: {aed(still)}", "المتبقي للدفع"),
        ]
        story += [Spacer(1, 6 * mm), facts(paid, normal, width)]
        if invoice.status != "cancelled" and still > 0:
            story += [
                Spacer(1, 4 * mm),
                Paragraph(both("<b>How to pay</b>", "طريقة الدفع", bold=True), normal),
                facts(how_to_pay(invoice, business), normal, width),
            ]
    if invoice.void_reason:
        reason = [(f"Reason: {text(invoice.void_reason)}", "السبب")]
        story += [Spacer(1, 4 * mm), facts(reason, normal, width)]
    document.build(story)
    return buffer.getvalue()
