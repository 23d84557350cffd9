"""The member hears they were outbid, or won, through the outbox (gavel.alerts.bid_notices), unless they have
a bidder socket open in some app process at that moment (`gavel.bidders.live.feed.connected`): the socket
already told them. A process that runs no bidder feed cannot tell, and sends. Connected by gavel.wiring; runs
in the publisher's transaction, so the message leaves with the bid or the close, or not at all."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.bid_notices import BidNotice, Notice, queue_bid_notice
from gavel.bidders.live.feed import connected
from gavel.bidders.notices import repository
from gavel.bidders.notices.events import LotWon, MemberOutbid
from gavel.core import events
from gavel.members.schemas import MemberStatus


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
    facts = await repository.notice_facts(session, member_id, vehicle_id)
    if facts is None or facts.member.status != MemberStatus.APPROVED:
        return
    message = BidNotice(
        notice=notice,
        member=facts.member,
        phone_channel=facts.phone_channel,
        lot=facts.lot,
        title=facts.title,
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
