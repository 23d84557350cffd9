"""Which bids a lot takes where it is in the sale, and how it opens, is withdrawn and closes."""

import re
from collections.abc import Callable

import pytest

from gavel.bidding.bids import Refusal
from gavel.bidding.closing import LotStateError, Result, close, open_lot, withdraw_lot
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState, Source
from gavel.bidding.rules import apply
from tests.bidding.helpers import AED, absentee, floor, online, open_at, run

WAITING = Lot(10_000 * AED, Increments.flat(500 * AED))


def test_a_waiting_lot_takes_maxima_but_not_floor_bids() -> None:
    lot, [by_staff, by_member, from_room] = run(
        WAITING, absentee("amal", 12_000 * AED), online("badr", 15_000 * AED), floor(12_500 * AED)
    )
    assert by_staff.accepted and by_member.accepted
    assert from_room.refusal is Refusal.LOT_WAITING
    assert from_room.message == "The lot is not open yet: floor bids are taken once it opens."
    assert (lot.state, lot.price, lot.leader, lot.last_sequence) == (
        LotState.WAITING,
        12_500 * AED,
        "badr",
        3,
    )
    opened = open_lot(lot)
    assert (opened.state, opened.price, opened.asking) == (LotState.OPEN, 12_500 * AED, 13_000 * AED)


@pytest.mark.parametrize(
    ("move", "refusal", "sentence"),
    [
        (lambda lot: close(lot, None).lot, Refusal.LOT_CLOSED, "The lot is closed: it takes no more bids."),
        (withdraw_lot, Refusal.LOT_WITHDRAWN, "The lot was withdrawn from the sale: it takes no bids."),
    ],
)
def test_a_closed_or_withdrawn_lot_takes_no_bid(
    move: Callable[[Lot], Lot], refusal: Refusal, sentence: str
) -> None:
    lot = move(open_at(10_000 * AED))
    for bid in (floor(10_000 * AED), absentee("amal", 20_000 * AED), online("badr", 20_000 * AED)):
        outcome = apply(lot, bid)
        assert (outcome.refusal, outcome.message) == (refusal, sentence)
        assert not outcome.rows[0].accepted
        assert outcome.lot.price is None


def test_moves_the_state_does_not_allow_are_refused_with_a_sentence() -> None:
    opened = open_lot(WAITING)
    with pytest.raises(LotStateError, match=re.escape("Only a waiting lot opens: this one is open.")):
        open_lot(opened)
    with pytest.raises(
        LotStateError, match=re.escape("Only an open lot closes: this one has not opened yet.")
    ):
        close(WAITING, None)
    closed = close(opened, None).lot
    with pytest.raises(
        LotStateError, match=re.escape("Only an open lot closes: this one is already closed.")
    ):
        close(closed, None)
    with pytest.raises(
        LotStateError, match=re.escape("Only a waiting or open lot is withdrawn: this one is already closed.")
    ):
        withdraw_lot(closed)
    assert withdraw_lot(WAITING).state is LotState.WITHDRAWN
    with pytest.raises(LotStateError, match=re.escape("Only a waiting lot opens: this one was withdrawn.")):
        open_lot(withdraw_lot(opened))


def test_no_bid_is_a_no_sale() -> None:
    closing = close(open_at(10_000 * AED), 9_000 * AED)
    assert (closing.result, closing.price, closing.buyer, closing.buyer_source) == (
        Result.NO_SALE,
        None,
        None,
        None,
    )
    assert closing.lot.state is LotState.CLOSED


@pytest.mark.parametrize(
    ("reserve", "result"),
    [
        (None, Result.SOLD),
        (12_000 * AED, Result.SOLD),
        (12_500 * AED, Result.SOLD),
        (12_500 * AED + 1, Result.ON_APPROVAL),
        (20_000 * AED, Result.ON_APPROVAL),
    ],
)
def test_at_or_above_reserve_sold_below_on_approval(reserve: int | None, result: Result) -> None:
    """amal leads at AED 12,500 with a maximum of AED 15,000: the reserve is met by the price, not the
    maximum."""
    lot, _ = run(open_at(10_000 * AED), absentee("amal", 15_000 * AED), online("badr", 12_000 * AED))
    closing = close(lot, reserve)
    assert (closing.result, closing.price, closing.buyer, closing.buyer_source) == (
        result,
        12_500 * AED,
        "amal",
        Source.ABSENTEE,
    )
    assert (closing.lot.state, closing.lot.price) == (LotState.CLOSED, 12_500 * AED)


def test_the_floor_buys_without_a_name() -> None:
    lot, _ = run(open_at(10_000 * AED), floor(11_000 * AED))
    closing = close(lot, 10_000 * AED)
    assert (closing.result, closing.price, closing.buyer, closing.buyer_source) == (
        Result.SOLD,
        11_000 * AED,
        None,
        Source.FLOOR,
    )


def test_bids_that_are_not_bids_are_refused_before_the_engine() -> None:
    with pytest.raises(ValueError, match=re.escape("A bid's amount is a whole number of fils above 0.")):
        floor(0)
    with pytest.raises(ValueError, match=re.escape("A bid's maximum is a whole number of fils above 0.")):
        absentee("amal", -5)
    with pytest.raises(ValueError, match=re.escape("A maximum bid names its bidder.")):
        absentee("", 500)
    with pytest.raises(ValueError, match=re.escape("The opening price cannot be negative.")):
        Lot(-1, Increments.flat(1))
