"""A lot's moves in the sale: opened, withdrawn, closed. Closing gives the result: sold, on approval, no sale.

A move the lot's state does not allow raises `LotStateError` (a sentence); the caller answers 409. Closing a
lot twice is the caller's to make idempotent: it reads the state under the lot's lock before calling `close`.
"""

from dataclasses import dataclass, replace
from enum import StrEnum

from gavel.bidding.lot import Lot, LotState, Source


class LotStateError(ValueError):
    """The lot's state does not allow this move."""


class Result(StrEnum):
    SOLD = "sold"
    ON_APPROVAL = "on_approval"
    NO_SALE = "no_sale"


@dataclass(frozen=True)
class Closing:
    """A closed lot and its result. For sold and on approval: the price and who leads (`buyer` None when the
    floor leads: the clerk names the buyer from the room)."""

    lot: Lot
    result: Result
    price: int | None
    buyer: str | None
    buyer_source: Source | None


_STATE_WORDS = {
    LotState.WAITING: "has not opened yet",
    LotState.OPEN: "is open",
    LotState.CLOSED: "is already closed",
    LotState.WITHDRAWN: "was withdrawn",
}


def state_words(lot: Lot) -> str:
    """Where the lot is, to end a sentence: 'this one has not opened yet'."""
    return _STATE_WORDS[lot.state]


def open_lot(lot: Lot) -> Lot:
    """A waiting lot on the block."""
    if lot.state is not LotState.WAITING:
        raise LotStateError(f"Only a waiting lot opens: this one {_STATE_WORDS[lot.state]}.")
    return replace(lot, state=LotState.OPEN)


def withdraw_lot(lot: Lot) -> Lot:
    """A waiting or open lot taken out of the sale; its bids stay in its log, no one buys it."""
    if lot.state not in (LotState.WAITING, LotState.OPEN):
        raise LotStateError(f"Only a waiting or open lot is withdrawn: this one {_STATE_WORDS[lot.state]}.")
    return replace(lot, state=LotState.WITHDRAWN)


def close(lot: Lot, reserve: int | None) -> Closing:
    """An open lot closed: no bid is a no-sale; at or above `reserve` (fils; None: no reserve) it is sold to
    the leader at the lot's price; below it, on approval (the seller is asked)."""
    if lot.state is not LotState.OPEN:
        raise LotStateError(f"Only an open lot closes: this one {_STATE_WORDS[lot.state]}.")
    closed = replace(lot, state=LotState.CLOSED)
    if not lot.has_leader or lot.price is None:
        return Closing(closed, Result.NO_SALE, None, None, None)
    result = Result.SOLD if reserve is None or lot.price >= reserve else Result.ON_APPROVAL
    return Closing(closed, result, lot.price, lot.leader, lot.leader_source)
