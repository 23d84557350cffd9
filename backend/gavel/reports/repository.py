"""Every query of the reports. Each report is one statement: a page of it for the screen, the whole of it
streamed in batches for the exports (a server-side cursor on PostgreSQL), and its totals from one grouped
query."""

import itertools
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Row,
    Select,
    String,
    and_,
    any_,
    bindparam,
    case,
    func,
    or_,
    select,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Auction, AuctionEvent, Run
from gavel.db import set_local
from gavel.invoices.models import Invoice, InvoiceLine
from gavel.payments.models import Payment

# A statement of any columns, and one of its rows.
Query = Select[*tuple[Any, ...]]
AnyRow = Row[*tuple[Any, ...]]

# Documents that carry output VAT: sale, penalty and their credit notes, and the seller fees on settlements.
# A deposit is security held, not a supply, so its invoice is left out.
VAT_KINDS = ("invoice", "penalty", "creditNote", "settlement")
RECEIVABLE_KINDS = ("invoice", "deposit", "penalty")
OPEN_STATUSES = ("unpaid", "partiallyPaid", "overdue")


# ------------------------------------------------------------------------------------------ sales by event

DOCUMENT_KINDS = ("invoice", "note", "settlement")
DOCUMENT_COLUMNS = [f"{kind}_{figure}" for kind in DOCUMENT_KINDS for figure in ("subtotal", "price", "vat")]


def document_sums(table: Any) -> list[Any]:
    return [table.c[name] for name in DOCUMENT_COLUMNS]


def _event_runs(in_period: ColumnElement[bool]) -> Query:
    """Per event of the period that recorded a result: lots run, sold, no sale and hammer total from its
    runs (read from ix_auction_run_event_id)."""
    sold = Run.outcome == "sold"
    return (
        select(
            Run.event_id.label("event_id"),
            func.count(Run.outcome).label("lots_run"),
            func.coalesce(func.sum(case((sold, 1), else_=0)), 0).label("sold"),
            func.coalesce(func.sum(case((Run.outcome == "notSold", 1), else_=0)), 0).label("no_sale"),
            func.sum(case((sold, Run.sold_for))).label("hammer"),
        )
        .join(AuctionEvent, AuctionEvent.id == Run.event_id)
        .where(in_period)
        .group_by(Run.event_id)
        .having(func.count(Run.outcome) > 0)
    )


def _document_sums() -> list[Any]:
    """Per kind of document (buyer invoices, their credit notes, settlements), the sums of subtotal, price of
    the run and VAT. The documents' own totals, not their lines: a document's vehicle line is its run's price,
    so the fees are the subtotal less that price (computed by the service from these sums)."""

    def of_kind(kind: str, column: Any) -> Any:
        return func.sum(case((Invoice.kind == kind, column)))

    return [
        of_kind(kind, column).label(f"{name}_{figure}")
        for kind, name in (("invoice", "invoice"), ("creditNote", "note"), ("settlement", "settlement"))
        for figure, column in (
            ("subtotal", Invoice.subtotal),
            ("price", Run.sold_for),
            ("vat", Invoice.vat_total),
        )
    ]


def _event_documents(in_period: ColumnElement[bool], *columns: Any) -> Query:
    """The documents of the sales of the period's events, found by run (ix_invoice_run_id, with their
    figures)."""
    return (
        select(*columns, *_document_sums())
        .select_from(AuctionEvent)
        .join(Run, Run.event_id == AuctionEvent.id)
        .join(Invoice, Invoice.run_id == Run.id)
        .where(in_period, Invoice.kind.in_(("invoice", "creditNote", "settlement")))
    )


def _in_period(first_day: Any, last_day: Any) -> ColumnElement[bool]:
    return AuctionEvent.sale_date.between(first_day, last_day)


def sales_by_event(first_day: Any, last_day: Any, event_ids: Sequence[str] | None = None) -> Query:
    """One row per event whose sale day is in the period and that recorded a result: lots run, sold, no
    sale and hammer total from its runs; then, per kind of its sales' documents (buyer invoices, their credit
    notes, settlements), the sums of subtotal, price of the run and VAT, from which the service makes the
    fees and the VAT. With `event_ids` (a page of them), only those events are summed."""
    in_period = _in_period(first_day, last_day)
    if event_ids is not None:
        in_period = and_(in_period, AuctionEvent.id.in_(event_ids))
    runs = _event_runs(in_period).subquery("runs")
    documents = (
        _event_documents(in_period, Run.event_id.label("event_id"))
        .group_by(Run.event_id)
        .subquery("documents")
    )
    return (
        select(
            AuctionEvent.id,
            Auction.auction_title,
            AuctionEvent.sale_date,
            runs.c.lots_run,
            runs.c.sold,
            runs.c.no_sale,
            runs.c.hammer,
            *document_sums(documents),
        )
        .join(Auction, Auction.id == AuctionEvent.auction_id)
        .join(runs, runs.c.event_id == AuctionEvent.id)
        .outerjoin(documents, documents.c.event_id == AuctionEvent.id)
        .where(in_period)
        .order_by(AuctionEvent.sale_date, AuctionEvent.start_at, AuctionEvent.id)
    )


def events_with_results(first_day: Any, last_day: Any) -> Query:
    """The ids of the events whose sale day is in the period and that recorded a result, in the report's
    order: a page of them is found without summing the others."""
    recorded = select(Run.id).where(Run.event_id == AuctionEvent.id, Run.outcome.is_not(None)).exists()
    return (
        select(AuctionEvent.id)
        .where(AuctionEvent.sale_date.between(first_day, last_day), recorded)
        .order_by(AuctionEvent.sale_date, AuctionEvent.start_at, AuctionEvent.id)
    )


async def ids(session: AsyncSession, stmt: Query, offset: int, limit: int) -> list[str]:
    return list(await session.scalars(stmt.offset(offset).limit(limit)))


def sales_run_totals(first_day: Any, last_day: Any) -> Query:
    """The totals of the period's events with a result: how many, lots run, sold, no sale, hammer total;
    one grouped aggregate over the runs' index, without the documents."""
    runs = _event_runs(_in_period(first_day, last_day)).subquery("runs")
    return select(
        func.count(),
        func.sum(runs.c.lots_run),
        func.sum(runs.c.sold),
        func.sum(runs.c.no_sale),
        func.sum(runs.c.hammer),
    )


def sales_document_totals(first_day: Any, last_day: Any) -> Query:
    """The sums of the documents of the period's sales per kind, in one aggregate (not per event first). Every
    such document is of a sold run, so its event recorded a result: the same documents the rows sum."""
    return _event_documents(_in_period(first_day, last_day))


# ------------------------------------------------------------------------------------ receivables ageing


def _receivable_filter(start: datetime, end: datetime) -> Any:
    return and_(
        Invoice.status.in_(OPEN_STATUSES),
        Invoice.issued_at >= start,
        Invoice.issued_at < end,
        Invoice.kind.in_(RECEIVABLE_KINDS),
    )


def receivables(start: datetime, end: datetime) -> Query:
    """Open invoices (sale, deposit, penalty) issued in the period, the longest overdue first."""
    return (
        select(
            Invoice.id,
            Invoice.number,
            Invoice.kind,
            Invoice.member_id,
            Invoice.buyer_name,
            Invoice.issued_at,
            Invoice.due_at,
            Invoice.total,
            Invoice.paid_amount,
        )
        .where(_receivable_filter(start, end))
        .order_by(Invoice.due_at.is_(None), Invoice.due_at, Invoice.id)
    )


def ageing_totals(start: datetime, end: datetime, bounds: Sequence[datetime]) -> Query:
    """The totals and paid amounts of the open invoices per age bucket. `bounds` are the first moments of
    the days that end the buckets, newest first: due on or after bounds[0] is not yet due, between bounds[1]
    and bounds[0] 1 to 30 days past due, and so on; before the last bound, over 90 days."""
    buckets = [or_(Invoice.due_at.is_(None), Invoice.due_at >= bounds[0])]
    for newer, older in itertools.pairwise(bounds):
        buckets.append(and_(Invoice.due_at < newer, Invoice.due_at >= older))
    buckets.append(Invoice.due_at < bounds[-1])
    columns: list[Any] = [func.count()]
    for bucket in buckets:
        columns.append(func.sum(case((bucket, Invoice.total))))
        columns.append(func.sum(case((bucket, Invoice.paid_amount))))
    return select(*columns).where(_receivable_filter(start, end))


# ------------------------------------------------------------------------------------------------ payouts


def _outbound(start: datetime, end: datetime) -> Any:
    return and_(Payment.direction == "outbound", Payment.paid_at >= start, Payment.paid_at < end)


def payouts(start: datetime, end: datetime) -> Query:
    """Payouts and refunds dated in the period (a pending one: when it was issued), oldest first."""
    return (
        select(
            Payment.id,
            Payment.transaction_id,
            Payment.kind,
            Payment.confirmation,
            Payment.member_id,
            Invoice.buyer_name,
            Invoice.number,
            Invoice.vehicle_lot_number,
            Payment.method,
            Payment.reference,
            Payment.paid_at,
            Payment.completed_at,
            Payment.amount,
        )
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(_outbound(start, end))
        .order_by(Payment.paid_at, Payment.id)
    )


def payout_totals(start: datetime, end: datetime) -> Query:
    return (
        select(Payment.kind, Payment.confirmation, func.count(), func.sum(Payment.amount))
        .where(_outbound(start, end))
        .group_by(Payment.kind, Payment.confirmation)
        .order_by(Payment.kind, Payment.confirmation)
    )


# ---------------------------------------------------------------------------------------------------- VAT


def _vat_documents(start: datetime, end: datetime) -> Any:
    return and_(Invoice.kind.in_(VAT_KINDS), Invoice.issued_at >= start, Invoice.issued_at < end)


# The lines that carry output VAT: all of a sale, penalty or credit note; a settlement's seller fees only.
_VAT_LINE = or_(Invoice.kind != "settlement", InvoiceLine.kind == "sellerFee")


def vat_by_rate(start: datetime, end: datetime) -> Query:
    """Net amounts and VAT per document kind and rate."""
    return (
        select(Invoice.kind, InvoiceLine.vat_rate, func.sum(InvoiceLine.amount), func.sum(InvoiceLine.vat))
        .select_from(InvoiceLine)
        .join(Invoice, Invoice.id == InvoiceLine.invoice_id)
        .where(_vat_documents(start, end), _VAT_LINE)
        .group_by(Invoice.kind, InvoiceLine.vat_rate)
        .order_by(InvoiceLine.vat_rate, Invoice.kind)
    )


def vat_document_ids(start: datetime, end: datetime) -> Query:
    """The documents of the period in order of issue (ix_invoice_issued_at): a page of them is found
    without summing the others."""
    return select(Invoice.id).where(_vat_documents(start, end)).order_by(Invoice.issued_at, Invoice.id)


def _among(column: Any, ids: Sequence[str], postgresql: bool) -> ColumnElement[bool]:
    """`column IN ids`; on PostgreSQL as one array parameter, since a batch's 2,000 parameters would cost the
    driver more to bind than the database to answer."""
    condition: ColumnElement[bool] = (
        column == any_(bindparam("ids", list(ids), type_=ARRAY(String))) if postgresql else column.in_(ids)
    )
    return condition


def vat_export_documents(start: datetime, end: datetime) -> Query:
    """The VAT export's documents in order of issue (ix_invoice_issued_at), without their figures: each batch
    of them is summed apart (`vat_line_sums`), so no plan joins a year of lines at once."""
    return (
        select(
            Invoice.id, Invoice.number, Invoice.kind, Invoice.issued_at, Invoice.buyer_name, Invoice.buyer_trn
        )
        .where(_vat_documents(start, end))
        .order_by(Invoice.issued_at, Invoice.id)
    )


def vat_line_sums(ids: Sequence[str], postgresql: bool = False) -> Query:
    """Per document of `ids`: the VAT-bearing net, the VAT-free net and the VAT of all its lines, then the
    same of its seller-fee lines only (a settlement's), read from ix_invoice_line_invoice_vat alone."""
    fee = InvoiceLine.kind == "sellerFee"
    standard, zero = InvoiceLine.vat_rate > 0, InvoiceLine.vat_rate == 0
    return (
        select(
            InvoiceLine.invoice_id,
            func.sum(case((standard, InvoiceLine.amount))),
            func.sum(case((zero, InvoiceLine.amount))),
            func.sum(InvoiceLine.vat),
            func.sum(case((and_(fee, standard), InvoiceLine.amount))),
            func.sum(case((and_(fee, zero), InvoiceLine.amount))),
            func.sum(case((fee, InvoiceLine.vat))),
        )
        .where(_among(InvoiceLine.invoice_id, ids, postgresql))
        .group_by(InvoiceLine.invoice_id)
    )


def vat_documents_of(ids: Sequence[str]) -> Query:
    """These documents (a page or a batch of the VAT report's) in order of issue, with their VAT-bearing and
    VAT-free net and their VAT, summed from ix_invoice_line_invoice_vat."""
    return (
        select(
            Invoice.id,
            Invoice.number,
            Invoice.kind,
            Invoice.issued_at,
            Invoice.buyer_name,
            Invoice.buyer_trn,
            func.sum(case((InvoiceLine.vat_rate > 0, InvoiceLine.amount))),
            func.sum(case((InvoiceLine.vat_rate == 0, InvoiceLine.amount))),
            func.sum(InvoiceLine.vat),
        )
        .select_from(Invoice)
        .outerjoin(InvoiceLine, and_(InvoiceLine.invoice_id == Invoice.id, _VAT_LINE))
        .where(Invoice.id.in_(ids))
        .group_by(
            Invoice.id, Invoice.number, Invoice.kind, Invoice.issued_at, Invoice.buyer_name, Invoice.buyer_trn
        )
        .order_by(Invoice.issued_at, Invoice.id)
    )


# ---------------------------------------------------------------------------------------------- running


async def page(session: AsyncSession, stmt: Query, offset: int, limit: int) -> Sequence[AnyRow]:
    return list((await session.execute(stmt.offset(offset).limit(limit))).all())


async def one(session: AsyncSession, stmt: Query) -> AnyRow:
    row: AnyRow = (await session.execute(stmt)).one()
    return row


async def all_rows(session: AsyncSession, stmt: Query) -> Sequence[AnyRow]:
    return list((await session.execute(stmt)).all())


async def count(session: AsyncSession, stmt: Query) -> int:
    return int(await session.scalar(select(func.count()).select_from(stmt.order_by(None).subquery())) or 0)


async def without_jit(session: AsyncSession) -> None:
    """A screen's totals are a few aggregates answered in well under a second from the indexes: compiling
    them (PostgreSQL's JIT, from a plan's cost of 100,000) would cost a tenth of a second more each."""
    await set_local(session, "jit = off")


async def batches(session: AsyncSession, stmt: Query, size: int) -> AsyncIterator[Sequence[AnyRow]]:
    """The statement's rows, `size` at a time, read from a server-side cursor: never all in memory.

    PostgreSQL plans a cursor for its first tenth of rows (cursor_tuple_fraction 0.1): nested loops that
    start at once and take long to finish. An export reads every row, so it asks for the plan of the whole."""
    await set_local(session, "cursor_tuple_fraction = 1.0")
    result = await session.stream(stmt.execution_options(yield_per=size))
    async for partition in result.partitions(size):
        yield partition
