"""The engine tells the bidders' messages what happened, in the move's transaction: the member who led and
leads no more is outbid, and a lot sold to a member is won, whether it closed at its reserve or its seller
accepted a bid below it. (No app process runs a bidders' feed here, so nobody counts as connected: every
notice goes to the outbox.)"""

from pathlib import Path

from sqlalchemy import select

from gavel.alerts.models import AlertMessage
from gavel.bidding.approval import service as approval_service
from gavel.bidding.approval.rules import Decision
from gavel.config import Settings
from tests.bidding.test_lot_service import NOW, Sale, sale


async def told(s: Sale) -> list[tuple[str, str | None]]:
    async with s.sessions() as session:
        query = (
            select(AlertMessage.event, AlertMessage.member_id)
            .where(AlertMessage.event.in_(("bidderOutbid", "bidderWon")))
            .order_by(AlertMessage.created_at, AlertMessage.event)
        )
        return [(event, member) for event, member in (await session.execute(query)).all()]


async def test_outbid_then_won_as_the_lot_closes_at_its_reserve(settings: Settings, tmp_path: Path) -> None:
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        khalid, sara = s.buyers
        await s.opened(lot.id)
        assert (await s.bid(lot.id, s.absentee(khalid, 21000))).accepted
        assert await told(s) == []  # nobody led before
        assert (await s.bid(lot.id, s.absentee(sara, 25000))).accepted
        assert await told(s) == [("bidderOutbid", khalid)]
        assert (await s.bid(lot.id, s.floor(22000))).accepted  # Sara's proxy answers: she still leads
        assert await told(s) == [("bidderOutbid", khalid)]

        closed = await s.closed(lot.id)
        assert (closed.result, closed.leader_member_id) == ("sold", sara)
        assert await told(s) == [("bidderOutbid", khalid), ("bidderWon", sara)]


async def test_won_when_the_seller_accepts_a_bid_below_the_reserve(
    settings: Settings, tmp_path: Path
) -> None:
    async with sale(settings, tmp_path) as s:
        (lot,) = await s.lots()
        khalid, _ = s.buyers
        await s.opened(lot.id)
        assert (await s.bid(lot.id, s.absentee(khalid, 18000))).accepted
        assert (await s.closed(lot.id)).result == "on_approval"
        assert await told(s) == []

        async with s.sessions() as session:
            await approval_service.decide(session, lot.id, Decision.ACCEPT, None, None, None, s.actor, NOW)
            await session.commit()
        assert await told(s) == [("bidderWon", khalid)]
