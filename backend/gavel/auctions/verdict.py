"""A buyer's verdict: what they may buy for now, the one rule that recording a sale applies and the buyers'
look-up shows."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions import repository
from gavel.auctions.presenter import Named, member_name
from gavel.core.money import aed
from gavel.deposits.service import deposit_service
from gavel.members.models import Member

ZERO = Decimal("0.00")


class Buyer(Named, Protocol):
    """What a verdict reads of its buyer: a member, or a bid's plain values of one
    (gavel.bidding.repository.LockedBidder)."""

    @property
    def id(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def is_buyer(self) -> bool: ...
    @property
    def buying_power(self) -> Decimal: ...


@dataclass(frozen=True)
class BuyerVerdict:
    """A buyer's verdict (buyer_verdict): what is available to them, or why nothing is."""

    name: str
    available: Decimal
    overdue_invoice: str | None
    blocked_reason: str | None
    approved: bool = True

    def refusal(self, price: Decimal) -> str | None:
        """Why a sale to this buyer at this price is refused, or None."""
        if self.blocked_reason is not None:
            return self.blocked_reason
        if price > self.available:
            return (
                f"{self.name}'s buying power falls short by {aed(price - self.available)}: "
                f"{aed(self.available)} is available."
            )
        return None


async def buyer_verdict(session: AsyncSession, buyer: Member, *, besides: str | None = None) -> BuyerVerdict:
    """What a buyer may buy for now: the one rule that recording a sale applies and the buyers' look-up
    shows. Only approved members who buy; none while an invoice of theirs is overdue; else the buying
    power less the unpaid purchases (besides one vehicle: its own earlier price when a sale is
    corrected)."""
    unread = _not_a_buyer(buyer)
    if unread is not None:
        return unread
    owed, overdue = await repository.buyer_standing(session, buyer.id, besides=besides)
    return _verdict(buyer, owed, overdue)


async def buyer_verdict_with(
    session: AsyncSession, buyer: Buyer, standing: repository.BuyerStanding, params: dict[str, Any]
) -> tuple[BuyerVerdict, tuple[Any, ...]]:
    """`buyer_verdict`, and the columns of `standing` (a statement of the caller's, built once, whose
    bound parameters are `params`) read in the same statement: a bid asks its buyer's standing under its
    lot's lock, where each statement holds up the bids behind it. The columns read None when the buyer is not
    an approved member who buys (no statement then)."""
    unread = _not_a_buyer(buyer)
    if unread is not None:
        return unread, (None,) * standing.columns
    owed, overdue, found = await standing.read(session, buyer.id, params)
    return _verdict(buyer, owed, overdue), found


def _not_a_buyer(buyer: Buyer) -> BuyerVerdict | None:
    if buyer.status != "approved" or not buyer.is_buyer:
        reason = f"{member_name(buyer)} is not an approved member who buys."
        return BuyerVerdict(member_name(buyer), ZERO, None, reason, approved=False)
    return None


def _verdict(buyer: Buyer, owed: Decimal, overdue: str | None) -> BuyerVerdict:
    if overdue is not None:
        reason = f"{member_name(buyer)} has an overdue invoice ({overdue}): no buying power until it is paid."
        return BuyerVerdict(member_name(buyer), ZERO, overdue, reason)
    available = deposit_service.available_besides_overdue(buyer.buying_power, owed)
    return BuyerVerdict(member_name(buyer), available, None, None)
