"""A member's ledger: the entries with their running balances, the CSV of the filtered entries and the
statement PDF of a period. Money is Payments' to see (docs/decisions.md, Ledger, deposits and default)."""

import re
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from gavel.business.service import business_service
from gavel.core.clock import ClockDep
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.invoices.service import member_name
from gavel.ledger.service import ledger_service
from gavel.permissions import Module, Privilege
from gavel.schemas import Day
from gavel.statements import repository
from gavel.statements.export import ledger_csv
from gavel.statements.pdf import Statement, StatementBalances, statement_pdf
from gavel.statements.schemas import Balances, LedgerEntryOut, LedgerFilter, LedgerPage, LedgerQuery
from gavel.statements.service import statement_service

router = APIRouter(prefix="/members", tags=["ledger"])

Errors = error_responses(403, 404, 422)
CanView = Annotated[Principal, require(Module.PAYMENTS, Privilege.VIEW)]
EXPORT_LIMIT = 50_000


def _attachment(prefix: str, member_number: str, extension: str) -> str:
    """A download's Content-Disposition, with only letters, digits and dashes of the member number."""
    safe = re.sub(r"[^A-Za-z0-9-]", "", member_number) or "member"
    return f'attachment; filename="{prefix}-{safe}.{extension}"'


def _entry(row: Any) -> LedgerEntryOut:
    entry, number, transaction, lot = row
    return LedgerEntryOut(
        id=entry.id,
        sequence=entry.sequence,
        date=entry.at,
        kind=entry.kind,
        description=entry.description,
        document_number=number,
        invoice_id=entry.invoice_id,
        transaction_id=transaction,
        payment_id=entry.payment_id,
        vehicle_id=entry.vehicle_id,
        vehicle_lot_number=lot,
        owes_us=entry.owes_us,
        we_owe=entry.we_owe,
        deposit=entry.deposit,
        owes_us_balance=entry.owes_us_balance,
        we_owe_balance=entry.we_owe_balance,
        deposit_balance=entry.deposit_balance,
    )


@router.post("/{id}/ledger", response_model=LedgerPage, responses=Errors)
async def member_ledger(id: str, body: LedgerQuery, session: SessionDep, _: CanView) -> LedgerPage:
    """The member's ledger, newest first: every movement of their money with the running balances of what
    they owe us, what we owe them and the deposit we hold, and their balances now."""
    member = await statement_service.member(session, id)
    stmt = statement_service.filtered(member.id, body)
    rows, matching = await repository.page_with_documents(
        session, stmt, (body.page_no - 1) * body.limit, body.limit
    )
    owes_us, we_owe, deposit = await ledger_service.balances(session, member.id)
    return LedgerPage(
        data=[_entry(r) for r in rows],
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        balances=Balances(owes_us=owes_us, we_owe=we_owe, deposit_held=deposit),
    )


@router.post("/{id}/ledger/export", responses={**Errors, 200: {"content": {"text/csv": {}}}})
async def export_member_ledger(id: str, body: LedgerFilter, session: SessionDep, _: CanView) -> Response:
    """The filtered entries as CSV, oldest first (at most 50,000 rows)."""
    member = await statement_service.member(session, id)
    rows = await repository.all_with_documents(
        session, statement_service.filtered(member.id, body), EXPORT_LIMIT
    )
    return Response(
        ledger_csv(rows),
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": _attachment("ledger", member.member_identity_no, "csv")},
    )


@router.get("/{id}/statement.pdf", responses={**Errors, 200: {"content": {"application/pdf": {}}}})
async def member_statement(
    id: str,
    session: SessionDep,
    clock: ClockDep,
    _: CanView,
    date_from: Annotated[Day | None, Query(alias="dateFrom")] = None,
    date_to: Annotated[Day | None, Query(alias="dateTo")] = None,
) -> Response:
    """The member's statement of account for a period of Dubai days (from the first entry, to today when
    left out): opening balances, every entry with its running balances, closing balances."""
    member = await statement_service.member(session, id)
    now = clock.now()
    opening, rows, closing, last_day = await statement_service.statement(
        session, member.id, date_from, date_to, now
    )
    document = statement_pdf(
        Statement(
            business=await business_service.get(session),
            member_name=member_name(member),
            member_number=member.member_identity_no,
            first_day=date_from,
            last_day=last_day,
            opening=StatementBalances(*opening),
            closing=StatementBalances(*closing),
            rows=rows,
            printed_at=now,
        )
    )
    return Response(
        document,
        media_type="application/pdf",
        headers={"Content-Disposition": _attachment("statement", member.member_identity_no, "pdf")},
    )
