"""The member hears they were outbid, or won, through the outbox (gavel.alerts.bid_notices), unless they have
a bidder socket open in some app process at that moment (`gavel.bidders.live.feed.connected`): the socket
already told them. A process that runs no bidder feed cannot tell, and sends. Connected by gavel.wiring; runs
in the publisher's transaction, so the message leaves with the bid or the close, or not at all."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.bid_notices import BidNotice, Notice, queue_bid_notice
from gavel.bidders.live.feed import connected
from gavel.bidders.models import BidderAccount
from gavel.bidders.notices.events import LotWon, MemberOutbid
from gavel.core import events
from gavel.members.models import Member
from gavel.members.schemas import MemberStatus
from gavel.vehicles.models import Vehicle


async def _notify(
    session: AsyncSession,
    notice: Notice,
    member_id: str,
    vehicle_id: str,
    price: Decimal,
    asking: Decimal | None,
    at: datetime,
) -> None:
    if connected(session, member_id):
        return
    member = await session.get(Member, member_id)
    vehicle = await session.get(Vehicle, vehicle_id)
    if member is None or vehicle is None or member.status != MemberStatus.APPROVED:
        return
    account = await session.get(BidderAccount, member_id)
    message = BidNotice(
        notice=notice,
        member=member,
        phone_channel=account.code_channel if account is not None else None,
        lot=str(vehicle.vehicle_lot_number),
        title=vehicle.title,
        price=price,
        asking=asking,
    )
    await queue_bid_notice(session, message, at)


async def member_outbid(session: AsyncSession, event: MemberOutbid) -> None:
    await _notify(
        session, Notice.OUTBID, event.member_id, event.vehicle_id, event.price, event.asking, event.at
    )


async def lot_won(session: AsyncSession, event: LotWon) -> None:
    await _notify(session, Notice.WON, event.member_id, event.vehicle_id, event.price, None, event.at)


def connect() -> None:
    events.subscribe(MemberOutbid, member_outbid)
    events.subscribe(LotWon, lot_won)
