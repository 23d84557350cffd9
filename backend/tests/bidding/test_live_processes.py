"""Two app instances on one database, as two processes (or machines) are: an event committed through one
reaches the sockets held by the other, each counts the other's watchers, and after the LISTEN connection is
lost (PostgreSQL: its server process ended) the sockets are told to resync and the feed goes on.

On PostgreSQL the way between them is NOTIFY; on SQLite (one process by design) the commit is published in
memory to every hub of the database."""

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import make_url

from gavel.bidding.live import presence
from gavel.bidding.live.listener import APPLICATION_NAME
from gavel.config import Settings
from gavel.main import create_app
from tests.bidding.live_harness import WAIT, live_sale, received, served, watching

Counts = dict[str | None, int]


async def until(read: Callable[[], Awaitable[Counts]], expected: Counts) -> None:
    """Reads until the counts are as expected (another process's announcement is on its way), WAIT at most."""
    for _ in range(int(WAIT / 0.02)):
        if (found := await read()) == expected:
            return
        await asyncio.sleep(0.02)
    assert found == expected


async def end_listeners(app: Any) -> None:
    """Ends the server processes of the LISTEN connections on this database (PostgreSQL restarting)."""
    url = make_url(app.state.engine.url.render_as_string(hide_password=False)).set(drivername="postgresql")
    async with await psycopg.AsyncConnection.connect(
        url.render_as_string(hide_password=False), autocommit=True
    ) as admin:
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = %s AND datname = current_database()",
            (APPLICATION_NAME,),
        )


async def test_an_event_committed_through_one_instance_reaches_the_sockets_of_the_other(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        other = create_app(live.app.state.settings)  # the second process: its own engine, hub and listener
        async with served(live.app) as base_a, served(other) as base_b:
            async with watching(base_b, s.event_id, live.token) as ws:
                await s.opened(lot.id)  # through the first instance's sessions
                opened = await received(ws)
                assert (opened["type"], opened["lotId"], opened["sequence"]) == ("lot_event", lot.id, 1)

                await ws.send(json.dumps({"type": "watch", "laneId": lot.lane_id}))
                async with watching(base_a, s.event_id, live.token):

                    async def counted() -> Counts:
                        async with live.app.state.sessionmaker() as session:
                            return await presence.watchers(session, s.event_id)

                    await until(counted, {None: 2, lot.lane_id: 1})

                await until(counted, {None: 1, lot.lane_id: 1})

                # The feed is lost for a while, then back: the sockets are told to resync, and events follow.
                hub = other.state.live_hub
                if hub.postgres:
                    await end_listeners(other)
                else:
                    hub.caught_up_after_gap()
                assert (await received(ws, kind="resync_needed"))["type"] == "resync_needed"
                await asyncio.wait_for(hub.listening.wait(), WAIT)
                await s.bid(lot.id, s.floor(15000))
                bid = await received(ws, kind="lot_event")
                assert (bid["kind"], bid["sequence"]) == ("bid", 2)
            await until(counted, {None: 0})
