"""A member's ledger as people read it: the member, their entries of a kind and a period, and the statement
of a period (opening balances, the entries, closing balances)."""

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.clock import day_start, dubai_date
from gavel.core.money import ZERO
from gavel.errors import Invalid, NotFound
from gavel.members.models import Member
from gavel.statements import repository
from gavel.statements.schemas import LedgerFilter

# A statement of more entries than this asks for a shorter period (a PDF of thousands of pages helps nobody).
STATEMENT_LIMIT = 5000


class StatementService:
    async def member(self, session: AsyncSession, member_id: str) -> Member:
        member = await session.get(Member, member_id)
        if member is None:
            raise NotFound("This member does not exist.")
        return member

    def filtered(self, member_id: str, body: LedgerFilter) -> Select[Any]:
        """The member's entries of a kind and between two Dubai days (both included)."""
        return repository.filtered(
            member_id,
            kinds=[body.kind.value] if body.kind else None,
            since=day_start(body.date_from) if body.date_from else None,
            until=day_start(body.date_to + timedelta(days=1)) if body.date_to else None,
        )

    async def statement(
        self,
        session: AsyncSession,
        member_id: str,
        first_day: date | None,
        last_day: date | None,
        now: datetime,
    ) -> tuple[tuple[Decimal, Decimal, Decimal], list[Any], tuple[Decimal, Decimal, Decimal], date]:
        """The opening balances (before the first day), the entries of the period in order and the closing
        balances (after the last day; today when none is given)."""
        last_day = last_day or dubai_date(now)
        if first_day and first_day > last_day:
            raise Invalid.field("dateFrom", "The start date cannot be after the end date.")
        stmt = repository.filtered(
            member_id,
            kinds=None,
            since=day_start(first_day) if first_day else None,
            until=day_start(last_day + timedelta(days=1)),
        )
        if await repository.matching(session, stmt) > STATEMENT_LIMIT:
            raise Invalid.field(
                "dateFrom",
                f"The period holds more than {STATEMENT_LIMIT:,} entries; choose a shorter one.",
            )
        before = await repository.before(session, member_id, day_start(first_day)) if first_day else None
        opening = (
            (before.owes_us_balance, before.we_owe_balance, before.deposit_balance) if before else (ZERO,) * 3
        )
        rows = await repository.all_with_documents(session, stmt, STATEMENT_LIMIT)
        closing = (
            (rows[-1][0].owes_us_balance, rows[-1][0].we_owe_balance, rows[-1][0].deposit_balance)
            if rows
            else opening
        )
        return opening, rows, closing, last_day


statement_service = StatementService()
