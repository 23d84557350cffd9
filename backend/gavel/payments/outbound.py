"""The rules and figures of outbound payments (payouts and refunds) that every list of payments answers: who
may complete one, who verified the buyer's payments for a payout's vehicle, and the outbound cards. Payouts
(gavel.payouts) completes them by the same rules."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.clock import day_start, dubai_date
from gavel.invoices import totals
from gavel.invoices.calculation import ZERO
from gavel.payments import repository
from gavel.payments.models import Payment
from gavel.payments.schemas import OutboundKind, OutboundStatus, StatusTotal


def settlement_refusal(payment: Payment) -> str | None:
    """A payout pays its settlement while the settlement is issued: not once it was paid out (by another
    payout) or cancelled."""
    settlement = payment.invoice
    if payment.kind != "payout" or settlement.status == "issued":
        return None
    state = "was already paid out" if settlement.status == "paidOut" else f"is {settlement.status}"
    return (
        f"{payment.transaction_id} pays settlement {settlement.number}, which {state}; the payout can no "
        "longer be completed or cancelled."
    )


def complete_refusal(payment: Payment, staff_id: str | None, verifiers: set[str]) -> str | None:
    """Why this staff user cannot complete the payout or refund (None: they can); completing refuses with it,
    and every outbound payment answers it as `canComplete`. `verifiers`: who verified the buyer's payments for
    a payout's vehicle."""
    if payment.confirmation == "Completed":
        return f"{payment.transaction_id} was already completed; money is never sent twice."
    if payment.confirmation == "Canceled":
        return f"{payment.transaction_id} was cancelled."
    settlement = payment.invoice
    paid_out = settlement_refusal(payment)
    if paid_out is not None:
        return paid_out
    if payment.kind == "payout" and staff_id in verifiers:
        return (
            f"You verified the buyer's payment for Lot {settlement.vehicle_lot_number}; another staff user "
            "completes the seller's payout (two people see every vehicle's money)."
        )
    if payment.kind == "refund" and payment.recorded_by_id == staff_id:
        return f"You requested {payment.transaction_id}; another staff user completes it."
    return None


async def verifiers_of(session: AsyncSession, outbound: list[Payment]) -> dict[str, set[str]]:
    """Who verified the buyer's payments for each payout's vehicle (by payout id), from one query."""
    vehicle_of = {p.id: p.invoice.vehicle_id for p in outbound if p.kind == "payout" and p.invoice.vehicle_id}
    found = await repository.verifiers_of_vehicles(session, set(vehicle_of.values()))
    return {payout: found.get(vehicle, set()) for payout, vehicle in vehicle_of.items()}


async def outbound_totals(
    session: AsyncSession,
    now: datetime,
    rows: dict[str, dict[str, tuple[int, Decimal]]] | None = None,
) -> tuple[dict[str, StatusTotal], dict[str, dict[str, StatusTotal]], StatusTotal]:
    """The cards of the outbound list: count and AED per status (payouts and refunds together, and per kind)
    from the document_total rows (`rows`: those of the outbound kinds, when read already), and what was
    completed this Dubai month from one indexed query."""
    if rows is None:
        rows = await totals.of_kinds(session, [kind.value for kind in OutboundKind])
    by_kind = {
        kind: {
            status.value: StatusTotal(count=count, amount=amount)
            for status in OutboundStatus
            for count, amount in [states.get(status.value, (0, ZERO))]
        }
        for kind, states in rows.items()
    }
    together = {
        status.value: StatusTotal(
            count=sum(states[status.value].count for states in by_kind.values()),
            amount=sum((states[status.value].amount for states in by_kind.values()), ZERO),
        )
        for status in OutboundStatus
    }
    count, amount = await repository.completed_since(session, day_start(dubai_date(now).replace(day=1)))
    return together, by_kind, StatusTotal(count=count, amount=amount)
