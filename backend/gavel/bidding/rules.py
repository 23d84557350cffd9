"""`apply`: one bid on a lot, answered by the proxy rules (issue 25).

- The asking price starts at the opening price and then is one step above the price (`increments`). A bid or a
  maximum below it is refused, the asking price named in the sentence.
- A maximum is a proxy: its member leads at the lowest price that beats every other maximum (and the
  floor's last bid) by one step, never more than their own maximum. So a new maximum above the leader's takes
  the lead at min(new maximum, leader's maximum + step); one at or below it is answered at once by the
  leader's proxy at min(leader's maximum, new maximum + step), in an automatic row.
- Between equal maxima the earlier one leads; a floor bid equal to the leading maximum loses to it.
- A leader raising their own maximum does not move the price; a leader's new maximum must be higher.
- Floor bids are taken while the lot is open; maxima while it is waiting or open; nothing once it is closed or
  withdrawn. Every bid, refused ones too, writes a row of the bid log.
"""

from dataclasses import replace

from gavel.bidding.bids import Bid, FloorBid, LogRow, MaximumBid, Outcome, Refusal
from gavel.bidding.lot import Lot, LotState, Maximum, Source
from gavel.bidding.money import aed_text


def apply(lot: Lot, bid: Bid) -> Outcome:
    """The outcome of `bid` on `lot`: the new lot and the log rows, or a refusal (logged too)."""
    refusal = _state_refusal(lot, bid)
    if refusal is not None:
        return _refused(lot, bid, refusal, _STATE_SENTENCES[refusal])
    if isinstance(bid, FloorBid):
        return _floor(lot, bid)
    return _maximum(lot, bid)


_STATE_SENTENCES = {
    Refusal.LOT_WAITING: "The lot is not open yet: floor bids are taken once it opens.",
    Refusal.LOT_CLOSED: "The lot is closed: it takes no more bids.",
    Refusal.LOT_WITHDRAWN: "The lot was withdrawn from the sale: it takes no bids.",
}


def _state_refusal(lot: Lot, bid: Bid) -> Refusal | None:
    if lot.state is LotState.CLOSED:
        return Refusal.LOT_CLOSED
    if lot.state is LotState.WITHDRAWN:
        return Refusal.LOT_WITHDRAWN
    if lot.state is LotState.WAITING and isinstance(bid, FloorBid):
        return Refusal.LOT_WAITING
    return None


def _floor(lot: Lot, bid: FloorBid) -> Outcome:
    if bid.amount < lot.asking:
        return _below_asking(lot, bid)
    row = _entered_row(lot.last_sequence + 1, bid, amount=bid.amount)
    leading = _leading_maximum(lot)
    if leading is None or bid.amount > leading.amount:
        taken = replace(
            lot, price=bid.amount, leader=None, leader_source=Source.FLOOR, last_sequence=row.sequence
        )
        return Outcome(taken, (row,))
    return _defended(lot, row, leading, beaten=bid.amount)


def _maximum(lot: Lot, bid: MaximumBid) -> Outcome:
    held = lot.maximum_of(bid.bidder)
    if lot.leader == bid.bidder and held is not None:
        if bid.maximum <= held.amount:
            sentence = (
                f"This bidder already leads with a maximum of {aed_text(held.amount)}: "
                "a new maximum must be higher."
            )
            return _refused(lot, bid, Refusal.MAXIMUM_NOT_RAISED, sentence)
        if bid.maximum < lot.asking:
            return _below_asking(lot, bid)
        return _raised(lot, bid)
    if bid.maximum < lot.asking:
        return _below_asking(lot, bid)
    sequence = lot.last_sequence + 1
    placed = Maximum(bid.bidder, bid.maximum, sequence, bid.source, bid.at)
    maxima = (*(m for m in lot.maxima if m.bidder != bid.bidder), placed)
    leading = _leading_maximum(lot)
    if leading is None or bid.maximum > leading.amount:
        # Beats whoever leads: the floor's last bid or nobody (the asking price), or the leader's maximum.
        price = lot.asking if leading is None else min(bid.maximum, _one_step_above(lot, leading.amount))
        row = _entered_row(sequence, bid, amount=price)
        taken = replace(
            lot,
            price=price,
            leader=bid.bidder,
            leader_source=bid.source,
            maxima=maxima,
            last_sequence=sequence,
        )
        return Outcome(taken, (row,))
    row = _entered_row(sequence, bid, amount=bid.maximum)
    return _defended(replace(lot, maxima=maxima), row, leading, beaten=bid.maximum)


def _raised(lot: Lot, bid: MaximumBid) -> Outcome:
    """The leader's own higher maximum: kept, the price unchanged."""
    assert lot.price is not None
    sequence = lot.last_sequence + 1
    placed = Maximum(bid.bidder, bid.maximum, sequence, bid.source, bid.at)
    maxima = (*(m for m in lot.maxima if m.bidder != bid.bidder), placed)
    row = _entered_row(sequence, bid, amount=lot.price)
    return Outcome(replace(lot, leader_source=bid.source, maxima=maxima, last_sequence=sequence), (row,))


def _defended(lot: Lot, row: LogRow, leading: Maximum, beaten: int) -> Outcome:
    """The leader's proxy answers a bid it covers (`beaten`, at most its maximum): one step above it, never
    above its own maximum (so at its maximum when they are equal)."""
    price = min(leading.amount, _one_step_above(lot, beaten))
    answer = LogRow(
        sequence=row.sequence + 1,
        at=row.at,
        source=leading.source,
        bidder=leading.bidder,
        entered_by=None,
        amount=price,
        maximum=leading.amount,
        automatic=True,
        accepted=True,
    )
    return Outcome(replace(lot, price=price, last_sequence=answer.sequence), (row, answer))


def _leading_maximum(lot: Lot) -> Maximum | None:
    return lot.maximum_of(lot.leader) if lot.leader is not None else None


def _one_step_above(lot: Lot, amount: int) -> int:
    return amount + lot.increments.step_at(amount)


def _below_asking(lot: Lot, bid: Bid) -> Outcome:
    if isinstance(bid, FloorBid):
        offered = f"a bid of {aed_text(bid.amount)}"
    else:
        offered = f"a maximum of {aed_text(bid.maximum)}"
    sentence = f"The asking price is {aed_text(lot.asking)}: {offered} is below it."
    return _refused(lot, bid, Refusal.BELOW_ASKING, sentence)


def refuse(lot: Lot, bid: Bid, refusal: Refusal, sentence: str) -> Outcome:
    """A bid refused outside the rules, logged as the rules log theirs: one row, the lot otherwise unchanged.
    The caller knows the bidder (`Refusal.about_bidder`) or the clock (an online lot whose time ran out is
    `LOT_CLOSED`); replay skips both."""
    if not (refusal.about_bidder or refusal.about_lot_state):
        raise ValueError(f"{refusal} is a refusal of the rules': `apply` decides it.")
    return _refused(lot, bid, refusal, sentence)


def _refused(lot: Lot, bid: Bid, refusal: Refusal, sentence: str) -> Outcome:
    amount = bid.amount if isinstance(bid, FloorBid) else bid.maximum
    row = replace(_entered_row(lot.last_sequence + 1, bid, amount=amount), accepted=False, reason=refusal)
    return Outcome(replace(lot, last_sequence=row.sequence), (row,), refusal, sentence)


def _entered_row(sequence: int, bid: Bid, *, amount: int) -> LogRow:
    """The row of a bid as entered (accepted unless the caller replaces it)."""
    return LogRow(
        sequence=sequence,
        at=bid.at,
        source=bid.source,
        bidder=None if isinstance(bid, FloorBid) else bid.bidder,
        entered_by=bid.entered_by,
        amount=amount,
        maximum=None if isinstance(bid, FloorBid) else bid.maximum,
        automatic=False,
        accepted=True,
    )
