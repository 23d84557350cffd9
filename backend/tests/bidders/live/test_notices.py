"""'You have been outbid' and 'You won' go through the outbox only to a member with no bidder socket open
at that moment, in any app process: in the member's language, on their phone by the channel they chose
(SMS unless WhatsApp), by email without a phone. The engine's events are published here as
gavel.bidding.service is to publish them (gavel.bidders.notices.events)."""

import asyncio
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import select, update

from gavel.alerts.bid_notices import Notice
from gavel.alerts.models import AlertMessage
from gavel.bidders.live.feed import BidderFeed, connected
from gavel.bidders.notices.events import LotWon, MemberOutbid
from gavel.config import Settings
from gavel.core import events
from gavel.main import create_app
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle
from tests.bidders.live.harness import bidder_socket, bidder_token
from tests.bidding.live_harness import WAIT, LiveSale, live_sale, served
from tests.bidding.test_lot_service import NOW
from tests.factories import bearer

PRICE, ASKING = Decimal("16500.00"), Decimal("17000.00")


async def publish(app: Any, lot: Any, *members: str) -> None:
    """The engine's events for these members: outbid on the lot, and the lot won, in one transaction."""
    async with app.state.sessionmaker() as session:
        for member in members:
            await events.publish(session, MemberOutbid(lot.id, lot.vehicle_id, member, PRICE, ASKING, NOW))
            await events.publish(session, LotWon(lot.id, lot.vehicle_id, member, PRICE, NOW))
        await session.commit()


async def notices_of(live: LiveSale, member: str) -> list[AlertMessage]:
    async with live.app.state.sessionmaker() as session:
        query = (
            select(AlertMessage)
            .where(AlertMessage.member_id == member, AlertMessage.event.in_([n.value for n in Notice]))
            .order_by(AlertMessage.event.desc())
        )
        return list((await session.scalars(query)).all())


async def until(holds: Any) -> None:
    """Waits until the feed's view holds (a socket's end, or another process's word, is on its way)."""
    for _ in range(int(WAIT / 0.02)):
        if holds():
            return
        await asyncio.sleep(0.02)
    assert holds()


async def test_only_a_member_without_a_socket_is_told_in_their_language_and_channel(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path, buying_powers=(100000, 100000, 100000)) as live:
        s = live.sale
        connected, arabic, never_signed_in = s.buyers
        (lot,) = await s.lots()
        token = await bidder_token(live, 1)
        arabic_token = await bidder_token(live, 2)
        changed = await live.client.put(
            "/api/bidder/me", json={"codeChannel": "whatsapp"}, headers=bearer(arabic_token)
        )
        assert changed.status_code == 200, changed.text
        async with s.sessions() as session:
            await session.execute(update(Member).where(Member.id == arabic).values(preferred_language="ar"))
            vehicle = await session.get(Vehicle, lot.vehicle_id)
            assert vehicle is not None
            number, title = vehicle.vehicle_lot_number, vehicle.title
            await session.commit()
        async with served(live.app) as base:
            feed: BidderFeed = live.app.state.bidder_feed
            async with bidder_socket(base, token):
                await publish(live.app, lot, connected, arabic, never_signed_in)
                assert await notices_of(live, connected) == []  # the socket told them
            await until(lambda: feed.sockets_here(connected) == 0)
            await publish(live.app, lot, connected)  # no socket now: the outbox tells them
        told = [(m.event, m.channel, m.language) for m in await notices_of(live, connected)]
        assert told == [("bidderWon", "sms", "en"), ("bidderOutbid", "sms", "en")]

        won, outbid = await notices_of(live, arabic)
        assert (outbid.event, outbid.channel, outbid.language) == ("bidderOutbid", "whatsapp", "ar")
        assert f"تمت المزايدة على عرضك في القطعة {number}، {title}" in outbid.body
        assert "AED 16,500.00" in outbid.body and "AED 17,000.00" in outbid.body
        assert outbid.whatsapp_template == "gavel_bidder_outbid"
        assert outbid.template_params is not None and outbid.template_params[1:] == [
            str(number),
            title,
            "AED 16,500.00",
            "AED 17,000.00",
        ]
        assert (won.event, won.whatsapp_template) == ("bidderWon", "gavel_bidder_won")
        assert f"لقد فزت بالقطعة {number}" in won.body

        won, outbid = await notices_of(live, never_signed_in)
        assert (outbid.channel, outbid.language, outbid.status) == ("sms", "en", "queued")
        assert f"you have been outbid on lot {number}" in outbid.body
        assert f"you won lot {number}" in won.body and "AED 16,500.00" in won.body


async def seen_connected(live: LiveSale, member: str) -> bool:
    """Whether the first app's process counts the member as connected (the outbox's own check)."""
    async with live.app.state.sessionmaker() as session:
        return bool(connected(session, member))


async def until_seen(live: LiveSale, member: str, wanted: bool) -> None:
    """Waits until the first app sees it so: on PostgreSQL the other app says so over NOTIFY; on SQLite (one
    process) both apps' feeds are this process's own."""
    for _ in range(int(WAIT / 0.02)):
        if await seen_connected(live, member) is wanted:
            return
        await asyncio.sleep(0.02)
    assert await seen_connected(live, member) is wanted


async def test_a_socket_held_by_another_app_counts_as_connected(settings: Settings, tmp_path: Path) -> None:
    async with live_sale(settings, tmp_path) as live:
        member = live.sale.buyers[0]
        (lot,) = await live.sale.lots()
        token = await bidder_token(live, 1)
        other = create_app(live.app.state.settings)  # a second app: its own hub and feed (and listener)
        async with served(live.app) as _, served(other) as base_b:
            here: BidderFeed = live.app.state.bidder_feed
            async with bidder_socket(base_b, token):
                await until_seen(live, member, True)
                assert here.sockets_here(member) == 0
                await publish(live.app, lot, member)  # through the first app
                assert await notices_of(live, member) == []
            await until_seen(live, member, False)
            await publish(live.app, lot, member)
        assert [m.event for m in await notices_of(live, member)] == ["bidderWon", "bidderOutbid"]
