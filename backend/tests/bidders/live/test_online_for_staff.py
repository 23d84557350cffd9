"""What staff see of the members bidding online (issue 26): an online bid, its bidder and the leader with the
member's name and paddle number (read beside the names, in no more statements for more bidders), and the
members watching each lane online on the staff's live page, counted once per member, in every process (the
bidders' feed says its counts on the presence channel; gavel.bidding.lanes.online finds them)."""

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Table
from sqlalchemy import inspect as schema_of

from gavel.bidders.live.feed import ONLINE, BidderFeed
from gavel.bidders.models import BidderAccount
from gavel.bidding import views_repository
from gavel.bidding.live.presence import Presence
from gavel.config import Settings
from gavel.main import create_app
from tests.bidders.live.harness import bidder_socket, bidder_token, online, watch
from tests.bidders.live.test_presence import FakeHub
from tests.bidding.live_harness import WAIT, LiveSale, live_sale, served
from tests.bidding.seeded_sale import seeded_sale
from tests.bidding.test_lot_service import Sale
from tests.bidding.test_lots_api_queries import counted


async def paddle_of(live: LiveSale, token: str) -> int:
    me = await live.client.get("/api/bidder/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 200, me.text
    return int(me.json()["bidder"]["paddle"])


async def staff_lot(live: LiveSale, lot_id: str) -> dict[str, Any]:
    answered = await live.client.get(f"/api/lots/{lot_id}", headers=live.admin)
    assert answered.status_code == 200, answered.text
    return dict(answered.json())


async def live_page(live: LiveSale) -> dict[str, Any]:
    answered = await live.client.get(f"/api/auction-events/{live.sale.event_id}/live", headers=live.admin)
    assert answered.status_code == 200, answered.text
    return dict(answered.json())


async def until(read: Callable[[], Awaitable[Any]], wanted: Callable[[Any], bool]) -> Any:
    """What `read` answers once `wanted` holds (a socket's close is counted once the server hears it),
    within WAIT seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        found = await read()
        if wanted(found) or loop.time() > deadline:
            return found
        await asyncio.sleep(0.02)


def watchers(page: dict[str, Any]) -> tuple[int, list[tuple[int, int, int]]]:
    """The event's online watchers, and each lane's (number, staff watchers, online watchers)."""
    lanes = [(lane["laneNumber"], lane["watchers"], lane["onlineWatchers"]) for lane in page["lanes"]]
    return page["onlineWatchers"], lanes


def test_the_bidder_account_named_by_the_lots_reads_is_the_bidders_table() -> None:
    """The lots name the bidders' table (a layer above them) rather than import it: the two stay one."""
    named = views_repository.BIDDER_ACCOUNT
    table = schema_of(BidderAccount).local_table
    assert isinstance(table, Table)
    assert named.name == table.name
    assert {c.name for c in named.columns} <= {c.name for c in table.columns}
    assert table.c.member_id.primary_key


async def test_staff_see_online_bids_and_the_leader_with_the_members_name_and_paddle(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        khalid, sara = s.buyers
        (lot,) = await s.lots()
        khalid_paddle = await paddle_of(live, await bidder_token(live, 1))
        await s.opened(lot.id)
        await s.bid(lot.id, online(khalid, 17000))  # Khalid leads at 15,000
        await s.bid(lot.id, s.floor(16000))  # Khalid's maximum answers, 16,500
        with counted(live.app.state.engine) as one_bidder:
            await staff_lot(live, lot.id)
        sara_paddle = await paddle_of(live, await bidder_token(live, 2))
        await s.bid(lot.id, online(sara, 20000))  # Sara leads at 17,500
        with counted(live.app.state.engine) as two_bidders:
            shown = await staff_lot(live, lot.id)

    # The paddles beside the names. The session's last activity is written at most once a minute, so on a slow
    # machine one of the two reads may also write it: that write is not the lot's.
    reads = [[s for s in c if not s.startswith("UPDATE user_session ")] for c in (one_bidder, two_bidders)]
    assert len(reads[0]) == len(reads[1]), reads
    assert khalid_paddle != sara_paddle
    khalid_ref = {"id": khalid, "name": "Khalid Buyer1", "paddle": khalid_paddle}
    sara_ref = {"id": sara, "name": "Khalid Buyer2", "paddle": sara_paddle}
    assert (shown["leader"], shown["leaderSource"], shown["price"]) == (sara_ref, "online", "17500.00")
    rows = [(b["source"], b["amount"], b["bidder"], b["enteredBy"]) for b in shown["bids"] if b["accepted"]]
    staff = next(b["enteredBy"] for b in shown["bids"] if b["source"] == "floor")
    assert set(staff) == {"id", "name"}  # a staff user has no paddle
    assert rows == [
        ("online", "15000.00", khalid_ref, khalid_ref),
        ("floor", "16000.00", None, staff),
        ("online", "16500.00", khalid_ref, None),  # Khalid's maximum answering: the engine's bid
        ("online", "17500.00", sara_ref, sara_ref),
    ], rows
    assert [m["bidder"] for m in shown["maxima"]] == [sara_ref, khalid_ref]


async def test_the_live_page_counts_the_members_watching_each_lane_online_once_each(
    settings: Settings, tmp_path: Path
) -> None:
    async with seeded_sale(settings, tmp_path, cars=2, lanes="AB") as (app, client, made):
        sale = Sale(app.state.sessionmaker, made.event_id, made.vehicles, made.buyers, made.staff)
        live = LiveSale(app, client, made.admin, sale)
        lots = await sale.lots()
        lane_b_lot = next(lot for lot in lots if lot.lane_id != made.lane_id)
        khalid, sara = await bidder_token(live, 1), await bidder_token(live, 2)
        assert watchers(await live_page(live)) == (0, [(1, 0, 0), (2, 0, 0)])
        async with served(app) as base:
            async with (
                bidder_socket(base, khalid) as whole_event,
                bidder_socket(base, sara) as one_lot,
                bidder_socket(base, sara) as same_lot_again,
            ):
                await watch(whole_event, {}, eventId=made.event_id)
                await watch(one_lot, {}, lots=[lane_b_lot.id])
                await watch(same_lot_again, {}, lots=[lane_b_lot.id])
                # Khalid on every lane, Sara (two sockets) once, on lane B; no staff console among them.
                assert watchers(await live_page(live)) == (2, [(1, 0, 1), (2, 0, 2)])
                async with bidder_socket(base, khalid) as khalid_again:
                    await watch(khalid_again, {}, lots=[lane_b_lot.id])
                    assert watchers(await live_page(live)) == (2, [(1, 0, 1), (2, 0, 2)])
                await whole_event.close()
                gone = await until(lambda: live_page(live), lambda page: page["onlineWatchers"] == 1)
                assert watchers(gone) == (1, [(1, 0, 0), (2, 0, 1)])
                lane = await client.post(f"/api/lanes/{made.lane_id}/pause", headers=made.admin)
                assert lane.status_code == 200, lane.text
                assert lane.json()["onlineWatchers"] == 0  # the lane's own answer counts as the page does
            after = await until(lambda: live_page(live), lambda page: page["onlineWatchers"] == 0)
            assert watchers(after) == (0, [(1, 0, 0), (2, 0, 0)])


async def test_online_watchers_on_another_process_are_counted_on_this_ones_live_page(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        (lot,) = await live.sale.lots()
        token = await bidder_token(live, 1)
        other = create_app(live.app.state.settings)  # the second process: its own engine, hub and feed
        async with served(live.app), served(other) as base_b:
            async with bidder_socket(base_b, token) as ws:
                await watch(ws, {}, lots=[lot.id])
                # The other process says the event's count and the lanes' in parts: wait for the whole page.
                seen_whole = (1, [(1, 0, 1), (2, 0, 0)])
                seen = await until(lambda: live_page(live), lambda page: watchers(page) == seen_whole)
                assert watchers(seen) == seen_whole
            gone_whole = (0, [(1, 0, 0), (2, 0, 0)])
            gone = await until(lambda: live_page(live), lambda page: watchers(page) == gone_whole)
            assert watchers(gone) == gone_whole


class Watching:
    """A bidder socket as the feed counts it."""

    def __init__(self, member_id: str, lanes: dict[str, set[str]]) -> None:
        self.member_id = member_id
        self.lanes = lanes

    def wants(self, lot_id: str) -> bool:
        return True

    def offer(self, event: Any) -> None:
        pass

    def tell(self, text: str) -> None:
        pass


class JoiningHub(FakeHub):
    def join(self, socket: Any) -> None:
        pass

    def leave(self, socket: Any) -> None:
        pass


async def test_a_process_says_its_online_watchers_per_event_and_takes_them_back_when_none_is_left() -> None:
    there = Presence("there")  # the other process
    hub = JoiningHub(there)
    feed = BidderFeed(hub)  # type: ignore[arg-type]
    a = Watching("m1", {"E": {"L1", "L2"}})
    b = Watching("m2", {"E": {"L2"}, "F": {"L9"}})
    b_again = Watching("m2", {"E": {"L2"}})
    feed.watch(a, {"E"})
    feed.watch(b, {"E", "F"})
    feed.watch(b_again, {"E"})
    assert feed.watching_here("E") == {None: 2, "L1": 1, "L2": 2}  # m2's two sockets once; no lane of F
    await feed._announce_watching({"E", "F", "G"})  # G: nobody watches it here, nothing said
    assert there.others(f"{ONLINE}E") == {None: 2, "L1": 1, "L2": 2}
    assert there.others(f"{ONLINE}F") == {None: 1, "L9": 1}
    assert len(hub.engine.payloads) == 2
    for socket, events in ((a, {"E"}), (b, {"E", "F"}), (b_again, {"E"})):
        feed.unwatch(socket, events)
    await feed._announce_watching({"E", "F", "G"})
    assert (there.others(f"{ONLINE}E"), there.others(f"{ONLINE}F")) == ({}, {})
    hub.engine.payloads.clear()
    await feed._announce_watching({"E"})  # said empty once: not again
    assert hub.engine.payloads == []
