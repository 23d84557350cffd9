"""The CSV and XLSX exports, read back: the rows and totals of the screen, streamed in batches."""

import csv
import io
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest
from httpx import AsyncClient
from openpyxl import load_workbook

from gavel.reports import repository, service
from tests.reports.conftest import PERIOD, SALE_DAY

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def export(client: AsyncClient, headers: dict[str, str], name: str, fmt: str) -> Any:
    answer = await client.post(f"/api/reports/{name}/export", json={**PERIOD, "format": fmt}, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer


def csv_rows(answer: Any) -> list[list[str]]:
    return list(csv.reader(io.StringIO(answer.content.decode("utf-8"))))


async def test_sales_by_event_as_csv(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    answer = await export(client, admin, "sales-by-event", "csv")
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert (
        answer.headers["content-disposition"] == 'attachment; filename="sales-by-event-20310501-20310501.csv"'
    )
    header, row, blank, total = csv_rows(answer)
    assert header == [
        "Sale day",
        "Auction",
        "Lots run",
        "Sold",
        "No sale",
        "Hammer total (AED)",
        "Fees (AED)",
        "VAT (AED)",
    ]
    assert row == ["01/05/2031", "Dubai Thursday Live Sale", "4", "3", "1", "75000.00", "1400.00", "70.00"]
    assert blank == []
    assert total == ["Total: 1 events", "", "4", "3", "1", "75000.00", "1400.00", "70.00"]


async def test_vat_as_xlsx(client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]) -> None:
    answer = await export(client, admin, "vat", "xlsx")
    assert answer.headers["content-type"] == XLSX
    sheet = load_workbook(io.BytesIO(answer.content), read_only=True)["VAT"]
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert rows[0][:3] == ["Document", "Kind", "Issued (Dubai)"]
    documents = rows[1:6]
    assert sorted(str(r[1]) for r in documents) == [
        "Credit note",
        "Settlement (seller fees)",
        "Tax invoice",
        "Tax invoice",
        "Tax invoice",
    ]
    issued = documents[0][2]
    assert isinstance(issued, datetime) and issued.date() == SALE_DAY  # a real date cell, in Dubai time
    assert sum(Decimal(str(r[7])) for r in documents) == Decimal("70.00")
    by_label = {r[0]: r for r in rows[7:] if r and r[0]}
    box = by_label["VAT return, box 1: standard-rated supplies"]
    assert (box[5], box[7]) == (1400, 70)
    assert by_label["Total output VAT"][7] == 70
    assert by_label["Invoiced without VAT (outside the scope of VAT)"][6] == 50000


async def test_receivables_and_payouts_exports(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    header, row, *_, total = csv_rows(await export(client, admin, "receivables", "csv"))
    assert header[0] == "Invoice" and row[0] == sale_day["invoices"][2]["invoiceNo"]
    assert row[5:] == ["25472.50", "0.00", "25472.50", "0", "Not yet due"]
    assert total[6:] == ["Total", "25472.50"]

    sheet = load_workbook(io.BytesIO((await export(client, admin, "payouts", "xlsx")).content))[
        "Payouts and refunds"
    ]
    payout = [c.value for c in sheet[2]]
    assert payout[1:3] == ["Payout", "Pending"]
    assert payout[10] == 24475
    assert sheet.cell(2, 11).number_format == "#,##0.00"


async def test_an_export_is_streamed_in_batches(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rows are read BATCH_ROWS at a time from a cursor and written as they come: five documents in
    batches of two are three reads, and the answer is a stream (no Content-Length)."""
    sizes: list[int] = []
    real = repository.batches

    async def counted(session: Any, stmt: Any, size: int) -> AsyncIterator[Sequence[Any]]:
        async for batch in real(session, stmt, size):
            sizes.append(len(batch))
            yield batch

    monkeypatch.setattr(service, "BATCH_ROWS", 2)
    monkeypatch.setattr(repository, "batches", counted)
    for fmt in ("csv", "xlsx"):
        sizes.clear()
        answer = await export(client, admin, "vat", fmt)
        assert "content-length" not in answer.headers
        assert sizes == [2, 2, 1], fmt
        if fmt == "csv":
            assert (
                len(csv_rows(answer)) == 1 + 5 + 1 + 1 + 2 * 4 + 3
            )  # header, rows, blank, VAT by rate, boxes
