"""The proxy rules on worked examples: opening price AED 10,000, a step of AED 500 unless said otherwise."""

from gavel.bidding.bids import LogRow, Refusal
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Source
from gavel.bidding.rules import apply
from tests.bidding.helpers import AED, AT, CLERK, STAFF, absentee, floor, online, open_at, run

OPENING = 10_000 * AED


def test_the_first_floor_bid_is_taken_at_the_opening_price() -> None:
    lot, [outcome] = run(open_at(OPENING), floor(10_000 * AED))
    assert outcome.accepted
    assert (lot.price, lot.leader, lot.leader_source) == (10_000 * AED, None, Source.FLOOR)
    assert lot.asking == 10_500 * AED
    assert outcome.rows == (
        LogRow(1, AT, Source.FLOOR, None, CLERK, 10_000 * AED, None, automatic=False, accepted=True),
    )


def test_a_first_maximum_leads_at_the_opening_price() -> None:
    lot, [outcome] = run(open_at(OPENING), absentee("amal", 15_000 * AED))
    assert (lot.price, lot.leader, lot.leader_source, lot.leader_maximum) == (
        10_000 * AED,
        "amal",
        Source.ABSENTEE,
        15_000 * AED,
    )
    assert outcome.rows == (
        LogRow(
            1, AT, Source.ABSENTEE, "amal", STAFF, 10_000 * AED, 15_000 * AED, automatic=False, accepted=True
        ),
    )


def test_a_lower_maximum_is_answered_one_step_above_it_by_the_leaders_proxy() -> None:
    lot, [_, outcome] = run(open_at(OPENING), absentee("amal", 15_000 * AED), online("badr", 12_000 * AED))
    assert outcome.accepted
    assert (lot.price, lot.leader) == (12_500 * AED, "amal")
    assert outcome.rows == (
        LogRow(
            2, AT, Source.ONLINE, "badr", "badr", 12_000 * AED, 12_000 * AED, automatic=False, accepted=True
        ),
        LogRow(
            3, AT, Source.ABSENTEE, "amal", None, 12_500 * AED, 15_000 * AED, automatic=True, accepted=True
        ),
    )
    assert lot.last_sequence == 3


def test_a_higher_maximum_leads_one_step_above_the_one_it_beats() -> None:
    lot, [_, outcome] = run(open_at(OPENING), absentee("amal", 12_000 * AED), online("badr", 15_000 * AED))
    assert (lot.price, lot.leader, lot.leader_source) == (12_500 * AED, "badr", Source.ONLINE)
    assert [(row.bidder, row.amount, row.automatic) for row in outcome.rows] == [
        ("badr", 12_500 * AED, False)
    ]


def test_the_leader_never_pays_more_than_their_maximum() -> None:
    """One step above AED 12,000 would be AED 12,500: the leader's AED 12,200 caps it, defending or taking."""
    lot, _ = run(open_at(OPENING), absentee("amal", 12_200 * AED), absentee("badr", 12_000 * AED))
    assert (lot.price, lot.leader) == (12_200 * AED, "amal")
    lot, _ = run(open_at(OPENING), absentee("amal", 12_000 * AED), absentee("badr", 12_300 * AED))
    assert (lot.price, lot.leader) == (12_300 * AED, "badr")
    lot, _ = run(open_at(OPENING), absentee("amal", 11_800 * AED), floor(11_500 * AED))
    assert (lot.price, lot.leader) == (11_800 * AED, "amal")


def test_between_equal_maxima_the_earlier_one_leads_at_that_maximum() -> None:
    lot, [_, outcome] = run(open_at(OPENING), absentee("amal", 12_000 * AED), online("badr", 12_000 * AED))
    assert outcome.accepted
    assert (lot.price, lot.leader) == (12_000 * AED, "amal")
    assert [(row.bidder, row.amount) for row in outcome.rows] == [
        ("badr", 12_000 * AED),
        ("amal", 12_000 * AED),
    ]
    assert lot.asking == 12_500 * AED


def test_a_floor_bid_equal_to_the_leading_maximum_loses_to_it() -> None:
    lot, outcomes = run(
        open_at(OPENING), absentee("amal", 11_500 * AED), floor(10_500 * AED), floor(11_500 * AED)
    )
    assert [o.rows[-1].amount for o in outcomes] == [10_000 * AED, 11_000 * AED, 11_500 * AED]
    assert (lot.price, lot.leader, lot.leader_source) == (11_500 * AED, "amal", Source.ABSENTEE)
    last = outcomes[-1].rows
    assert [(row.source, row.amount, row.automatic) for row in last] == [
        (Source.FLOOR, 11_500 * AED, False),
        (Source.ABSENTEE, 11_500 * AED, True),
    ]


def test_a_floor_bid_above_the_leading_maximum_takes_the_lead() -> None:
    lot, [_, outcome] = run(open_at(OPENING), absentee("amal", 11_500 * AED), floor(12_000 * AED))
    assert (lot.price, lot.leader, lot.leader_source, lot.leader_maximum) == (
        12_000 * AED,
        None,
        Source.FLOOR,
        None,
    )
    assert len(outcome.rows) == 1


def test_a_floor_bid_may_jump_above_the_asking_price() -> None:
    lot, _ = run(open_at(OPENING), floor(10_000 * AED), floor(14_000 * AED))
    assert (lot.price, lot.asking) == (14_000 * AED, 14_500 * AED)


def test_a_maximum_beats_the_floor_one_step_above_its_bid() -> None:
    lot, _ = run(open_at(OPENING), floor(10_000 * AED), online("badr", 20_000 * AED))
    assert (lot.price, lot.leader) == (10_500 * AED, "badr")
    lot, _ = run(lot, floor(11_000 * AED))
    assert (lot.price, lot.leader) == (11_500 * AED, "badr")


def test_a_bid_below_the_asking_price_is_refused_with_the_asking_price() -> None:
    lot, [_, outcome] = run(open_at(OPENING), floor(10_000 * AED), floor(10_000 * AED))
    assert outcome.refusal is Refusal.BELOW_ASKING
    assert outcome.message == "The asking price is AED 10,500.00: a bid of AED 10,000.00 is below it."
    assert (lot.price, lot.last_sequence) == (10_000 * AED, 2)
    assert outcome.rows == (
        LogRow(2, AT, Source.FLOOR, None, CLERK, 10_000 * AED, None, False, False, Refusal.BELOW_ASKING),
    )
    refused = apply(lot, absentee("amal", 10_200 * AED))
    assert refused.message == "The asking price is AED 10,500.00: a maximum of AED 10,200.00 is below it."
    assert refused.lot.maxima == ()


def test_the_leader_raising_their_maximum_does_not_raise_the_price() -> None:
    lot, _ = run(open_at(OPENING), absentee("amal", 15_000 * AED), absentee("badr", 12_000 * AED))
    lot, [outcome] = run(lot, online("amal", 20_000 * AED))
    assert outcome.accepted
    assert (lot.price, lot.leader, lot.leader_maximum, lot.leader_source) == (
        12_500 * AED,
        "amal",
        20_000 * AED,
        Source.ONLINE,
    )
    assert [(row.amount, row.maximum) for row in outcome.rows] == [(12_500 * AED, 20_000 * AED)]


def test_the_leaders_new_maximum_must_be_higher() -> None:
    lot, _ = run(open_at(OPENING), absentee("amal", 15_000 * AED))
    outcome = apply(lot, absentee("amal", 15_000 * AED))
    assert outcome.refusal is Refusal.MAXIMUM_NOT_RAISED
    assert outcome.message == (
        "This bidder already leads with a maximum of AED 15,000.00: a new maximum must be higher."
    )
    assert outcome.lot.leader_maximum == 15_000 * AED


def test_the_leaders_new_maximum_is_a_bid_and_not_below_the_asking_price() -> None:
    """Capped at AED 12,200 over AED 12,000, amal asks AED 12,700: AED 12,400 is higher but below it."""
    lot, _ = run(open_at(OPENING), absentee("amal", 12_200 * AED), absentee("badr", 12_000 * AED))
    outcome = apply(lot, absentee("amal", 12_400 * AED))
    assert outcome.refusal is Refusal.BELOW_ASKING
    assert outcome.message == "The asking price is AED 12,700.00: a maximum of AED 12,400.00 is below it."


def test_an_outbid_member_bids_again_with_a_new_maximum() -> None:
    lot, _ = run(
        open_at(OPENING),
        absentee("amal", 12_000 * AED),
        online("badr", 15_000 * AED),
        absentee("amal", 20_000 * AED),
    )
    assert (lot.price, lot.leader) == (15_500 * AED, "amal")
    amal = lot.maximum_of("amal")
    assert amal is not None and (amal.amount, amal.sequence) == (20_000 * AED, 3)
    assert [m.bidder for m in lot.maxima] == ["badr", "amal"]


def test_increments_by_band_in_the_proxy_rules() -> None:
    """Steps of AED 500 below AED 10,000 and AED 1,000 from it: one step above AED 10,000 is AED 11,000."""
    table = Increments.table([(0, 500 * AED), (10_000 * AED, 1_000 * AED)])
    lot, _ = run(
        open_at(9_000 * AED, table=table), absentee("amal", 10_000 * AED), online("badr", 20_000 * AED)
    )
    assert (lot.price, lot.leader, lot.asking) == (11_000 * AED, "badr", 12_000 * AED)
    lot, _ = run(open_at(9_000 * AED, table=table), floor(9_000 * AED), floor(9_800 * AED))
    assert lot.asking == 10_300 * AED
    lot, _ = run(lot, floor(10_300 * AED))
    assert lot.asking == 11_300 * AED
    lot, _ = run(open_at(9_000 * AED, table=table), absentee("amal", 30_000 * AED), floor(9_800 * AED))
    assert lot.price == 10_300 * AED  # the step of AED 9,800's band


def test_an_opening_price_of_nothing_takes_its_first_bid_one_step_up() -> None:
    lot, [refused, taken] = run(open_at(0), floor(1), absentee("amal", 5_000 * AED))
    assert refused.message == "The asking price is AED 500.00: a bid of AED 0.01 is below it."
    assert taken.accepted
    assert lot.price == 500 * AED
