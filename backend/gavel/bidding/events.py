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
