"""Reports for a period of Dubai days: sales by event, receivables ageing, payouts and refunds, and VAT; each
on screen a page at a time, and whole as CSV or XLSX, streamed. Guarded by the Reports row (View)."""

from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import StreamingResponse
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.clock import ClockDep
from gavel.db import SessionDep, get_session
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege
from gavel.reports.export import MEDIA_TYPES, csv_chunks, xlsx_chunks
from gavel.reports.schemas import (
    ExportFormat,
    ExportQuery,
    PayoutsReport,
    ReceivablesReport,
    ReportName,
    ReportQuery,
    SalesReport,
    VatReport,
)
from gavel.reports.service import report_service
from gavel.reports.tables import file_name, table_of

router = APIRouter(prefix="/reports", tags=["reports"])

Errors = error_responses(403, 422)
CanView = Annotated[Principal, require(Module.REPORTS, Privilege.VIEW)]
# An export reads its rows while the response is sent: its session lives until the last byte is out.
StreamSessionDep = Annotated[AsyncSession, Depends(get_session, scope="request")]


@router.post("/sales-by-event", response_model=SalesReport, responses=Errors)
async def sales_by_event(body: ReportQuery, session: SessionDep, _: CanView) -> SalesReport:
    """Events whose sale day is in the period, with lots run, sold, no sale, hammer total, fees and VAT."""
    return await report_service.sales(session, body)


@router.post("/receivables", response_model=ReceivablesReport, responses=Errors)
async def receivables(
    body: ReportQuery, session: SessionDep, clock: ClockDep, _: CanView
) -> ReceivablesReport:
    """Invoices issued in the period and still open, by how long they are past due today."""
    return await report_service.receivables(session, body, clock.now())


@router.post("/payouts", response_model=PayoutsReport, responses=Errors)
async def payouts(body: ReportQuery, session: SessionDep, _: CanView) -> PayoutsReport:
    """Payouts to sellers and refunds to members dated in the period, with totals per kind and status."""
    return await report_service.payouts(session, body)


@router.post("/vat", response_model=VatReport, responses=Errors)
async def vat(body: ReportQuery, session: SessionDep, _: CanView) -> VatReport:
    """Output VAT by rate from the period's invoices, credit notes and seller fees, the VAT return's figures,
    and the documents behind them."""
    return await report_service.vat(session, body)


@router.post(
    "/{report}/export",
    responses={
        **Errors,
        200: {"content": {MEDIA_TYPES["csv"]: {}, MEDIA_TYPES["xlsx"]: {}}},
    },
)
async def export_report(
    report: ReportName, body: ExportQuery, session: StreamSessionDep, clock: ClockDep, _: CanView
) -> StreamingResponse:
    """The whole report for the period as CSV or XLSX, with its totals under the rows, streamed."""
    table = table_of(report, session, body, clock.now())
    batches = report_service.rows(session, table.statement, table.expand)
    chunks = csv_chunks(table, batches) if body.format == ExportFormat.CSV else xlsx_chunks(table, batches)
    return StreamingResponse(
        chunks,
        media_type=MEDIA_TYPES[body.format.value],
        headers={"content-disposition": f'attachment; filename="{file_name(table, body)}"'},
    )
