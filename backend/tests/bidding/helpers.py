"""Worked examples' shorthand: amounts written in AED (`12_500 * AED` fils) and bids keyed at one time."""

from datetime import UTC, datetime

from gavel.bidding.bids import FloorBid, MaximumBid, Outcome
from gavel.bidding.closing import open_lot
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, Source
from gavel.bidding.rules import apply

AED = 100  # fils
AT = datetime(2026, 11, 29, 8, 0, tzinfo=UTC)
CLERK = "clerk-1"
STAFF = "staff-1"


def floor(amount: int) -> FloorBid:
    return FloorBid(entered_by=CLERK, amount=amount, at=AT)


def absentee(bidder: str, maximum: int) -> MaximumBid:
    return MaximumBid(source=Source.ABSENTEE, entered_by=STAFF, bidder=bidder, maximum=maximum, at=AT)


def online(bidder: str, maximum: int) -> MaximumBid:
    return MaximumBid(source=Source.ONLINE, entered_by=bidder, bidder=bidder, maximum=maximum, at=AT)


def open_at(opening: int, step: int = 500 * AED, *, table: Increments | None = None) -> Lot:
    """An open lot with this opening price and a flat step (or a table)."""
    return open_lot(Lot(opening, table if table is not None else Increments.flat(step)))


def run(lot: Lot, *bids: FloorBid | MaximumBid) -> tuple[Lot, list[Outcome]]:
    """Every bid in order; the lot after them and each outcome."""
    outcomes = []
    for bid in bids:
        outcome = apply(lot, bid)
        outcomes.append(outcome)
        lot = outcome.lot
    return lot, outcomes
