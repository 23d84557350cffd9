"""A lot's bid log back into its state: every bid as entered goes through `rules.apply` again, in order, and
must write the very rows the log holds (the automatic ones included). Any difference raises `ReplayMismatch`
naming the row, so a lot whose stored state differs from its log is found, never trusted.

The log holds bids, not the lot's moves through the sale (opened, closed, withdrawn): bids are replayed on
an open lot, and a bid refused because of the lot's state then (`Refusal.about_lot_state`) is skipped, as it
changed nothing. The returned lot takes `state`, the lot's own.
"""

from collections.abc import Sequence
from dataclasses import replace

from gavel.bidding.bids import Bid, FloorBid, LogRow, MaximumBid
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState, Source
from gavel.bidding.rules import apply


class ReplayMismatch(ValueError):
    """The log does not replay into the rows it holds."""


def replay(
    opening_price: int, increments: Increments, log: Sequence[LogRow], *, state: LotState = LotState.OPEN
) -> Lot:
    """The lot that `log` (every row of one lot, in sequence order) describes."""
    lot = Lot(opening_price, increments, state=LotState.OPEN)
    at = 0
    while at < len(log):
        row = log[at]
        if row.sequence != lot.last_sequence + 1:
            expected = lot.last_sequence + 1
            raise ReplayMismatch(f"Row {row.sequence} of the bid log comes where row {expected} was.")
        if row.automatic:
            raise ReplayMismatch(f"Row {row.sequence} of the bid log is an automatic bid no bid called for.")
        if not row.accepted and row.reason is not None and row.reason.about_lot_state:
            lot = replace(lot, last_sequence=row.sequence)
            at += 1
            continue
        outcome = apply(lot, bid_of(row))
        written = tuple(log[at : at + len(outcome.rows)])
        if written != outcome.rows:
            raise ReplayMismatch(
                f"Row {row.sequence} of the bid log replays into {list(outcome.rows)}, "
                f"but the log holds {list(written)}."
            )
        lot = outcome.lot
        at += len(outcome.rows)
    return replace(lot, state=state)


def bid_of(row: LogRow) -> Bid:
    """The bid as it was entered, from its row."""
    if row.automatic or row.entered_by is None:
        raise ReplayMismatch(f"Row {row.sequence} of the bid log is not a bid as entered.")
    if row.source is Source.FLOOR:
        return FloorBid(entered_by=row.entered_by, amount=row.amount, at=row.at)
    if row.bidder is None or row.maximum is None:
        raise ReplayMismatch(f"Row {row.sequence} of the bid log is a maximum without its bidder or amount.")
    return MaximumBid(
        source=row.source, entered_by=row.entered_by, bidder=row.bidder, maximum=row.maximum, at=row.at
    )
