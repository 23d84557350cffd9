"""A lot's bid log back into its state: every bid as entered goes through `rules.apply` again, in order, and
must write the very rows the log holds (the automatic ones included); every withdrawal of a maximum goes
through `withdrawals.withdraw_maximum` again. Any difference raises `ReplayMismatch` naming the row, so a lot
whose stored state differs from its log is found, never trusted.

The log holds bids, not the lot's moves through the sale (opened, closed, withdrawn): bids are replayed on
an open lot, and a bid refused because of the lot's state then (`Refusal.about_lot_state`) or because of the
bidder's standing (`Refusal.about_bidder`: approval, buying power) is skipped, as it changed nothing. The
returned lot takes `state`, the lot's own.
"""

from collections.abc import Sequence
from dataclasses import replace

from gavel.bidding.bids import LogRow, Outcome
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState
from gavel.bidding.rules import apply
from gavel.bidding.withdrawals import withdraw_maximum


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
        if (
            not row.accepted
            and row.reason is not None
            and (row.reason.about_lot_state or row.reason.about_bidder)
        ):
            lot = replace(lot, last_sequence=row.sequence)
            at += 1
            continue
        outcome = _again(lot, log[:at], row)
        written = tuple(log[at : at + len(outcome.rows)])
        if written != outcome.rows:
            raise ReplayMismatch(
                f"Row {row.sequence} of the bid log replays into {list(outcome.rows)}, "
                f"but the log holds {list(written)}."
            )
        lot = replace(outcome.lot, state=LotState.OPEN)
        at += len(outcome.rows)
    return replace(lot, state=state)


def _again(lot: Lot, before: Sequence[LogRow], row: LogRow) -> Outcome:
    """What the row's bid or withdrawal gives on the lot as replayed so far."""
    try:
        if row.withdrawal:
            if row.bidder is None or row.entered_by is None:
                raise ValueError(f"Row {row.sequence} of the bid log withdraws a maximum without its bidder.")
            waiting = replace(lot, state=LotState.WAITING)
            return withdraw_maximum(waiting, before, row.bidder, row.entered_by, row.at)
        return apply(lot, row.as_bid())
    except ValueError as wrong:
        raise ReplayMismatch(str(wrong)) from wrong
