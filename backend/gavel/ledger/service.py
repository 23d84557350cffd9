"""The member ledger: every movement of a member's money as an entry written in the same transaction as its
cause, with the running balances of what they owe us, what we owe them and the deposit we hold. Its reading
side (the ledger screen, the statement, the check against the documents) is gavel.statements."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.money import ZERO, money
from gavel.errors import NotFound
from gavel.ledger import repository
from gavel.ledger.models import LedgerEntry


class LedgerService:
    async def post(
        self,
        session: AsyncSession,
        *,
        member_id: str,
        at: datetime,
        kind: str,
        description: str,
        owes_us: Decimal = ZERO,
        we_owe: Decimal = ZERO,
        deposit: Decimal = ZERO,
        invoice_id: str | None = None,
        payment_id: str | None = None,
        vehicle_id: str | None = None,
    ) -> LedgerEntry:
        """Adds an entry after the member's last (their row is locked first, so entries never interleave). The
        member's `deposit_held` follows the deposit balance."""
        member = await repository.lock_member(session, member_id)
        if member is None:
            raise NotFound("This member does not exist.")
        last = await repository.last_entry(session, member_id)
        entry = LedgerEntry(
            member_id=member_id,
            sequence=(last.sequence if last else 0) + 1,
            at=at,
            kind=kind,
            description=description[:200],
            invoice_id=invoice_id,
            payment_id=payment_id,
            vehicle_id=vehicle_id,
            owes_us=money(owes_us),
            we_owe=money(we_owe),
            deposit=money(deposit),
            owes_us_balance=money((last.owes_us_balance if last else ZERO) + owes_us),
            we_owe_balance=money((last.we_owe_balance if last else ZERO) + we_owe),
            deposit_balance=money((last.deposit_balance if last else ZERO) + deposit),
        )
        session.add(entry)
        if deposit:
            member.deposit_held = entry.deposit_balance
        await session.flush()
        return entry

    async def balances(self, session: AsyncSession, member_id: str) -> tuple[Decimal, Decimal, Decimal]:
        """What the member owes us, what we owe them, the deposit we hold."""
        last = await repository.last_entry(session, member_id)
        if last is None:
            return ZERO, ZERO, ZERO
        return last.owes_us_balance, last.we_owe_balance, last.deposit_balance


ledger_service = LedgerService()
