"""A maximum withdrawn by staff before the sale: the lot is as if that member had never bid on it."""

import re
from dataclasses import replace

import pytest

from gavel.bidding.bids import LogRow, MaximumBid
from gavel.bidding.closing import LotStateError, open_lot
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState, Source
from gavel.bidding.replay import ReplayMismatch, replay
from gavel.bidding.withdrawals import NothingToWithdraw, withdraw_maximum
from tests.bidding.helpers import AED, AT, STAFF, absentee, online, run

STEP = Increments.flat(500 * AED)
OPENING = 10_000 * AED


def _waiting(*bids: MaximumBid) -> tuple[Lot, list[LogRow]]:
    lot, outcomes = run(Lot(OPENING, STEP), *bids)
    return lot, [row for outcome in outcomes for row in outcome.rows]


def test_the_leaders_maximum_withdrawn_leaves_the_next_at_the_opening_price() -> None:
    lot, log = _waiting(absentee("amal", 15_000 * AED), online("badr", 12_000 * AED))
    assert (lot.price, lot.leader) == (12_500 * AED, "amal")
    outcome = withdraw_maximum(lot, log, "amal", STAFF, AT)
    assert (outcome.lot.price, outcome.lot.leader, outcome.lot.leader_source) == (
        OPENING,
        "badr",
        Source.ONLINE,
    )
    assert outcome.lot.state is LotState.WAITING
    assert [m.bidder for m in outcome.lot.maxima] == ["badr"]
    assert outcome.rows == (
        LogRow(
            4,
            AT,
            Source.ABSENTEE,
            "amal",
            STAFF,
            OPENING,
            15_000 * AED,
            automatic=False,
            accepted=True,
            withdrawal=True,
        ),
    )
    assert outcome.lot.last_sequence == 4
    assert replay(OPENING, STEP, [*log, *outcome.rows], state=LotState.WAITING) == outcome.lot


def test_the_last_maximum_withdrawn_leaves_no_bid() -> None:
    lot, log = _waiting(absentee("amal", 15_000 * AED))
    outcome = withdraw_maximum(lot, log, "amal", STAFF, AT)
    assert (outcome.lot.price, outcome.lot.leader, outcome.lot.leader_source, outcome.lot.maxima) == (
        None,
        None,
        None,
        (),
    )
    assert outcome.rows[0].amount == 0
    assert outcome.lot.asking == OPENING


def test_a_bid_refused_stays_refused() -> None:
    """chen's AED 12,000 was below the asking price amal and badr made; without amal it still is no bid."""
    lot, log = _waiting(
        absentee("amal", 20_000 * AED), absentee("badr", 15_000 * AED), online("chen", 12_000 * AED)
    )
    assert not log[-1].accepted
    outcome = withdraw_maximum(lot, log, "amal", STAFF, AT)
    assert (outcome.lot.price, outcome.lot.leader) == (OPENING, "badr")
    assert outcome.lot.maximum_of("chen") is None


def test_ties_keep_their_order() -> None:
    lot, log = _waiting(
        absentee("amal", 12_000 * AED), absentee("chen", 11_000 * AED), online("badr", 12_000 * AED)
    )
    assert (lot.price, lot.leader) == (12_000 * AED, "amal")
    outcome = withdraw_maximum(lot, log, "chen", STAFF, AT)
    assert (outcome.lot.price, outcome.lot.leader) == (12_000 * AED, "amal")
    amal = outcome.lot.maximum_of("amal")
    assert amal is not None and amal.sequence == 1


def test_a_member_withdrawn_may_bid_again() -> None:
    lot, log = _waiting(absentee("amal", 15_000 * AED), online("badr", 12_000 * AED))
    withdrawn = withdraw_maximum(lot, log, "amal", STAFF, AT)
    log += withdrawn.rows
    lot, outcomes = run(withdrawn.lot, absentee("amal", 13_000 * AED))
    log += outcomes[0].rows
    assert (lot.price, lot.leader) == (12_500 * AED, "amal")
    again = withdraw_maximum(lot, log, "badr", STAFF, AT)
    assert (again.lot.price, again.lot.leader) == (OPENING, "amal")
    assert replay(OPENING, STEP, [*log, *again.rows], state=LotState.WAITING) == again.lot


def test_once_the_lot_is_open_a_maximum_stands() -> None:
    lot, log = _waiting(absentee("amal", 15_000 * AED))
    with pytest.raises(
        LotStateError, match=re.escape("A maximum is withdrawn only before the lot opens: this one is open.")
    ):
        withdraw_maximum(open_lot(lot), log, "amal", STAFF, AT)


def test_only_a_maximum_on_the_lot_is_withdrawn() -> None:
    lot, log = _waiting(absentee("amal", 15_000 * AED))
    with pytest.raises(NothingToWithdraw, match=re.escape("This bidder has no maximum on this lot.")):
        withdraw_maximum(lot, log, "badr", STAFF, AT)
    with pytest.raises(
        ValueError, match=re.escape("The log given ends before or after row 1, the lot's last.")
    ):
        withdraw_maximum(lot, [], "amal", STAFF, AT)


def test_a_withdrawal_that_does_not_replay_is_found() -> None:
    lot, log = _waiting(absentee("amal", 15_000 * AED), online("badr", 12_000 * AED))
    [row] = withdraw_maximum(lot, log, "amal", STAFF, AT).rows
    with pytest.raises(ReplayMismatch, match="Row 4 of the bid log replays into"):
        replay(OPENING, STEP, [*log, replace(row, amount=12_500 * AED)])
    with pytest.raises(ReplayMismatch, match=re.escape("This bidder has no maximum on this lot.")):
        replay(OPENING, STEP, [*log, replace(row, bidder="dana")])
