"""Who is connected, across processes: a process says its members on the hub's presence channel in buckets,
each payload within NOTIFY's 8000 bytes (a crowded bucket in parts, the parts no longer needed said empty),
the other processes read them until presence.TTL, and a member's last socket closing is said at once."""

import asyncio
import json
from contextlib import asynccontextmanager
from typing import Any

from gavel.bidders.live import feed as feeds
from gavel.bidders.live.feed import BidderFeed, bucket_of
from gavel.bidding.live.presence import Presence


class Heard:
    """An engine whose connection hands every pg_notify payload to the other process's presence."""

    def __init__(self, other: Presence) -> None:
        self.other = other
        self.payloads: list[str] = []
        self.said = asyncio.Event()

    @asynccontextmanager
    async def connect(self) -> Any:
        yield self

    async def execute(self, statement: Any) -> None:
        channel, payload = statement.compile().params.values()
        assert channel == "gavel_presence"
        self.payloads.append(payload)
        self.other.heard(payload)
        self.said.set()

    async def commit(self) -> None:
        pass


class FakeHub:
    postgres = True
    key = "postgresql://test"

    def __init__(self, other: Presence) -> None:
        self.presence = Presence("here")
        self.engine = Heard(other)


def crowd(n: int) -> list[str]:
    """n member ids of one bucket."""
    found: list[str] = []
    i = 0
    while len(found) < n:
        member = f"{i:032x}"
        if bucket_of(member) == 0:
            found.append(member)
        i += 1
    return found


async def test_a_crowded_bucket_is_said_in_parts_and_each_member_is_heard() -> None:
    there = Presence("there")  # the other process
    hub = FakeHub(there)
    feed = BidderFeed(hub)  # type: ignore[arg-type]
    members = crowd(400)
    for member in members:
        feed.opened(member)
    await feed._announce({0})
    assert len(hub.engine.payloads) == 3  # 150 + 150 + 100
    assert all(len(p.encode()) < 8000 for p in hub.engine.payloads)
    reader = BidderFeed(FakeHub(Presence("unused")))  # type: ignore[arg-type]
    reader.hub.presence = there
    assert all(reader.connected(m) for m in members)
    for member in members[100:]:
        feed.closed(member)
    hub.engine.payloads.clear()
    await feed._announce({0})
    assert [len(json.loads(p)["c"]) for p in hub.engine.payloads] == [100, 0, 0]  # the old parts emptied
    assert all(reader.connected(m) for m in members[:100])
    assert not any(reader.connected(m) for m in members[100:])


async def test_a_member_is_said_when_their_last_socket_closes_and_the_feed_is_found_by_its_database() -> None:
    there = Presence("there")
    hub = FakeHub(there)
    feed = BidderFeed(hub)  # type: ignore[arg-type]
    runner = asyncio.create_task(feed.run())
    try:
        await asyncio.sleep(0)
        assert feeds._feeds[hub.key] == [feed]
        feed.opened("m1")
        feed.opened("m1")  # two sockets of one member
        await asyncio.wait_for(hub.engine.said.wait(), 5)
        hub.engine.said.clear()
        assert json.loads(hub.engine.payloads[-1])["c"] == {"m1": 1}
        feed.closed("m1")
        assert feed.connected("m1")  # one socket left
        feed.closed("m1")
        assert not feed.connected("m1")
        await asyncio.wait_for(hub.engine.said.wait(), 5)
        assert json.loads(hub.engine.payloads[-1])["c"] == {}
    finally:
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
    assert hub.key not in feeds._feeds
