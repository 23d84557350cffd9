"""The bid engine's events these notices react to. They belong in gavel/bidding/events.py (the engine, a
lower layer, publishes them; see the report of issue 26's socket work): kept here, field for field as they
are to be published, until the engine publishes them."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal


@dataclass(frozen=True)
class MemberOutbid:
    """An accepted bid left `member_id` without the lead on the lot: they led before it (or placed it, and
    another's maximum answered), and someone else leads after it. Published by `service.placed_bid`, in its
    transaction, once per such member."""

    lot_id: str
    vehicle_id: str
    member_id: str
    price: Decimal  # the lot's price after the bid
    asking: Decimal  # what the member must bid to lead again
    at: datetime


@dataclass(frozen=True)
class LotWon:
    """A lot closed as sold to member `member_id` at `price` (not a floor sale, not on approval). Published by
    `service.close_lot`, in its transaction."""

    lot_id: str
    vehicle_id: str
    member_id: str
    price: Decimal
    at: datetime
