"""A member's maximum withdrawn by staff before the sale (issue 25: absentee bids are 'withdrawn by staff with
a reason').

Only while the lot waits: once it is open, a maximum stands as a bid from the room does. The lot becomes what
it would be had that member's maxima so far never been entered: every bid its log took goes through
`rules.apply` again, in order, except the maxima of a member withdrawn after them; refused bids stay refused.
Every bid taken then is taken again, since a bidder fewer never raises a price.
"""

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from gavel.bidding.bids import LogRow, Outcome
from gavel.bidding.closing import LotStateError, state_words
from gavel.bidding.increments import Increments
from gavel.bidding.lot import Lot, LotState
from gavel.bidding.rules import apply


class NothingToWithdraw(ValueError):
    """The member has no maximum on the lot."""


def withdraw_maximum(lot: Lot, log: Sequence[LogRow], bidder: str, entered_by: str, at: datetime) -> Outcome:
    """`bidder`'s maximum withdrawn from a waiting `lot` whose whole bid log is `log`, by staff user
    `entered_by`: the lot without it and the withdrawal's row."""
    if lot.state is not LotState.WAITING:
        raise LotStateError(f"A maximum is withdrawn only before the lot opens: this one {state_words(lot)}.")
    held = lot.maximum_of(bidder)
    if held is None:
        raise NothingToWithdraw("This bidder has no maximum on this lot.")
    if (log[-1].sequence if log else 0) != lot.last_sequence:
        raise ValueError(f"The log given ends before or after row {lot.last_sequence}, the lot's last.")
    row = LogRow(
        sequence=lot.last_sequence + 1,
        at=at,
        source=held.source,
        bidder=bidder,
        entered_by=entered_by,
        amount=0,
        maximum=held.amount,
        automatic=False,
        accepted=True,
        withdrawal=True,
    )
    rebuilt = rebuild(lot.opening_price, lot.increments, [*log, row])
    return Outcome(replace(rebuilt, state=lot.state), (replace(row, amount=rebuilt.price or 0),))


def rebuild(opening_price: int, increments: Increments, log: Sequence[LogRow]) -> Lot:
    """The lot (open) after `log`, every bid taken again but the maxima withdrawn after them. Each bid keeps
    its row's number, so ties still go to the earlier maximum and `Maximum.sequence` names its row."""
    withdrawn: set[str] = set()
    counted: list[LogRow] = []
    for row in reversed(log):
        if row.withdrawal and row.bidder is not None:
            withdrawn.add(row.bidder)
        elif row.accepted and not row.automatic and row.bidder not in withdrawn:
            counted.append(row)
    lot = Lot(opening_price, increments, state=LotState.OPEN)
    for row in reversed(counted):
        outcome = apply(replace(lot, last_sequence=row.sequence - 1), row.as_bid())
        if not outcome.accepted:
            raise ValueError(f"Row {row.sequence} of the bid log is refused without the maxima withdrawn.")
        lot = outcome.lot
    return replace(lot, last_sequence=log[-1].sequence if log else 0)
