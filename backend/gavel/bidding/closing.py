"""A lot's moves in the sale: opened, withdrawn, closed. Closing gives the result: sold, on approval, no sale.

A move the lot's state does not allow raises `LotStateError` (a sentence); the caller answers 409. Closing a
lot twice is the caller's to make idempotent: it reads the state under the lot's lock before calling `close`.
"""

from dataclasses import dataclass, replace
from enum import StrEnum

from gavel.bidding.lot import Lot, LotState, Source
from gavel.bidding.money import aed_text


class LotStateError(ValueError):
    """The lot's state does not allow this move."""


class CloseIntent(StrEnum):
    """What the clerk asks of a close: the rule (`auto`), or a result named, refused when it does not fit."""

    AUTO = "auto"  # sold at or above reserve, on approval below it, no sale without a bid
    SOLD = "sold"  # sold to the leader: only with a bid at or above the reserve
    NO_SALE = "no_sale"  # the clerk passes the lot, even with bids
    APPROVAL = "approval"  # sent to the seller: only with a leader and a price below the reserve


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


def close(lot: Lot, reserve: int | None, intent: CloseIntent = CloseIntent.AUTO) -> Closing:
    """An open lot closed. By the rule (`auto`): no bid is a no-sale; at or above `reserve` (fils; None: no
    reserve) it is sold to the leader at the lot's price; below it, on approval (the seller is asked).
    `intent` names the result the clerk wants: `no_sale` always closes (the clerk passes the lot); `sold` and
    `approval` raise `LotStateError` (a sentence saying what to do instead) when the rule gives another."""
    if lot.state is not LotState.OPEN:
        raise LotStateError(f"Only an open lot closes: this one {_STATE_WORDS[lot.state]}.")
    closed = replace(lot, state=LotState.CLOSED)
    if intent is CloseIntent.NO_SALE or not lot.has_leader or lot.price is None:
        if intent in (CloseIntent.SOLD, CloseIntent.APPROVAL):
            raise LotStateError(_NO_BID[intent])
        return Closing(closed, Result.NO_SALE, None, None, None)
    result = Result.SOLD if reserve is None or lot.price >= reserve else Result.ON_APPROVAL
    if intent is CloseIntent.SOLD and result is not Result.SOLD:
        raise LotStateError(
            f"The price {aed_text(lot.price)} is below the reserve {aed_text(reserve or 0)}: "
            "send it to approval or close it as no sale."
        )
    if intent is CloseIntent.APPROVAL and result is not Result.ON_APPROVAL:
        if reserve is None:
            raise LotStateError(
                f"This lot has no reserve: the price {aed_text(lot.price)} sells it, there is nothing for "
                "the seller to approve."
            )
        raise LotStateError(
            f"The price {aed_text(lot.price)} meets the reserve {aed_text(reserve)}: sell it, there is "
            "nothing for the seller to approve."
        )
    return Closing(closed, result, lot.price, lot.leader, lot.leader_source)


_NO_BID = {
    CloseIntent.SOLD: "No bid was taken on this lot: there is nothing to sell; close it as no sale.",
    CloseIntent.APPROVAL: (
        "No bid was taken on this lot: there is nothing to send to approval; close it as no sale."
    ),
}
