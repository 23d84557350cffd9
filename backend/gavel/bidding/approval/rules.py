"""The rules of a lot on approval, pure: its statuses, what staff may record in each, and the sentences that
refuse the rest.

waiting → accepted (the seller takes the price: sold), declined (no sale), countered (the seller asks for
more). countered → accepted (the buyer takes the counter-offer: sold at it) or declined (no sale). waiting or
countered → expired at the deadline (no sale). Accepted, declined and expired are final.
"""

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from gavel.core.clock import DUBAI
from gavel.core.money import aed


class Status(StrEnum):
    WAITING = "waiting"  # the seller has not answered
    COUNTERED = "countered"  # the seller asked for more: the buyer has not answered
    ACCEPTED = "accepted"  # sold: at the price, or at the counter-offer the buyer took
    DECLINED = "declined"  # no sale: the seller declined, or the buyer declined the counter-offer
    EXPIRED = "expired"  # no sale: nobody answered by the deadline


OPEN = frozenset({Status.WAITING, Status.COUNTERED})
ANSWERED = frozenset({Status.ACCEPTED, Status.DECLINED, Status.EXPIRED})


class Decision(StrEnum):
    ACCEPT = "accept"
    DECLINE = "decline"
    COUNTER = "counter"


class Action(StrEnum):
    """A step of an approval's history."""

    ASKED = "asked"  # the lot closed below reserve: the seller is asked
    ACCEPTED = "accepted"  # the seller accepted the price
    DECLINED = "declined"  # the seller declined
    COUNTERED = "countered"  # the seller countered with an amount
    COUNTER_ACCEPTED = "counter_accepted"  # the buyer took the counter-offer
    COUNTER_DECLINED = "counter_declined"  # the buyer declined it
    EXPIRED = "expired"  # the deadline passed with no final answer


class ApprovalRefused(ValueError):
    """A step the approval's status or deadline does not allow (a sentence; answered 409)."""


def when(moment: datetime) -> str:
    """A deadline as people read it: '17:00 on 02/05/2031 (Dubai time)'."""
    local = moment.astimezone(DUBAI)
    return f"{local:%H:%M} on {local:%d/%m/%Y} (Dubai time)"


def check_open(status: Status, deadline: datetime, now: datetime) -> None:
    """Refused unless the approval still waits for an answer and its deadline has not passed."""
    if status is Status.ACCEPTED:
        raise ApprovalRefused("This lot is already sold: the seller's answer was recorded.")
    if status is Status.DECLINED:
        raise ApprovalRefused("This lot is already a no-sale: the answer was recorded as declined.")
    if status is Status.EXPIRED or now >= deadline:
        raise ApprovalRefused(
            f"The deadline for the seller's answer, {when(deadline)}, has passed: the lot is a no-sale."
        )


def check_seller_step(status: Status, deadline: datetime, now: datetime, counter: Decimal | None) -> None:
    """The seller's answer is recorded only while the approval waits for it."""
    check_open(status, deadline, now)
    if status is Status.COUNTERED:
        raise ApprovalRefused(
            f"The seller already countered with {aed(counter or Decimal(0))}: record the buyer's answer."
        )


def check_buyer_step(status: Status, deadline: datetime, now: datetime, counter: Decimal | None) -> None:
    """The buyer answers only a counter-offer."""
    check_open(status, deadline, now)
    if status is not Status.COUNTERED:
        raise ApprovalRefused("The seller has not countered: record the seller's answer first.")


def counter_problem(price: Decimal, amount: Decimal | None) -> str | None:
    """Why a counter-offer's amount is refused (the sentence at the amount field), or None."""
    if amount is None:
        return "Enter the seller's counter-offer in AED."
    if amount <= price:
        return f"A counter-offer is above the price of {aed(price)}: {aed(amount)} is not."
    return None
