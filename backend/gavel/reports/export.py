"""A report's rows as CSV or XLSX, streamed: rows are read a batch at a time, so a year of data never sits
in memory. The CSV goes out batch by batch; the XLSX is written row by row to a temporary file by XlsxWriter
in constant-memory mode, then sent in chunks and deleted."""

import csv
import io
import os
import tempfile
from collections.abc import AsyncIterator, Sequence
from datetime import date, datetime
from decimal import Decimal

import xlsxwriter
from starlette.concurrency import run_in_threadpool

from gavel.core.clock import DUBAI
from gavel.core.spreadsheet import cell, column_names
from gavel.reports.repository import AnyRow
from gavel.reports.tables import Cell, Table

CHUNK_BYTES = 64 * 1024
MEDIA_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}

Batches = AsyncIterator[Sequence[AnyRow]]

# The reports' column titles (reports/tables.py) in Arabic, for a user in Arabic: the report screens' words.
ARABIC = {
    "Sale day": "يوم البيع",
    "Auction": "المزاد",
    "Lots run": "القطع المعروضة",
    "Sold": "مباع",
    "No sale": "لم يُبع",
    "Hammer total (AED)": "إجمالي سعر البيع بالمطرقة (درهم)",
    "Fees (AED)": "الرسوم (درهم)",
    "VAT (AED)": "ضريبة القيمة المضافة (درهم)",
    "Invoice": "الفاتورة",
    "Kind": "النوع",
    "Member": "العضو",
    "Issued (Dubai)": "تاريخ الإصدار (دبي)",
    "Due (Dubai)": "تاريخ الاستحقاق (دبي)",
    "Total (AED)": "الإجمالي (درهم)",
    "Paid (AED)": "المدفوع (درهم)",
    "Due now (AED)": "المستحق الآن (درهم)",
    "Days overdue": "أيام التأخير",
    "Age": "العمر",
    "Transaction": "المعاملة",
    "Status": "الحالة",
    "Settlement or invoice": "التسوية أو الفاتورة",
    "Lot": "القطعة",
    "Method": "طريقة الدفع",
    "Reference": "المرجع",
    "Date (Dubai)": "التاريخ (دبي)",
    "Completed (Dubai)": "تاريخ الإكمال (دبي)",
    "Amount (AED)": "المبلغ (درهم)",
    "Document": "المستند",
    "Customer": "العميل",
    "Customer TRN": "رقم التسجيل الضريبي للعميل (TRN)",
    "Standard-rated net (AED)": "الصافي بالنسبة الأساسية (درهم)",
    "Without VAT (AED)": "دون ضريبة القيمة المضافة (درهم)",
}


def titles(table: Table) -> list[str]:
    """The header row in the request's language."""
    return column_names([c.title for c in table.columns], ARABIC)


def _text(value: Cell) -> str:
    """A cell as CSV text: amounts with two places, days DD/MM/YYYY, moments in Dubai time."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return value.astimezone(DUBAI).strftime("%d/%m/%Y %H:%M")
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    return cell(value)


def _csv_lines(rows: Sequence[Sequence[Cell]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([_text(v) for v in row])
    return out.getvalue().encode("utf-8")


async def csv_chunks(table: Table, batches: Batches) -> AsyncIterator[bytes]:
    """The header, then one chunk per batch of rows, then a blank line and the totals."""
    yield _csv_lines([titles(table)])
    async for batch in batches:
        yield _csv_lines([table.cells(row) for row in batch])
    yield _csv_lines([[], *await table.footer()])


class _Sheet:
    """One worksheet written top to bottom (constant-memory mode keeps only the current row)."""

    def __init__(self, path: str, table: Table, header: Sequence[str]) -> None:
        self.workbook = xlsxwriter.Workbook(path, {"constant_memory": True, "tmpdir": os.path.dirname(path)})
        self.sheet = self.workbook.add_worksheet(table.title[:31])
        self.bold = self.workbook.add_format({"bold": True})
        self.formats = {
            "money": self.workbook.add_format({"num_format": "#,##0.00"}),
            "day": self.workbook.add_format({"num_format": "dd/mm/yyyy"}),
            "moment": self.workbook.add_format({"num_format": "dd/mm/yyyy hh:mm"}),
        }
        self.kinds = [c.kind for c in table.columns]
        self.row = 0
        for col, title in enumerate(header):
            self.sheet.write_string(0, col, title, self.bold)
            self.sheet.set_column(col, col, max(12, len(title) + 2))
        self.row = 1

    def write(self, rows: Sequence[Sequence[Cell]]) -> None:
        for values in rows:
            for col, value in enumerate(values):
                self._cell(col, value)
            self.row += 1

    def _cell(self, col: int, value: Cell) -> None:
        if value is None:
            return
        if isinstance(value, Decimal):
            self.sheet.write_number(self.row, col, value, self.formats["money"])
        elif isinstance(value, bool) or not isinstance(value, int | datetime | date):
            self.sheet.write_string(self.row, col, str(value))
        elif isinstance(value, datetime):
            moment = value.astimezone(DUBAI).replace(tzinfo=None)
            self.sheet.write_datetime(self.row, col, moment, self.formats["moment"])
        elif isinstance(value, date):
            self.sheet.write_datetime(self.row, col, value, self.formats["day"])
        else:
            self.sheet.write_number(self.row, col, value)

    def close(self) -> None:
        self.workbook.close()


def _read(path: str, offset: int) -> bytes:
    with open(path, "rb") as f:
        f.seek(offset)
        return f.read(CHUNK_BYTES)


async def xlsx_chunks(table: Table, batches: Batches) -> AsyncIterator[bytes]:
    """The workbook written to a temporary file a batch at a time (in a worker thread, so the event loop
    keeps serving), then sent in chunks; the file is deleted at the end, also when the download stops."""
    folder = tempfile.mkdtemp(prefix="gavel-report-")
    path = os.path.join(folder, "report.xlsx")
    try:
        sheet = await run_in_threadpool(_Sheet, path, table, titles(table))
        async for batch in batches:
            await run_in_threadpool(sheet.write, [table.cells(row) for row in batch])
        footer = await table.footer()
        await run_in_threadpool(sheet.write, [[], *footer])
        await run_in_threadpool(sheet.close)
        offset = 0
        while chunk := await run_in_threadpool(_read, path, offset):
            offset += len(chunk)
            yield chunk
    finally:
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        os.rmdir(folder)
