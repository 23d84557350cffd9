"""No document number ever wraps on a PDF: every number a PDF prints is whole on one line of its text (a
wrapped 'INV-2031-000001' reads back as 'INV-2031-00000' and '1'), and a column is as wide as its longest
number, date or amount."""

from typing import Any

from httpx import AsyncClient
from reportlab.lib.units import mm

from gavel.core.pdf import PADDING, one_line_widths, text_width
from tests.documents.conftest import pdf_text
from tests.money_out.conftest import completion


def whole(numbers: list[str], text: str) -> list[str]:
    """The numbers that no line of the text holds whole."""
    lines = text.splitlines()
    return [n for n in numbers if not any(n in line for line in lines)]


async def pdf(client: AsyncClient, headers: dict[str, str], path: str) -> str:
    answer = await client.get(path, headers=headers)
    assert answer.status_code == 200, answer.text
    return pdf_text(answer.content)


async def test_every_pdf_prints_its_numbers_whole(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    invoice, payment, payout = paid_sale["invoice"], paid_sale["payment"], paid_sale["payout"]
    done = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    assert done.status_code == 200, done.text
    buyer, seller = paid_sale["buyer"]["_id"], paid_sale["seller"]
    settlement = payout["invoice"]
    numbers = [
        invoice["invoiceNo"],
        payment["transactionId"],
        payout["transactionId"],
        settlement["invoiceNo"],
    ]
    assert all(numbers) and settlement["invoiceNo"].startswith("INV-S-")

    text = await pdf(client, admin, f"/api/invoices/{invoice['_id']}/pdf")
    assert whole([invoice["invoiceNo"], "25,472.50"], text) == []
    text = await pdf(client, admin, f"/api/payments/{payment['_id']}/pdf")
    assert whole([payment["transactionId"], invoice["invoiceNo"], "AED 25,472.50"], text) == []
    text = await pdf(client, admin, f"/api/invoices/{settlement['_id']}/pdf")
    assert whole([settlement["invoiceNo"], payout["transactionId"], "24,475.00"], text) == []
    assert "Paid out: AED 24,475.00 on" in " ".join(text.split())
    # The screens read the same: a paid-out settlement shows what was paid.
    shown = (await client.get(f"/api/invoices/{settlement['_id']}", headers=admin)).json()
    assert (shown["status"], shown["paidAmount"]) == ("paidOut", 24475)
    # The statements: a document and its payment in one cell, each whole on a line of its own.
    text = await pdf(client, admin, f"/api/members/{buyer}/statement.pdf")
    assert whole([invoice["invoiceNo"], payment["transactionId"], "25,472.50"], text) == []
    text = await pdf(client, admin, f"/api/members/{seller}/statement.pdf")
    assert whole([settlement["invoiceNo"], payout["transactionId"], "24,475.00"], text) == []
    assert "Payout" in text and "payout" not in text.replace("Payout", "")  # the ledger's kinds in words


def test_a_column_narrower_than_its_number_is_widened_from_the_description() -> None:
    rows = [
        ["Description", "Document"],
        ["A long description that wraps", "INV-S-2031-000123\nOUT-2031-000001"],
    ]
    widths = one_line_widths(rows, [100 * mm, 10 * mm], flexible=0, size=7)
    assert widths[1] == text_width("INV-S-2031-000123", 7) + 2 * PADDING
    assert sum(widths) == 110 * mm  # the table keeps its width
    assert one_line_widths(rows, [60 * mm, 50 * mm], flexible=0, size=7) == [60 * mm, 50 * mm]
