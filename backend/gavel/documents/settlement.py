"""The seller's settlement statement as a PDF: the price less the seller fees is the payout, then what became
of the payout."""

from collections.abc import Sequence
from decimal import Decimal
from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from gavel.core.labels import label
from gavel.core.money import aed
from gavel.core.pdf import a4, dubai_day, dubai_time, figure, one_line_widths, rate, table_style
from gavel.documents.invoice import business_block, vehicle_text
from gavel.invoices.models import Invoice
from gavel.payments.models import Payment


def settlement_pdf(settlement: Invoice, payouts: Sequence[Payment]) -> bytes:
    """The seller's settlement statement: the price, less each seller fee and the VAT on it, is the payout;
    then what became of the payout (pending, completed with method, reference and date, or cancelled) and,
    once paid out, what was paid."""
    styles = getSampleStyleSheet()
    buffer = BytesIO()
    document = a4(buffer, settlement.number, settlement.business_name)
    seller = [f"<b>Pay to</b>: {escape(settlement.buyer_name)}"]
    if settlement.buyer_trn:
        seller.append(f"Seller's TRN: {settlement.buyer_trn}")
    facts = [
        f"<b>Statement number</b>: {settlement.number}",
        f"<b>Date</b>: {dubai_time(settlement.issued_at)}",
    ]
    if settlement.sale_date is not None:
        facts.append(f"<b>Sale date</b>: {settlement.sale_date.strftime('%d/%m/%Y')}")
    facts.append(f"<b>Vehicle</b>: {escape(vehicle_text(settlement))}")
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
                figure(line.amount),
                rate(line.vat_rate) if line.kind != "vehicle" else "",
                figure(line.vat) if line.kind != "vehicle" else "",
                figure(line.total),
            ]
        )
    rows.append(["Sale price", "", "", "", figure(price)])
    rows.append(
        ["Less seller fees", "", "", "", figure(sum((line.amount for line in fees), Decimal("0.00")))]
    )
    rows.append(
        ["Less VAT on the fees", "", "", "", figure(sum((line.vat for line in fees), Decimal("0.00")))]
    )
    rows.append(["Payout in AED", "", "", "", figure(settlement.total)])
    widths = [84 * mm, 26 * mm, 14 * mm, 22 * mm, 28 * mm]
    table = Table(
        rows, colWidths=one_line_widths(rows, widths, flexible=0, size=8, bold_last=True), repeatRows=1
    )
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
                    label("PaymentStatus", payout.confirmation),
                    label("OutboundMethod", payout.method),
                    Paragraph(escape(payout.reference or ""), styles["BodyText"]),
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
            story += [
                Spacer(1, 4 * mm),
                Paragraph(
                    f"<b>Paid out</b>: {aed(sent)} on {dubai_day(completed[-1].paid_at)}", styles["Normal"]
                ),
            ]
    document.build(story)
    return buffer.getvalue()
