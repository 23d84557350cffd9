"""Each report as an export reads it: its columns, the cells of a row in the words of the screen, and the
totals written under the rows."""

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.clock import dubai_date
from gavel.invoices.calculation import ZERO
from gavel.reports.repository import AnyRow, Query
from gavel.reports.schemas import AgeingBucket, ExportQuery, ReportName
from gavel.reports.service import Expand, report_service

# A cell: text, a whole number, an amount (Decimal), a day or a moment (shown in Dubai time), or empty.
Cell = Any

KIND_WORDS = {
    "invoice": "Tax invoice",
    "deposit": "Deposit invoice",
    "penalty": "Penalty invoice",
    "creditNote": "Credit note",
    "settlement": "Settlement (seller fees)",
    "payout": "Payout",
    "refund": "Refund",
}
METHOD_WORDS = {
    "bankTransfer": "Bank transfer",
    "cheque": "Cheque",
    "cash": "Cash",
    "card": "Card",
    "deposit": "From the deposit",
}
STATUS_WORDS = {"Pending": "Pending", "Completed": "Completed", "Canceled": "Cancelled"}
AGE_WORDS = {
    AgeingBucket.CURRENT: "Not yet due",
    AgeingBucket.DAYS_1_30: "1 to 30 days",
    AgeingBucket.DAYS_31_60: "31 to 60 days",
    AgeingBucket.DAYS_61_90: "61 to 90 days",
    AgeingBucket.OVER_90: "Over 90 days",
}


@dataclass(frozen=True)
class Column:
    title: str
    kind: str = "text"  # text, count, money, day, moment


@dataclass(frozen=True)
class Table:
    """A report ready to export: the statement streamed, a row's cells, and the rows of totals after it."""

    name: str
    title: str
    columns: Sequence[Column]
    statement: Query
    cells: Callable[[AnyRow], list[Cell]]
    footer: Callable[[], Awaitable[list[list[Cell]]]]
    # When the statement reads keys: a batch of them made into rows (see ReportService.rows).
    expand: Expand | None = None


def _sales(session: AsyncSession, query: ExportQuery, now: datetime) -> Table:
    stmt = report_service.sales_statement(query)
    # The totals add up the rows as they stream, without a second pass.
    totals: list[Any] = [0, 0, 0, 0, ZERO, ZERO, ZERO]

    def cells(row: AnyRow) -> list[Cell]:
        r = report_service.event_sales(row)
        figures = [1, r.lots_run, r.sold, r.no_sale, r.hammer_total, r.fees, r.vat]
        totals[:] = [total + figure for total, figure in zip(totals, figures, strict=True)]
        return [r.sale_date, r.auction_title, r.lots_run, r.sold, r.no_sale, r.hammer_total, r.fees, r.vat]

    async def footer() -> list[list[Cell]]:
        events, *rest = totals
        return [[f"Total: {events} events", None, *rest]]

    columns = [
        Column("Sale day", "day"),
        Column("Auction"),
        Column("Lots run", "count"),
        Column("Sold", "count"),
        Column("No sale", "count"),
        Column("Hammer total (AED)", "money"),
        Column("Fees (AED)", "money"),
        Column("VAT (AED)", "money"),
    ]
    return Table("sales-by-event", "Sales by event", columns, stmt, cells, footer)


def _receivables(session: AsyncSession, query: ExportQuery, now: datetime) -> Table:
    stmt = report_service.receivables_statement(query)
    today = dubai_date(now)

    def cells(row: AnyRow) -> list[Cell]:
        r = report_service.receivable(row, today)
        return [r.invoice_no, KIND_WORDS.get(r.kind, r.kind), r.buyer_name, r.issued_at, r.due_at, r.total,
                r.paid_amount, r.due_amount, r.days_overdue, AGE_WORDS[r.bucket]]  # fmt: skip

    async def footer() -> list[list[Cell]]:
        t = await report_service.ageing_totals(session, query, today)
        as_of = f"Open on {today:%d/%m/%Y}: {t.invoices} invoices"
        due = [t.current, t.days1to30, t.days31to60, t.days61to90, t.over90]
        buckets = [*zip(AGE_WORDS.values(), due, strict=True), ("Total", t.total)]
        return [[as_of]] + [[None] * 6 + [label, amount] for label, amount in buckets]

    columns = [
        Column("Invoice"),
        Column("Kind"),
        Column("Member"),
        Column("Issued (Dubai)", "moment"),
        Column("Due (Dubai)", "moment"),
        Column("Total (AED)", "money"),
        Column("Paid (AED)", "money"),
        Column("Due now (AED)", "money"),
        Column("Days overdue", "count"),
        Column("Age"),
    ]
    return Table("receivables", "Receivables ageing", columns, stmt, cells, footer)


def _payouts(session: AsyncSession, query: ExportQuery, now: datetime) -> Table:
    stmt = report_service.payouts_statement(query)

    def cells(row: AnyRow) -> list[Cell]:
        r = report_service.payout(row)
        return [r.transaction_id, KIND_WORDS.get(r.kind, r.kind), STATUS_WORDS.get(r.status, r.status),
                r.member_name, r.document_no, r.lot_number, METHOD_WORDS.get(r.method, r.method),
                r.reference, r.paid_at, r.completed_at, r.amount]  # fmt: skip

    async def footer() -> list[list[Cell]]:
        totals = await report_service.payout_totals(session, query)
        return [
            [f"{KIND_WORDS.get(t.kind, t.kind)}s {STATUS_WORDS.get(t.status, t.status).lower()}", None, None,
             None, None, t.count, None, None, None, None, t.amount]
            for t in totals
        ]  # fmt: skip

    columns = [
        Column("Transaction"),
        Column("Kind"),
        Column("Status"),
        Column("Member"),
        Column("Settlement or invoice"),
        Column("Lot", "count"),
        Column("Method"),
        Column("Reference"),
        Column("Date (Dubai)", "moment"),
        Column("Completed (Dubai)", "moment"),
        Column("Amount (AED)", "money"),
    ]
    return Table("payouts", "Payouts and refunds", columns, stmt, cells, footer)


def _vat(session: AsyncSession, query: ExportQuery, now: datetime) -> Table:
    stmt = report_service.vat_statement(query)

    def cells(row: AnyRow) -> list[Cell]:
        # The screen's figures without a model per row: a year is some 350,000 of them.
        _, number, kind, issued_at, name, trn, *_ = row
        return [number, KIND_WORDS.get(kind, kind), issued_at, name, trn, *report_service.vat_figures(row)]

    async def footer() -> list[list[Cell]]:
        by_rate, box = await report_service.vat_summary(session, query)
        head = ["Output VAT by rate", None, None, None, None, "Net (AED)", None, "VAT (AED)"]
        rows: list[list[Cell]] = [head]
        for r in by_rate:
            rows += [
                [f"{r.rate}%: sales", None, None, None, None, r.sales_net, None, r.sales_vat],
                [f"{r.rate}%: credit notes", None, None, None, None, r.credit_notes_net, None,
                 r.credit_notes_vat],
                [f"{r.rate}%: seller fees", None, None, None, None, r.seller_fees_net, None,
                 r.seller_fees_vat],
                [f"{r.rate}%: total", None, None, None, None, r.net, None, r.vat],
            ]  # fmt: skip
        rows += [
            ["VAT return, box 1: standard-rated supplies", None, None, None, None,
             box.standard_rated_supplies, None, box.standard_rated_vat],
            ["Invoiced without VAT (outside the scope of VAT)", None, None, None, None, None,
             box.no_vat_amount, None],
            ["Total output VAT", None, None, None, None, None, None, box.total_output_vat],
        ]  # fmt: skip
        return rows

    columns = [
        Column("Document"),
        Column("Kind"),
        Column("Issued (Dubai)", "moment"),
        Column("Customer"),
        Column("Customer TRN"),
        Column("Standard-rated net (AED)", "money"),
        Column("Without VAT (AED)", "money"),
        Column("VAT (AED)", "money"),
    ]
    return Table("vat", "VAT", columns, stmt, cells, footer, report_service.vat_batch)


BUILDERS: dict[ReportName, Callable[[AsyncSession, ExportQuery, datetime], Table]] = {
    ReportName.SALES_BY_EVENT: _sales,
    ReportName.RECEIVABLES: _receivables,
    ReportName.PAYOUTS: _payouts,
    ReportName.VAT: _vat,
}


def table_of(report: ReportName, session: AsyncSession, query: ExportQuery, now: datetime) -> Table:
    """The report's table; 422 at once (before anything streams) when the period is not in order."""
    report_service.bounds(query)
    return BUILDERS[report](session, query, now)


def file_name(table: Table, query: ExportQuery) -> str:
    first: date = query.date_from
    last: date = query.date_to
    return f"{table.name}-{first:%Y%m%d}-{last:%Y%m%d}.{query.format.value}"
