"""What happens in the bid engine that modules above it react to (gavel.core.events): alerts asks the seller
of a lot sold below its reserve for an answer, and tells the buyer of the seller's counter-offer."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal


@dataclass(frozen=True)
class SellerApprovalRequested:
    """A lot closed below its reserve (`price` under `reserve`): its seller is asked to accept, decline or
    counter by `deadline`."""

    lot_id: str
    vehicle_id: str
    seller_id: str
    price: Decimal
    reserve: Decimal
    deadline: datetime
    at: datetime


@dataclass(frozen=True)
class CounterOffered:
    """The seller answered a lot on approval with `amount` (above the price): the buyer may take it until
    `deadline`. `buyer_id` is None for a lot the floor led (staff tell the room's buyer themselves)."""

    lot_id: str
    vehicle_id: str
    buyer_id: str | None
    price: Decimal
    amount: Decimal
    deadline: datetime
    at: datetime


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
    """A lot sold to member `member_id` at `price` (not a floor sale): closed at or above its reserve
    (`service.close_lot`), or accepted by its seller, a counter-offer taken included (`approval.service`); in
    the sale's transaction."""

    lot_id: str
    vehicle_id: str
    member_id: str
    price: Decimal
    at: datetime
