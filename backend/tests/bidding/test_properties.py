"""For any increments, opening price and sequence of maxima, floor bids and maxima withdrawn, the engine
answers every bid as the brute-force reference does (tests/bidding/reference.py), keeps the proxy rules'
promises after every bid, and its log replays into the live lot."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from gavel.bidding.bids import FloorBid, LogRow, MaximumBid
from gavel.bidding.closing import LotStateError, open_lot
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, Source
from gavel.bidding.replay import replay
from gavel.bidding.rules import apply
from gavel.bidding.withdrawals import NothingToWithdraw, withdraw_maximum
from tests.bidding.helpers import AT, CLERK, STAFF
from tests.bidding.reference import FLOOR, Reference

MEMBERS = ["amal", "badr", "chen", "dana"]


@st.composite
def increments(draw: st.DrawFn) -> Increments:
    """A flat step, or a table of up to four bands whose steps never shrink."""
    first = draw(st.integers(1, 200))
    starts = draw(st.lists(st.integers(1, 4000), unique=True, max_size=3).map(sorted))
    steps = [first]
    for _ in starts:
        steps.append(steps[-1] + draw(st.integers(0, 300)))
    return Increments.table(list(zip([0, *starts], steps, strict=True)))


# One bid: floor (kind 0), a maximum (1, 2) or a maximum withdrawn (3); which member, which source; its
# amount either near the asking price (`tenths` of a step from it) or, with `tie`, exactly someone's maximum
# or the price.
BIDS = st.lists(
    st.tuples(
        st.integers(0, 3),
        st.sampled_from(MEMBERS),
        st.sampled_from([Source.ABSENTEE, Source.ONLINE]),
        st.integers(-20, 80),
        st.booleans(),
    ),
    min_size=1,
    max_size=30,
)


def amount_of(reference: Reference, tenths: int, tie: bool) -> int:
    known = [amount for amount, _, _ in reference.maxima.values()] + [a for a in [reference.price] if a]
    if tie and known:
        return known[tenths % len(known)]
    asking = reference.asking()
    size = max(1, asking - (reference.price or 0))
    return max(1, asking + tenths * size // 10)


def _same(lot: Lot, reference: Reference) -> None:
    leader = FLOOR if lot.leader_source is Source.FLOOR else lot.leader
    assert (lot.price, leader, lot.leader_source, lot.asking) == (
        reference.price,
        reference.leader,
        reference.leader_source(),
        reference.asking(),
    )
    assert {m.bidder: m.amount for m in lot.maxima} == {m: held[0] for m, held in reference.maxima.items()}


def _promises(before: Lot, lot: Lot, rows: tuple[LogRow, ...]) -> None:
    """What the rules promise whatever the reference says: the price never falls, a member never pays above
    their maximum, the leader holds the best maximum (the earliest of equal ones), rows follow one another."""
    if before.price is not None:
        assert lot.price is not None and lot.price >= before.price
    if lot.leader is not None:
        best = max(lot.maxima, key=lambda m: (m.amount, -m.sequence))
        assert best.bidder == lot.leader
        assert lot.price is not None and lot.leader_maximum is not None and lot.price <= lot.leader_maximum
    for row in rows:
        if row.accepted and row.maximum is not None:
            assert row.amount <= row.maximum
    assert [row.sequence for row in rows] == list(range(before.last_sequence + 1, lot.last_sequence + 1))


def _kind_of(before: Lot, lot: Lot, rows: tuple[LogRow, ...], refusal: str | None) -> str:
    """What a bid did, for `--hypothesis-show-statistics`: every rule should be reached."""
    if refusal is not None:
        return f"refused: {refusal}"
    if len(rows) == 2:
        tie = rows[0].amount == rows[1].amount
        return f"answered by the leader's proxy{' at an equal amount' if tie else ''} ({rows[0].source})"
    if before.leader is not None and before.leader == lot.leader and rows[0].maximum is not None:
        return "the leader raised their maximum"
    if lot.leader_maximum is not None and lot.price == lot.leader_maximum and before.price is not None:
        return "took the lead, capped at its maximum"
    if before.increments.step_at(before.price or 0) != lot.increments.step_at(lot.price or 0):
        return "took the lead into another band"
    return f"took the lead ({rows[0].source})"


@settings(max_examples=300, deadline=None)
@given(steps=increments(), opening=st.integers(0, 3000), opens_before=st.integers(0, 8), bids=BIDS)
def test_the_engine_answers_as_the_reference(
    steps: Increments, opening: int, opens_before: int, bids: list[tuple[int, str, Source, int, bool]]
) -> None:
    reference = Reference(opening, [(band.from_price, band.step) for band in steps.bands])
    lot = Lot(opening, steps)
    log: list[LogRow] = []
    for number, (kind, member, source, tenths, tie) in enumerate(bids):
        if number == opens_before:
            lot, reference.open = open_lot(lot), True
        amount = amount_of(reference, tenths, tie)
        if kind == 3:
            holders = sorted(reference.maxima)
            member = holders[tenths % len(holders)] if holders and tie else member
            expected = reference.withdraw(member)
            try:
                outcome = withdraw_maximum(lot, log, member, STAFF, AT)
            except (LotStateError, NothingToWithdraw) as refused:
                assert expected == ("lot_open" if isinstance(refused, LotStateError) else "no_maximum")
                continue
            assert expected is None
            event("withdrew a maximum")
            lot = outcome.lot
            log.extend(outcome.rows)
            _same(lot, reference)
            continue
        if kind == 0:
            outcome = apply(lot, FloorBid(entered_by=CLERK, amount=amount, at=AT))
            expected = reference.floor(amount)
        else:
            outcome = apply(lot, MaximumBid(source, STAFF, member, amount, AT))
            expected = reference.maximum(member, amount, source.value)
        assert (outcome.refusal.value if outcome.refusal else None) == expected
        event(_kind_of(lot, outcome.lot, outcome.rows, expected))
        _promises(lot, outcome.lot, outcome.rows)
        lot = outcome.lot
        log.extend(outcome.rows)
        _same(lot, reference)
    assert replay(opening, steps, log, state=lot.state) == lot
    for held in lot.maxima:  # each maximum names the row that placed it
        row = log[held.sequence - 1]
        assert (row.sequence, row.bidder, row.maximum, row.source, row.accepted) == (
            held.sequence,
            held.bidder,
            held.amount,
            held.source,
            True,
        )
        assert not row.automatic and not row.withdrawal
