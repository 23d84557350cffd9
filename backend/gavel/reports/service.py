"""The reports' rules: the period (Dubai days, in order), the age of a receivable, the signs of the VAT
figures, and each report's rows and totals as the screen and the exports read them."""

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import cast

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.business.service import business_service
from gavel.core.clock import day_start, dubai_date
from gavel.core.paging import total_pages
from gavel.errors import Invalid
from gavel.invoices.calculation import ZERO
from gavel.reports import repository
from gavel.reports.repository import AnyRow, Query
from gavel.reports.schemas import (
    AgeingBucket,
    AgeingTotals,
    EventSales,
    PayoutRow,
    PayoutsReport,
    PayoutTotal,
    Period,
    Receivable,
    ReceivablesReport,
    ReportQuery,
    SalesReport,
    SalesTotals,
    VatByRate,
    VatDocument,
    VatReport,
    VatReturn,
)

PERIOD_ORDER = "The period ends before it starts: choose an end date on or after the start date."
AGE_LIMITS = (
    (0, AgeingBucket.CURRENT),
    (30, AgeingBucket.DAYS_1_30),
    (60, AgeingBucket.DAYS_31_60),
    (90, AgeingBucket.DAYS_61_90),
)
# Rows read from the database at a time by the exports.
BATCH_ROWS = 2000
# A batch of keys made into the report's rows (the VAT export sums a batch of documents at a time).
Expand = Callable[[AsyncSession, Sequence[AnyRow]], Awaitable[Sequence[AnyRow]]]


def _amount(value: Decimal | None) -> Decimal:
    return ZERO if value is None else value


def _opposite(value: Decimal | None) -> Decimal:
    return ZERO - _amount(value)  # never -0.00


def _fees_and_vat(sums: Sequence[Decimal | None]) -> tuple[Decimal, Decimal]:
    """An event's fees and VAT from the sums of its documents per kind (subtotal, run price, VAT): a buyer
    invoice's fees are its subtotal less the price (its vehicle line), a credit note's the same negative, a
    settlement's seller fees the price less its subtotal (they are deducted); their VAT is ours too."""
    figures = [_amount(value) for value in sums]
    inv_sub, inv_price, inv_vat, note_sub, note_price, note_vat, set_sub, set_price, set_vat = figures
    fees = (inv_sub - inv_price) + (note_sub + note_price) + (set_price - set_sub)
    return fees, inv_vat + note_vat - set_vat


def bucket_of(days_overdue: int) -> AgeingBucket:
    for limit, bucket in AGE_LIMITS:
        if days_overdue <= limit:
            return bucket
    return AgeingBucket.OVER_90


class ReportService:
    def bounds(self, period: Period) -> tuple[datetime, datetime]:
        """The period's first moment and the first moment after it, or 422 when it ends before it starts."""
        if period.date_to < period.date_from:
            raise Invalid.field("dateTo", PERIOD_ORDER)
        return day_start(period.date_from), day_start(period.date_to + timedelta(days=1))

    async def rows(
        self, session: AsyncSession, stmt: Query, expand: Expand | None = None
    ) -> AsyncIterator[Sequence[AnyRow]]:
        """A report's rows for an export, BATCH_ROWS at a time; with `expand`, the statement reads keys and
        each batch of them becomes its rows."""
        async for batch in repository.batches(session, stmt, BATCH_ROWS):
            yield batch if expand is None else await expand(session, batch)

    # -------------------------------------------------------------------------------------- sales by event

    def sales_statement(self, period: Period) -> Query:
        self.bounds(period)
        return repository.sales_by_event(period.date_from, period.date_to)

    def event_sales(self, row: AnyRow) -> EventSales:
        event_id, title, sale_date, lots_run, sold, no_sale, hammer, *sums = row
        fees, vat = _fees_and_vat(sums)
        return EventSales(
            id=event_id,
            auction_title=title,
            sale_date=sale_date,
            lots_run=int(lots_run),
            sold=int(sold),
            no_sale=int(no_sale),
            hammer_total=_amount(hammer),
            fees=fees,
            vat=vat,
        )

    async def sales_totals(self, session: AsyncSession, period: Period) -> SalesTotals:
        """The period's totals from two aggregates, the runs' and the documents', each read from its index."""
        first, last = period.date_from, period.date_to
        runs = await repository.one(session, repository.sales_run_totals(first, last))
        events, lots_run, sold, no_sale, hammer = runs
        fees, vat = _fees_and_vat(
            tuple(await repository.one(session, repository.sales_document_totals(first, last)))
        )
        return SalesTotals(
            events=int(events),
            lots_run=int(lots_run or 0),
            sold=int(sold or 0),
            no_sale=int(no_sale or 0),
            hammer_total=_amount(hammer),
            fees=fees,
            vat=vat,
        )

    async def sales(self, session: AsyncSession, query: ReportQuery) -> SalesReport:
        self.bounds(query)
        await repository.without_jit(session)
        totals = await self.sales_totals(session, query)
        events = repository.events_with_results(query.date_from, query.date_to)
        page = await repository.ids(session, events, (query.page_no - 1) * query.limit, query.limit)
        rows = await repository.all_rows(
            session, repository.sales_by_event(query.date_from, query.date_to, page)
        )
        return SalesReport(
            data=[self.event_sales(r) for r in rows],
            totals=totals,
            total_pages=total_pages(totals.events, query.limit),
            current_page=query.page_no,
            total_matching=totals.events,
        )

    # ---------------------------------------------------------------------------------- receivables ageing

    def receivables_statement(self, period: Period) -> Query:
        return repository.receivables(*self.bounds(period))

    def receivable(self, row: AnyRow, today: date) -> Receivable:
        invoice_id, number, kind, member_id, name, issued_at, due_at, total, paid = row
        days = max((today - dubai_date(due_at)).days, 0) if due_at is not None else 0
        return Receivable(
            id=invoice_id,
            invoice_no=number,
            kind=kind,
            member_id=member_id,
            buyer_name=name,
            issued_at=issued_at,
            due_at=due_at,
            total=total,
            paid_amount=paid,
            due_amount=total - paid,
            days_overdue=days,
            bucket=bucket_of(days),
        )

    async def ageing_totals(self, session: AsyncSession, period: Period, today: date) -> AgeingTotals:
        start, end = self.bounds(period)
        limits = [day_start(today - timedelta(days=limit)) for limit, _ in AGE_LIMITS]
        row = await repository.one(session, repository.ageing_totals(start, end, limits))
        count, *sums = tuple(row)
        due = [_amount(sums[i]) - _amount(sums[i + 1]) for i in range(0, len(sums), 2)]
        return AgeingTotals(
            invoices=int(count),
            current=due[0],
            days1to30=due[1],
            days31to60=due[2],
            days61to90=due[3],
            over90=due[4],
            total=sum(due, ZERO),
        )

    async def receivables(
        self, session: AsyncSession, query: ReportQuery, now: datetime
    ) -> ReceivablesReport:
        today = dubai_date(now)
        totals = await self.ageing_totals(session, query, today)
        stmt = self.receivables_statement(query)
        rows = await repository.page(session, stmt, (query.page_no - 1) * query.limit, query.limit)
        return ReceivablesReport(
            as_of=today,
            data=[self.receivable(r, today) for r in rows],
            totals=totals,
            total_pages=total_pages(totals.invoices, query.limit),
            current_page=query.page_no,
            total_matching=totals.invoices,
        )

    # ---------------------------------------------------------------------------------------------- payouts

    def payouts_statement(self, period: Period) -> Query:
        return repository.payouts(*self.bounds(period))

    def payout(self, row: AnyRow) -> PayoutRow:
        (payment_id, transaction_id, kind, status, member_id, name, number, lot, method, reference, paid_at,
         completed_at, amount) = row  # fmt: skip
        return PayoutRow(
            id=payment_id,
            transaction_id=transaction_id,
            kind=kind,
            status=status,
            member_id=member_id,
            member_name=name,
            document_no=number,
            lot_number=lot,
            method=method,
            reference=reference,
            paid_at=paid_at,
            completed_at=completed_at,
            amount=amount,
        )

    async def payout_totals(self, session: AsyncSession, period: Period) -> list[PayoutTotal]:
        rows = await repository.all_rows(session, repository.payout_totals(*self.bounds(period)))
        return [
            PayoutTotal(kind=kind, status=status, count=int(n), amount=_amount(amount))
            for kind, status, n, amount in rows
        ]

    async def payouts(self, session: AsyncSession, query: ReportQuery) -> PayoutsReport:
        totals = await self.payout_totals(session, query)
        matching = sum(t.count for t in totals)
        stmt = self.payouts_statement(query)
        rows = await repository.page(session, stmt, (query.page_no - 1) * query.limit, query.limit)
        return PayoutsReport(
            data=[self.payout(r) for r in rows],
            totals=totals,
            total_pages=total_pages(matching, query.limit),
            current_page=query.page_no,
            total_matching=matching,
        )

    # -------------------------------------------------------------------------------------------------- VAT

    def vat_statement(self, period: Period) -> Query:
        """The export's documents in order of issue, without their figures: `vat_batch` adds them."""
        return repository.vat_export_documents(*self.bounds(period))

    async def vat_batch(self, session: AsyncSession, documents: Sequence[AnyRow]) -> Sequence[AnyRow]:
        """A batch of the export's documents with their figures, as the screen's rows (`vat_documents_of`):
        the lines of the batch are summed from their index, and a settlement counts its seller fees only."""
        postgresql = session.get_bind().dialect.name == "postgresql"
        ids = [document[0] for document in documents]
        sums = await repository.all_rows(session, repository.vat_line_sums(ids, postgresql))
        by_id = {invoice_id: figures for invoice_id, *figures in sums}
        rows = []
        for document in documents:
            figures = by_id.get(document[0], [None] * 6)
            rows.append((*document, *(figures[3:] if document[2] == "settlement" else figures[:3])))
        return cast(list[AnyRow], rows)

    def vat_figures(self, row: AnyRow) -> tuple[Decimal, Decimal, Decimal]:
        """A document's standard-rated net, net without VAT and VAT, signed as the return counts them."""
        kind, standard, zero, vat = row[2], row[6], row[7], row[8]
        signed = _opposite if kind == "settlement" else _amount  # a seller fee is a negative settlement line
        return signed(standard), signed(zero), signed(vat)

    def vat_document(self, row: AnyRow) -> VatDocument:
        invoice_id, number, kind, issued_at, name, trn, *_ = row
        standard, zero, vat = self.vat_figures(row)
        return VatDocument(
            id=invoice_id,
            invoice_no=number,
            kind=kind,
            issued_at=issued_at,
            party_name=name,
            party_trn=trn,
            standard_net=standard,
            zero_net=zero,
            vat=vat,
        )

    async def vat_summary(self, session: AsyncSession, period: Period) -> tuple[list[VatByRate], VatReturn]:
        """Output VAT per rate: sales (tax and penalty invoices), credit notes (negative), seller fees."""
        rows = await repository.all_rows(session, repository.vat_by_rate(*self.bounds(period)))
        rates: dict[Decimal, dict[str, Decimal]] = {}
        for kind, rate, net, vat in rows:
            part = {"creditNote": "credit_notes", "settlement": "seller_fees"}.get(kind, "sales")
            signed = _opposite if kind == "settlement" else _amount
            figures = rates.setdefault(rate, {})
            figures[f"{part}_net"] = figures.get(f"{part}_net", ZERO) + signed(net)
            figures[f"{part}_vat"] = figures.get(f"{part}_vat", ZERO) + signed(vat)
        by_rate = []
        for rate in sorted(rates):
            f = {k: rates[rate].get(k, ZERO) for k in _VAT_PARTS}
            net = f["sales_net"] + f["credit_notes_net"] + f["seller_fees_net"]
            vat = f["sales_vat"] + f["credit_notes_vat"] + f["seller_fees_vat"]
            by_rate.append(VatByRate(rate=rate, net=net, vat=vat, **f))
        standard = [r for r in by_rate if r.rate > 0]
        return by_rate, VatReturn(
            standard_rated_supplies=sum((r.net for r in standard), ZERO),
            standard_rated_vat=sum((r.vat for r in standard), ZERO),
            no_vat_amount=sum((r.net for r in by_rate if r.rate == 0), ZERO),
            total_output_vat=sum((r.vat for r in by_rate), ZERO),
        )

    async def vat(self, session: AsyncSession, query: ReportQuery) -> VatReport:
        self.bounds(query)
        await repository.without_jit(session)
        by_rate, vat_return = await self.vat_summary(session, query)
        start, end = self.bounds(query)
        documents = repository.vat_document_ids(start, end)
        matching = await repository.count(session, documents)
        page = await repository.ids(session, documents, (query.page_no - 1) * query.limit, query.limit)
        rows = await repository.all_rows(session, repository.vat_documents_of(page))
        business = await business_service.get(session)
        return VatReport(
            business_trn=business.trn,
            by_rate=by_rate,
            vat_return=vat_return,
            data=[self.vat_document(r) for r in rows],
            total_pages=total_pages(matching, query.limit),
            current_page=query.page_no,
            total_matching=matching,
        )


_VAT_PARTS = (
    "sales_net",
    "sales_vat",
    "credit_notes_net",
    "credit_notes_vat",
    "seller_fees_net",
    "seller_fees_vat",
)

report_service = ReportService()
