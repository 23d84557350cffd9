"""What goes into the engine (a bid) and what comes out (its outcome and the bid-log rows it writes)."""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from gavel.bidding.lot import Lot, Source


def _check_amount(value: object, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"A bid's {name} is a whole number of fils above 0.")


@dataclass(frozen=True)
class FloorBid:
    """A bid from the room, keyed by the clerk (`entered_by`, a staff user's id). No member, no maximum."""

    entered_by: str
    amount: int
    at: datetime

    def __post_init__(self) -> None:
        _check_amount(self.amount, "amount")

    @property
    def source(self) -> Source:
        return Source.FLOOR


@dataclass(frozen=True)
class MaximumBid:
    """A member's maximum (a proxy): absentee (`entered_by` is the staff user who took it) or online
    (`entered_by` is the member). The engine bids for `bidder` up to `maximum`, never more."""

    source: Source
    entered_by: str
    bidder: str
    maximum: int
    at: datetime

    def __post_init__(self) -> None:
        if self.source is Source.FLOOR:
            raise ValueError("A floor bid has no maximum: it is a FloorBid.")
        if not self.bidder:
            raise ValueError("A maximum bid names its bidder.")
        _check_amount(self.maximum, "maximum")


Bid = FloorBid | MaximumBid


class Refusal(StrEnum):
    LOT_WAITING = "lot_waiting"  # a floor bid before the lot opens
    LOT_CLOSED = "lot_closed"
    LOT_WITHDRAWN = "lot_withdrawn"
    BELOW_ASKING = "below_asking"
    MAXIMUM_NOT_RAISED = "maximum_not_raised"  # the leader's new maximum is not above their own
    # Refused by the service, by who the bidder is (gavel.bidding.service): replay skips them.
    BIDDER_NOT_ALLOWED = "bidder_not_allowed"  # not an approved member who buys, or an invoice overdue
    BUYING_POWER = "buying_power"  # their buying power does not cover this bid and the lots they lead

    @property
    def about_lot_state(self) -> bool:
        """A refusal caused by where the lot was in the sale, not by the bid's amount."""
        return self in (Refusal.LOT_WAITING, Refusal.LOT_CLOSED, Refusal.LOT_WITHDRAWN)

    @property
    def about_bidder(self) -> bool:
        """A refusal caused by the bidder's standing (approval, buying power), decided outside the rules."""
        return self in (Refusal.BIDDER_NOT_ALLOWED, Refusal.BUYING_POWER)


@dataclass(frozen=True)
class LogRow:
    """One row of the lot's bid log.

    - A bid as entered (`automatic` False): `entered_by` is who keyed it; `accepted`, or refused with
      `reason`. `amount` is the price it bid: for a floor bid its amount; for a maximum that leads, the lot's
      new price; for a maximum outbid at once, the whole maximum; for a refused maximum, the maximum offered.
      `maximum` is the maximum entered (None for the floor).
    - A bid the engine placed for a member's maximum (`automatic` True): `entered_by` None, `amount` the
      price it bid (the lot's new price), `maximum` that member's maximum then.
    - A maximum withdrawn by staff before the sale (`withdrawal` True, `withdrawals.withdraw_maximum`):
      `entered_by` the staff user, `maximum` the maximum withdrawn, `amount` the lot's price after it (0 when
      no bid is left). It is no bid: its rows before it no longer count (the reason is the caller's to keep).
    """

    sequence: int
    at: datetime
    source: Source
    bidder: str | None
    entered_by: str | None
    amount: int
    maximum: int | None
    automatic: bool
    accepted: bool
    reason: Refusal | None = None
    withdrawal: bool = False

    def as_bid(self) -> Bid:
        """The bid as it was entered, from its row (`ValueError` for a row that is not one)."""
        if self.automatic or self.withdrawal or self.entered_by is None:
            raise ValueError(f"Row {self.sequence} of the bid log is not a bid as entered.")
        if self.source is Source.FLOOR:
            return FloorBid(entered_by=self.entered_by, amount=self.amount, at=self.at)
        if self.bidder is None or self.maximum is None:
            raise ValueError(f"Row {self.sequence} of the bid log is a maximum without its bidder or amount.")
        return MaximumBid(self.source, self.entered_by, self.bidder, self.maximum, self.at)


@dataclass(frozen=True)
class Outcome:
    """The answer to one bid: the lot after it, the log rows it wrote, for a refusal its code and sentence."""

    lot: Lot
    rows: tuple[LogRow, ...]
    refusal: Refusal | None = None
    message: str | None = None

    @property
    def accepted(self) -> bool:
        return self.refusal is None
