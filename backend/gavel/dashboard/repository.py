"""Every query of the dashboard's Today figures and of the top bar's badges.

Each figure is one small query: running totals kept by triggers or at commit (vehicle_list_count,
member_list_count, document_total) where a list's cards already read them, otherwise a range of an index
(migration 0017), so that none reads the million rows of the vehicle or invoice tables.
"""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.models import AlertMessage
from gavel.auctions.models import AuctionEvent, Lane, Run
from gavel.bidding.approval.models import LotApproval
from gavel.bidding.approval.rules import OPEN as APPROVAL_OPEN
from gavel.business.models import BusinessSettings
from gavel.invoices import repository as invoices
from gavel.invoices.models import DocumentTotal, Invoice
from gavel.members import counts as member_counts
from gavel.vehicles import counts as vehicle_counts
from gavel.vehicles.models import Vehicle
from gavel.vehicles.schemas import VehicleCounts
from gavel.vehicles.stages import GATE_PASS_ISSUED, in_yard_sold_by

ZERO = Decimal("0.00")
# The states of an invoice that still waits for money (credit notes and settlements never take them).
OPEN = ("unpaid", "partiallyPaid", "overdue")


@dataclass(frozen=True)
class Amounts:
    count: int
    amount: Decimal


@dataclass(frozen=True)
class EventTotals:
    events: int
    lanes: int
    vehicles: int


async def members_pending(session: AsyncSession) -> int:
    """Members on the Review list (the members' own count of pending)."""
    return (await member_counts.counts(session)).total_pending


async def vehicles_pending(session: AsyncSession) -> int:
    """Vehicles on the Review list: the same count as the list's 'Review total' card."""
    return (await vehicle_counts.counts(session)).review_total


async def vehicle_list_counts(session: AsyncSession) -> VehicleCounts:
    """The vehicle lists' counts: reviewTotal is the Review list; received is a vehicle under review at the
    yard whose inspection has not started."""
    return await vehicle_counts.counts(session)


async def events_between(session: AsyncSession, start: datetime, end: datetime) -> EventTotals:
    """Events starting in [start, end), their lanes and the vehicles placed in them: the events' ids from a
    range of their start, then their lanes and runs from the indexes that lead with the event (a week holds a
    few hundred events)."""
    in_range = select(AuctionEvent.id).where(AuctionEvent.start_at >= start, AuctionEvent.start_at < end)
    ids = list(await session.scalars(in_range))
    if not ids:
        return EventTotals(0, 0, 0)
    lanes = await session.scalar(select(func.count()).select_from(Lane).where(Lane.event_id.in_(ids)))
    vehicles = await session.scalar(select(func.count()).select_from(Run).where(Run.event_id.in_(ids)))
    return EventTotals(len(ids), int(lanes or 0), int(vehicles or 0))


async def invoices_due_between(session: AsyncSession, start: datetime, end: datetime) -> Amounts:
    """Invoices still open whose due time falls in [start, end), and what is still owed on them."""
    stmt = select(func.count(), func.coalesce(func.sum(Invoice.total - Invoice.paid_amount), ZERO)).where(
        Invoice.status.in_(OPEN), Invoice.due_at >= start, Invoice.due_at < end
    )
    count, amount = (await session.execute(stmt)).one()
    return Amounts(int(count), Decimal(amount))


async def invoices_overdue(session: AsyncSession) -> Amounts:
    """Overdue invoices and what is still to pay on them: the invoices list's 'Overdue' card, by the same
    function."""
    count, amount = (await invoices.still_to_pay(session, ("overdue",)))["overdue"]
    return Amounts(count, amount)


async def document_totals(
    session: AsyncSession, keys: list[tuple[str, str]]
) -> dict[tuple[str, str], Amounts]:
    """Count and amount of documents per (kind, state), from the running totals the money lists' cards read;
    a pair that has no row yet is zero."""
    kinds = sorted({kind for kind, _ in keys})
    stmt = select(DocumentTotal.kind, DocumentTotal.status, DocumentTotal.count, DocumentTotal.amount).where(
        DocumentTotal.kind.in_(kinds)
    )
    found = {(k, s): Amounts(int(c), Decimal(a)) for k, s, c, a in (await session.execute(stmt)).all()}
    return {key: found.get(key, Amounts(0, ZERO)) for key in keys}


async def gate_passes_not_picked_up(session: AsyncSession) -> int:
    """Sold vehicles whose gate pass is issued (generated, or scanned at the gate) and not used yet: the Sold
    list's `gatePassIssued` filter."""
    stmt = (
        select(func.count())
        .select_from(Vehicle)
        .where(Vehicle.status == "sold", Vehicle.gate_pass_status.in_(GATE_PASS_ISSUED))
    )
    return int(await session.scalar(stmt) or 0)


async def free_storage_days(session: AsyncSession) -> int | None:
    return await session.scalar(select(BusinessSettings.free_storage_days).limit(1))


async def vehicles_past_free_days(session: AsyncSession, sold_on_or_before: date) -> int:
    """Sold vehicles still in the yard (not picked up, not released) sold on or before the given Dubai day:
    the Sold list's `inYardSoldBy` filter."""
    stmt = select(func.count()).select_from(Vehicle).where(in_yard_sold_by(sold_on_or_before))
    return int(await session.scalar(stmt) or 0)


async def failed_messages(session: AsyncSession) -> dict[str, int]:
    """Messages given up after their attempts, per channel (sms, whatsapp, email)."""
    stmt = (
        select(AlertMessage.channel, func.count(AlertMessage.id))
        .where(AlertMessage.status == "failed")
        .group_by(AlertMessage.channel)
    )
    return {channel: int(n) for channel, n in (await session.execute(stmt)).all()}


async def lots_waiting_for_approval(session: AsyncSession) -> int:
    """Lots on approval still open (waiting or countered): a range of the status and deadline index."""
    statuses = sorted(status.value for status in APPROVAL_OPEN)
    stmt = select(func.count()).select_from(LotApproval).where(LotApproval.status.in_(statuses))
    return int((await session.execute(stmt)).scalar_one())
