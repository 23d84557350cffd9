"""The ledger check: every member's ledger and every vehicle's documents agree, or each difference in words.
It reads the ledger and the documents of invoices and payments side by side, so it lives with the ledger's
reading side."""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.money import ZERO, aed, money
from gavel.ledger.models import LedgerEntry
from gavel.statements import check_queries as queries


def _name(first: str, last: str, company: str | None, number: str) -> str:
    return f"{company or f'{first} {last}'} ({number})"


@dataclass
class _Expected:
    """A member's balances as their documents tell them."""

    owes_us: Decimal = ZERO
    we_owe: Decimal = ZERO
    deposit: Decimal = ZERO


@dataclass
class _Vehicle:
    sales: list[Any] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)
    settlements: list[Any] = field(default_factory=list)


async def _expected_balances(session: AsyncSession) -> dict[str, _Expected]:
    """owes us = invoices issued (sale, deposit, penalty) + credit notes (negative) - verified payments
    + refunds of a credit (requested or paid, not cancelled);
    we owe = settlements - completed payouts + refunds waiting to be sent;
    deposit = paid deposit invoices - payments from the deposit (penalties too) - deposit refunds (requested
    or paid, not cancelled)."""
    expected: dict[str, _Expected] = defaultdict(_Expected)
    for member_id, kind, status, total in await queries.invoice_sums(session):
        book = expected[member_id]
        if kind in ("invoice", "deposit", "penalty", "creditNote"):
            book.owes_us += total
        elif kind == "settlement":
            book.we_owe += total
        if kind == "deposit" and status == "paid":
            book.deposit += total
    for member_id, direction, kind, method, confirmation, refund_kind, total in await queries.payment_sums(
        session
    ):
        book = expected[member_id]
        if direction == "inbound" and confirmation == "Verified":
            book.owes_us -= total
            if method == "deposit":
                book.deposit -= total
        elif kind == "payout" and confirmation == "Completed":
            book.we_owe -= total
        elif kind == "refund" and confirmation != "Canceled":
            if confirmation == "Pending":
                book.we_owe += total
            if refund_kind == "deposit":
                book.deposit -= total
            else:
                book.owes_us += total
    return expected


async def _check_members(session: AsyncSession) -> list[str]:
    problems: list[str] = []
    last: dict[str, LedgerEntry] = {}
    previous: LedgerEntry | None = None
    async for entry in queries.entries_in_order(session):
        if previous is None or previous.member_id != entry.member_id:
            previous = None
        want_sequence = (previous.sequence if previous else 0) + 1
        before = (
            (previous.owes_us_balance, previous.we_owe_balance, previous.deposit_balance)
            if previous
            else (ZERO, ZERO, ZERO)
        )
        label = f"Ledger entry {entry.id} (#{entry.sequence} of member {entry.member_id}, {entry.kind})"
        if entry.sequence != want_sequence:
            problems.append(
                f"{label}: its number is {entry.sequence}, the entry before it says {want_sequence}."
            )
        for name, start, amount, balance in (
            ("owes us", before[0], entry.owes_us, entry.owes_us_balance),
            ("we owe", before[1], entry.we_owe, entry.we_owe_balance),
            ("deposit", before[2], entry.deposit, entry.deposit_balance),
        ):
            if money(start + amount) != balance:
                problems.append(
                    f"{label}: the {name} balance is {aed(balance)}, but {aed(start)} before it "
                    f"{'+' if amount >= 0 else '-'} {aed(abs(amount))} makes {aed(money(start + amount))}."
                )
        previous = last[entry.member_id] = entry
    expected = await _expected_balances(session)
    for member_id, first, last_name, company, number, held in await queries.members_held(session):
        who = f"Member {_name(first, last_name, company, number)} [{member_id}]"
        final = last.get(member_id)
        found = (final.owes_us_balance, final.we_owe_balance, final.deposit_balance) if final else (ZERO,) * 3
        book = expected.get(member_id, _Expected())
        for name, ledger, documents, how in (
            ("owes us", found[0], book.owes_us,
             "invoices issued - credit notes - verified payments + refunds of a credit"),
            ("we owe", found[1], book.we_owe, "settlements - completed payouts + refunds to send"),
            ("deposit held", found[2], book.deposit,
             "paid deposits - deposit used (penalties included) - deposit refunds"),
        ):  # fmt: skip
            if money(ledger) != money(documents):
                problems.append(
                    f"{who}: {name} is {aed(ledger)} in the ledger but {aed(documents)} by the documents "
                    f"({how}); difference {aed(money(ledger - documents))}."
                )
        if money(held) != money(found[2]):
            problems.append(
                f"{who}: the member's deposit held is {aed(held)} but the ledger says {aed(found[2])}."
            )
    return problems


async def _check_vehicles(session: AsyncSession) -> list[str]:
    problems: list[str] = []
    documents: dict[str, _Vehicle] = defaultdict(_Vehicle)
    for row in await queries.vehicle_documents(session):
        kind = row.kind
        book = documents[row.vehicle_id]
        if kind == "invoice":
            book.sales.append(row)
        elif kind == "creditNote":
            book.notes.append(row)
        elif kind == "settlement":
            book.settlements.append(row)
    payouts: dict[str, dict[str, tuple[int, Decimal]]] = defaultdict(dict)
    for settlement_id, confirmation, count, total in await queries.payouts_by_settlement(session):
        payouts[settlement_id][confirmation] = (int(count), total)
    for vehicle_id, lot, status, sold_for, is_paid in await queries.vehicles_with_documents(session):
        who = f"Vehicle lot {lot} [{vehicle_id}]"
        book = documents[vehicle_id]
        credited = {n.credit_for_id: n for n in book.notes}
        for sale in book.sales:
            if sale.status == "cancelled":
                note = credited.get(sale.id)
                if note is None:
                    problems.append(f"{who}: {sale.number} is cancelled without a credit note.")
                elif money(note.total) != money(-sale.total):
                    problems.append(
                        f"{who}: credit note {note.number} is {aed(note.total)}, but it cancels "
                        f"{sale.number} of {aed(sale.total)}."
                    )
        current = [s for s in book.sales if s.status != "cancelled"]
        if len(current) > 1:
            problems.append(
                f"{who}: {len(current)} sale invoices are open: {', '.join(s.number for s in current)}."
            )
        sale = current[0] if current else None
        if status == "sold" and sale is None:
            problems.append(f"{who} is sold, but no sale invoice stands for it.")
        if status != "sold" and sale is not None:
            problems.append(f"{who} is {status}, but {sale.number} still bills its sale.")
        if sale is not None and sold_for is not None and money(sale.price or ZERO) != money(sold_for):
            problems.append(
                f"{who} was sold for {aed(sold_for)}, but {sale.number} bills {aed(sale.price or ZERO)}."
            )
        paid = sale is not None and sale.status == "paid"
        if bool(is_paid) != paid:
            problems.append(
                f"{who} is marked {'paid' if is_paid else 'unpaid'}, but its invoice is "
                f"{sale.status if sale is not None else 'missing'}."
            )
        if len(book.settlements) > 1:
            problems.append(f"{who}: {len(book.settlements)} settlements for one sale.")
        if paid and not book.settlements:
            problems.append(
                f"{who}: {sale.number if sale else ''} is paid, but the seller has no settlement."
            )
        for settlement in book.settlements:
            if sale is not None and money(settlement.price or ZERO) != money(sale.price or ZERO):
                problems.append(
                    f"{who}: settlement {settlement.number} is for a price of "
                    f"{aed(settlement.price or ZERO)}, the sale of {aed(sale.price or ZERO)}."
                )
            states = payouts.get(settlement.id, {})
            completed_n, completed = states.get("Completed", (0, ZERO))
            pending_n, pending = states.get("Pending", (0, ZERO))
            if settlement.status == "paidOut":
                if completed_n != 1 or money(completed) != money(settlement.total) or pending_n:
                    problems.append(
                        f"{who}: settlement {settlement.number} of {aed(settlement.total)} is paid out, but "
                        f"{completed_n} completed payouts make {aed(completed)} ({pending_n} still pending)."
                    )
            elif settlement.total <= 0:
                if pending_n or completed_n:
                    problems.append(
                        f"{who}: settlement {settlement.number} leaves nothing to pay out, but it has "
                        f"{pending_n} pending and {completed_n} completed payouts."
                    )
            elif pending_n != 1 or money(pending) != money(settlement.total) or completed_n:
                problems.append(
                    f"{who}: settlement {settlement.number} of {aed(settlement.total)} waits for one "
                    f"payout, but {pending_n} pending make {aed(pending)} ({completed_n} completed)."
                )
    for number, total, summed in await queries.invoices_not_summing_their_lines(session):
        problems.append(f"Document {number}: its total is {aed(total)}, its lines make {aed(summed)}.")
    for row in await queries.invoices_not_matching_their_payments(session):
        number, paid_amount, verified, pending_amount, waiting = row
        problems.append(
            f"Invoice {number}: paid {aed(paid_amount)} and pending {aed(pending_amount)}, but its "
            f"payments say {aed(verified)} verified and {aed(waiting)} waiting."
        )
    return problems


async def check_ledger(session: AsyncSession) -> list[str]:
    """Every difference between the ledger and the documents, in words; none when the books agree.

    For every member: each entry's running balances follow from the one before it; the last balances equal
    what the invoices, credit notes, payments, settlements, payouts and refunds say; the deposit held on the
    member is the ledger's. For every vehicle: a cancelled invoice has its credit note, at most one invoice
    stands, it bills the price the vehicle was sold for, Paid follows it, the settlement is for the same price
    and its payouts make its total. Every document's total is the sum of its lines, and an invoice's paid and
    pending amounts are its payments'."""
    return [*await _check_members(session), *await _check_vehicles(session)]
