"""A lot's bid log replays into its state, and a log that does not is found out, naming its row."""

import re
from dataclasses import replace

import pytest

from gavel.bidding.bids import LogRow, Refusal
from gavel.bidding.closing import close
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState
from gavel.bidding.replay import ReplayMismatch, replay
from tests.bidding.helpers import AED, absentee, floor, online, run

STEPS = Increments.table([(0, 250 * AED), (12_000 * AED, 500 * AED)])


def _a_sale() -> tuple[Lot, list[LogRow]]:
    """Maxima and a refused floor bid while waiting; then open: floor bids, proxies, a raise, refusals."""
    lot = Lot(10_000 * AED, STEPS)
    lot, before = run(lot, absentee("amal", 11_000 * AED), floor(10_000 * AED), online("badr", 12_000 * AED))
    lot = replace(lot, state=LotState.OPEN)
    lot, during = run(
        lot,
        floor(12_000 * AED),
        floor(12_000 * AED),
        absentee("amal", 13_000 * AED),
        floor(13_000 * AED),
        online("badr", 15_000 * AED),
        online("badr", 14_000 * AED),
        online("badr", 18_000 * AED),
    )
    log = [row for outcome in before + during for row in outcome.rows]
    return lot, log


def test_the_log_replays_into_the_live_lot() -> None:
    lot, log = _a_sale()
    assert [(row.bidder, row.amount // AED, row.automatic, row.reason) for row in log] == [
        ("amal", 10_000, False, None),
        (None, 10_000, False, Refusal.LOT_WAITING),
        ("badr", 11_250, False, None),  # AED 250 above amal's AED 11,000
        (None, 12_000, False, None),  # the floor jumps to badr's maximum...
        ("badr", 12_000, True, None),  # ...and loses to it
        (None, 12_000, False, Refusal.BELOW_ASKING),
        ("amal", 12_500, False, None),  # AED 500 above badr's AED 12,000 (the band from AED 12,000)
        (None, 13_000, False, None),
        ("amal", 13_000, True, None),
        ("badr", 13_500, False, None),
        ("badr", 14_000, False, Refusal.MAXIMUM_NOT_RAISED),
        ("badr", 13_500, False, None),  # raised to AED 18,000, the price stays
    ]
    assert [row.sequence for row in log] == list(range(1, 13))
    assert replay(10_000 * AED, STEPS, log) == lot
    closed = close(lot, 20_000 * AED).lot
    assert replay(10_000 * AED, STEPS, log, state=LotState.CLOSED) == closed


def test_an_empty_log_is_a_lot_without_bids() -> None:
    assert replay(10_000 * AED, STEPS, []) == Lot(10_000 * AED, STEPS, state=LotState.OPEN)


def test_a_changed_amount_is_found() -> None:
    _, log = _a_sale()
    log[6] = replace(log[6], amount=12_750 * AED)  # amal took the lead at AED 12,500
    with pytest.raises(ReplayMismatch, match=re.escape("Row 7 of the bid log replays into")):
        replay(10_000 * AED, STEPS, log)


def test_a_missing_automatic_bid_is_found() -> None:
    _, log = _a_sale()
    automatic = next(i for i, row in enumerate(log) if row.automatic)
    del log[automatic]
    with pytest.raises(ReplayMismatch, match=f"Row {automatic} of the bid log replays into"):
        replay(10_000 * AED, STEPS, log)


def test_an_automatic_bid_nobody_called_for_is_found() -> None:
    lot, log = _a_sale()
    extra = replace(log[-1], sequence=lot.last_sequence + 1, automatic=True, entered_by=None)
    with pytest.raises(ReplayMismatch, match=re.escape("is an automatic bid no bid called for")):
        replay(10_000 * AED, STEPS, [*log, extra])


def test_rows_out_of_order_are_found() -> None:
    _, log = _a_sale()
    with pytest.raises(ReplayMismatch, match=re.escape("Row 2 of the bid log comes where row 1 was.")):
        replay(10_000 * AED, STEPS, log[1:])


def test_a_log_replayed_with_other_steps_is_found() -> None:
    _, log = _a_sale()
    with pytest.raises(ReplayMismatch):
        replay(10_000 * AED, Increments.flat(100 * AED), log)
