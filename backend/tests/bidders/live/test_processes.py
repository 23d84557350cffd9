"""Two app instances on one database, as two processes are: a bid committed through one reaches the bidder
sockets held by the other, filtered; a bidder whose process went away connects to the other and resyncs
with nothing missing. On SQLite (one process by design) the commit reaches every hub of the database in
memory, so the same holds."""

from pathlib import Path

from gavel.config import Settings
from gavel.main import create_app
from tests.bidders.live.harness import bidder_socket, bidder_token, online, watch
from tests.bidding.live_harness import live_sale, received, served


async def test_bids_through_one_process_reach_the_other_and_a_reconnect_there_misses_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        a, b = s.buyers
        (lot,) = await s.lots()
        token = await bidder_token(live, 1)
        other = create_app(live.app.state.settings)  # the second process: its own engine, hub and feed
        async with served(live.app) as base_a, served(other) as base_b:
            async with bidder_socket(base_b, token) as ws:
                await watch(ws, {}, lots=[lot.id])
                await s.opened(lot.id)  # through the first process's sessions
                await s.bid(lot.id, online(a, 17000))
                got = [await received(ws, kind="lot_event") for _ in range(2)]
                assert [(m["sequence"], m["payload"]["leader"]) for m in got] == [(1, None), (2, "you")]
            await s.bid(lot.id, online(b, 18000))  # 3 and nobody of A's watching
            async with bidder_socket(base_a, token) as ws:  # back, on the other process
                missed = await watch(ws, {lot.id: 2}, lots=[lot.id])
                assert [(m["sequence"], m["payload"]["myStatus"]) for m in missed] == [(3, "outbid")]
                assert b not in str(missed)
                await s.bid(lot.id, online(a, 19000))
                live_one = await received(ws, kind="lot_event")
                assert (live_one["sequence"], live_one["payload"]["leader"]) == (4, "you")
