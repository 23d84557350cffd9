"""What an 'outbid' or 'won' message needs, read in one statement: it is read inside the bid's or the close's
transaction, while the lot's row is locked, so every round trip here holds up the lot's next bid."""

from dataclasses import dataclass

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.bid_notices import Recipient
from gavel.bidders.models import BidderAccount
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle


@dataclass(frozen=True)
class NoticeFacts:
    member: Recipient
    phone_channel: str | None  # the member's bidder code channel; None: never signed in as a bidder
    lot: str  # the vehicle's lot number
    title: str


_RECIPIENT = (
    Member.id,
    Member.status,
    Member.first_name,
    Member.last_name,
    Member.member_entity,
    Member.company_name,
    Member.email,
    Member.phone,
    Member.preferred_language,
)

# Built once: every bid that outbids a member asks it.
_NOTICE_FACTS = (
    select(*_RECIPIENT, BidderAccount.code_channel, Vehicle.vehicle_lot_number, Vehicle.title)
    .select_from(Member)
    .outerjoin(BidderAccount, BidderAccount.member_id == Member.id)
    .join(Vehicle, Vehicle.id == bindparam("vehicle_id"))
    .where(Member.id == bindparam("member_id"))
)


async def notice_facts(session: AsyncSession, member_id: str, vehicle_id: str) -> NoticeFacts | None:
    """The member, their bidder code channel and the vehicle's lot number and title; None when either the
    member or the vehicle does not exist."""
    found = await session.execute(_NOTICE_FACTS, {"member_id": member_id, "vehicle_id": vehicle_id})
    row = found.first()
    if row is None:
        return None
    *member, channel, lot, title = row
    return NoticeFacts(Recipient(*member), channel, str(lot), title)
