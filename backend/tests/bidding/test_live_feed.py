"""The live feed on one app: a committed lot event reaches the event's sockets, a rolled-back one never does,
a resync answers exactly the missing events, lanes' wake-ups go out after commit, and the watchers are
counted per event and per lane."""

from pathlib import Path

from gavel.bidding import service
from gavel.config import Settings
from tests.bidding.live_harness import live_sale, received, served, watching
from tests.bidding.test_lot_service import NOW


async def test_a_committed_bid_reaches_the_socket_and_a_rolled_back_one_never_does(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        async with served(live.app) as base, watching(base, s.event_id, live.token) as ws:
            await s.opened(lot.id)
            opened = await received(ws)
            assert opened == {
                "type": "lot_event",
                "lotId": lot.id,
                "eventId": s.event_id,
                "laneId": lot.lane_id,
                "sequence": 1,
                "at": "2031-05-01T13:00:00Z",
                "kind": "opened",
                "payload": opened["payload"],
            }
            async with s.sessions() as session:  # a bid whose transaction rolls back
                await service.place_bid(session, lot.id, s.floor(15000), NOW)
                await session.rollback()
            await s.bid(lot.id, s.absentee(s.buyers[0], 16000))
            bid = await received(ws)
            assert (bid["kind"], bid["sequence"]) == ("bid", 2)
            assert (bid["payload"]["leaderSource"], bid["payload"]["price"]) == ("absentee", "15000.00")
