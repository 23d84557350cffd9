"""The seller's settlement statement as a PDF: the price less the seller fees is the payout, then what became
of the payout."""

from collections.abc import Sequence
from decimal import Decimal
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
    dubai_day,
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
from gavel.documents.invoice import business_block, vehicle_text
from gavel.invoices.models import Invoice
from gavel.payments.models import Payment

COLUMNS: list[tuple[str, str | tuple[str, ...]]] = [
    ("Description", "الوصف"),
    ("Amount (AED)", ("المبلغ", "بالدرهم")),
    ("VAT", "الضريبة"),
    ("VAT (AED)", ("الضريبة", "بالدرهم")),
    ("Total (AED)", ("الإجمالي", "بالدرهم")),
]
PAYOUT_COLUMNS: list[tuple[str, str | tuple[str, ...]]] = [
    ("Payout", "الدفعة للبائع"),
    ("Status", "الحالة"),
    ("Method", "الطريقة"),
    ("Reference", "المرجع"),
    ("Date", ("التاريخ", IN_DUBAI)),
]


def settlement_pdf(settlement: Invoice, payouts: Sequence[Payment]) -> bytes:
    """The seller's settlement statement, in English and Arabic: the price, less each seller fee and the VAT
    on it, is the payout; then what became of the payout (pending, completed with method, reference and
    date, or cancelled) and, once paid out, what was paid."""
    styles = sheet()
    normal = styles["Normal"]
    buffer = BytesIO()
    document = a4(buffer, settlement.number, settlement.business_name)
    width = document.width
    seller = [(f"<b>Pay to</b>: {text(settlement.buyer_name)}", "الدفع إلى")]
    if settlement.buyer_trn:
        seller.append((f"Seller's TRN: {escape(settlement.buyer_trn)}", "الرقم الضريبي للبائع"))
    lines = [
        (f"<b>Statement number</b>: {escape(settlement.number)}", "رقم الكشف"),
        (f"<b>Date</b>: {dubai_time(settlement.issued_at)}", f"التاريخ {IN_DUBAI}"),
    ]
    if settlement.sale_date is not None:
        lines.append((f"<b>Sale date</b>: {settlement.sale_date.strftime('%d/%m/%Y')}", "تاريخ البيع"))
    lines.append((f"<b>Vehicle</b>: {text(vehicle_text(settlement))}", "المركبة"))
    story: list[object] = [
        Paragraph(both("Settlement Statement", "كشف التسوية", bold=True), styles["Title"]),
        business_block(settlement, normal, width),
        Spacer(1, 6 * mm),
        facts(seller, normal, width),
        Spacer(1, 4 * mm),
        facts(lines, normal, width),
        Spacer(1, 6 * mm),
    ]
    header, plain, bold = label_style(8, header=True), label_style(8), label_style(8, bold=True)
    price = sum((line.amount for line in settlement.lines if line.kind == "vehicle"), Decimal("0.00"))
    fees = [line for line in settlement.lines if line.kind != "vehicle"]
    rows: list[list[object]] = [[Label(english, words, header) for english, words in COLUMNS]]
    for line in settlement.lines:
        rows.append(
            [
                Paragraph(text(line.description), styles["BodyText"]),
                figure(line.amount),
                rate(line.vat_rate) if line.kind != "vehicle" else "",
                figure(line.vat) if line.kind != "vehicle" else "",
                figure(line.total),
            ]
        )
    rows.append([Label("Sale price", "سعر البيع", plain), "", "", "", figure(price)])
    rows.append(
        [
            Label("Less seller fees", "ناقص رسوم البائع", plain),
            "",
            "",
            "",
            figure(sum((line.amount for line in fees), Decimal("0.00"))),
        ]
    )
    rows.append(
        [
            Label("Less VAT on the fees", "ناقص ضريبة الرسوم", plain),
            "",
            "",
            "",
            figure(sum((line.vat for line in fees), Decimal("0.00"))),
        ]
    )
    payout_label = Label("Payout in AED", "المبلغ المدفوع للبائع بالدرهم", bold)
    rows.append([payout_label, "", "", "", figure(settlement.total)])
    widths = [84 * mm, 26 * mm, 14 * mm, 22 * mm, 28 * mm]
    table = Table(
        rows, colWidths=one_line_widths(rows, widths, flexible=0, size=8, bold_last=True), repeatRows=1
    )
    table.setStyle(table_style(4))
    story.append(table)
    story.append(Spacer(1, 6 * mm))
    if settlement.total <= 0:
        story += [
            Paragraph("The fees take the whole price: nothing is paid out.", normal),
            ArabicText("تستغرق الرسوم السعر كله: لا يُدفع شيء للبائع.", normal),
        ]
    elif payouts:
        paid: list[list[object]] = [[Label(english, words, header) for english, words in PAYOUT_COLUMNS]]
        for payout in payouts:
            paid.append(
                [
                    payout.transaction_id,
                    label("PaymentStatus", payout.confirmation),
                    label("OutboundMethod", payout.method),
                    Paragraph(text(payout.reference or ""), styles["BodyText"]),
                    dubai_time(payout.paid_at) if payout.confirmation == "Completed" else "",
                ]
            )
        widths = [34 * mm, 22 * mm, 28 * mm, 46 * mm, 44 * mm]
        payouts_table = Table(paid, colWidths=one_line_widths(paid, widths, flexible=3, size=8), repeatRows=1)
        payouts_table.setStyle(table_style(0))
        story.append(payouts_table)
        completed = [p for p in payouts if p.confirmation == "Completed"]
        if settlement.status == "paidOut" and completed:
            sent = sum((p.amount for p in completed), Decimal("0.00"))
            on = dubai_day(completed[-1].paid_at)
            story += [
                Spacer(1, 4 * mm),
                facts([(f"<b>Paid out</b>: {aed(sent)} on {on}", "المدفوع للبائع")], normal, width),
            ]
    document.build(story)
    return buffer.getvalue()
