"""A refused bid answered in the member's own words. The engine's sentences are written for staff and may
name the member or their buying power; a member reads only sentences about themselves, built here from the
refusal's code and their own figures. Status codes as the engine's `refusal_error`: 422 at the field for an
amount (below the asking price, a leader's maximum not raised), 409 for the lot's state or the member's
standing."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.verdict import ZERO, buyer_verdict
from gavel.bidders.lots import repository
from gavel.bidding import repository as engine
from gavel.bidding.bids import Outcome, Refusal
from gavel.bidding.money import aed_text
from gavel.core.money import aed
from gavel.errors import AppError, Conflict, Invalid
from gavel.members.models import Member

SELLER = "You sell this vehicle: you cannot bid on it."
NOT_A_BUYER = "Your membership does not allow buying at the moment. Please contact us for help."
OVERDUE = "You have an overdue invoice ({number}): you can bid again once it is paid."
STANDING = "Your bid cannot be taken at the moment. Please contact us for help."


async def refusal_error(
    session: AsyncSession, outcome: Outcome, member: Member, lot_id: str, field: str
) -> AppError:
    """The error for the member's refused bid (its row already committed). `field`: amount or maximum."""
    refusal = outcome.refusal
    offered = outcome.rows[0].maximum or outcome.rows[0].amount
    if refusal is Refusal.BELOW_ASKING:
        words = "bid" if field == "amount" else "maximum"
        return Invalid.field(
            field,
            f"The asking price is {aed_text(outcome.lot.asking)}: your {words} of {aed_text(offered)} is "
            "below it.",
        )
    if refusal is Refusal.MAXIMUM_NOT_RAISED:
        held = outcome.lot.maximum_of(member.id)
        mine = f" with a maximum of {aed_text(held.amount)}" if held is not None else ""
        return Invalid.field(field, f"You already lead{mine}: a new maximum must be higher.")
    if refusal in (Refusal.BUYING_POWER, Refusal.BIDDER_NOT_ALLOWED):
        # The member as the engine decided on them: it read their row under the lot's lock as plain values
        # (bidding.repository.bidder_locked), while this object is as the request's sign-in check read it,
        # before the bid waited for its turn.
        await session.refresh(member, ["status", "is_buyer", "buying_power"])
    if refusal is Refusal.BUYING_POWER:
        return Conflict(await _short(session, member, lot_id, offered))
    if refusal is Refusal.BIDDER_NOT_ALLOWED:
        return Conflict(await _not_allowed(session, member, lot_id))
    # The lot's state (closed, withdrawn, its time run out): the engine's sentence names no one.
    return Conflict(outcome.message or "The lot takes no bids now.")


async def _short(session: AsyncSession, member: Member, lot_id: str, offered: int) -> str:
    verdict = await buyer_verdict(session, member)
    led = await engine.led_elsewhere(session, member.id, lot_id)
    left = max(verdict.available - led, ZERO)
    return (
        f"Your buying power does not cover a maximum of {aed_text(offered)}: {aed(left)} is available "
        "for it beside the lots you lead."
    )


async def _not_allowed(session: AsyncSession, member: Member, lot_id: str) -> str:
    if await repository.seller_of_lot(session, lot_id) == member.id:
        return SELLER
    verdict = await buyer_verdict(session, member)
    if not verdict.approved:
        return NOT_A_BUYER
    if verdict.overdue_invoice is not None:
        return OVERDUE.format(number=verdict.overdue_invoice)
    return STANDING
