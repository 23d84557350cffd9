"""A lot's state in the bid engine: where it is in the sale, its price, who leads and every maximum on it."""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from gavel.bidding.increments import Increments, next_asking


class LotState(StrEnum):
    WAITING = "waiting"  # not yet run: absentee and online maxima are taken, floor bids are not
    OPEN = "open"  # on the block: every source bids
    CLOSED = "closed"  # sold, on approval or no sale (closing.Result): no more bids
    WITHDRAWN = "withdrawn"  # taken out of the sale: no bids


class Source(StrEnum):
    FLOOR = "floor"  # the clerk keys a bid from the room at the asking price (no maximum, no member)
    ABSENTEE = "absentee"  # a staff user enters a member's maximum
    ONLINE = "online"  # the member enters their own maximum


@dataclass(frozen=True)
class Maximum:
    """A member's maximum on the lot: the most the engine bids for them. `sequence` is the bid-log row that
    placed it; between equal maxima the lower sequence (the earlier one) leads."""

    bidder: str
    amount: int
    sequence: int
    source: Source
    at: datetime


@dataclass(frozen=True)
class Lot:
    """One vehicle's run, as the rules see it. Amounts in fils.

    `price` is None until a bid is taken; then `leader_source` says who leads: the floor (`leader` None) or a
    member by their maximum (`leader` is the member's id). `maxima` holds each member's latest maximum, in the
    order placed. `last_sequence` is the number of the lot's last bid-log row (0 before any).
    """

    opening_price: int
    increments: Increments
    state: LotState = LotState.WAITING
    price: int | None = None
    leader: str | None = None
    leader_source: Source | None = None
    maxima: tuple[Maximum, ...] = ()
    last_sequence: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.opening_price, bool) or not isinstance(self.opening_price, int):
            raise ValueError("The opening price is a whole amount in fils.")
        if self.opening_price < 0:
            raise ValueError("The opening price cannot be negative.")

    @property
    def has_leader(self) -> bool:
        return self.leader_source is not None

    @property
    def asking(self) -> int:
        """The lowest bid the lot takes now."""
        return next_asking(self.price, self.has_leader, self.opening_price, self.increments)

    @property
    def leader_maximum(self) -> int | None:
        """The leading member's maximum; None while the floor or nobody leads."""
        held = self.maximum_of(self.leader) if self.leader is not None else None
        return held.amount if held is not None else None

    def maximum_of(self, bidder: str) -> Maximum | None:
        return next((held for held in self.maxima if held.bidder == bidder), None)
