"""The process's bidder feed: the staff hub's lot events, filtered for bidders, and who is connected.

Lot events: the feed never listens on its own. For each auction event some bidder socket of this process
watches, it joins the staff hub (gavel.bidding.live.broadcaster.Hub) with one `Relay`, a watcher as the hub
sees a socket: the hub reads each lot's new rows once per batch, as for staff, and hands the relay the staff
message's text once; the relay parses it once (`filtering.Filtered`) and offers it to the bidder sockets that
watch that lot. Each socket takes its view (leader you / another bidder, its status), whose text is built
once per view. A hub that missed notices (its LISTEN connection was lost) tells the relay to resync, and the
relay tells its sockets.

Who is connected (`connected`): whether a member has an open bidder socket in any app process, for the
'You have been outbid' / 'You won' messages (gavel.bidders.notices). Each process counts its own sockets per
member. On PostgreSQL each process also says which members it holds on the staff presence channel (the
hub's `gavel_presence` NOTIFY, which the hub's one LISTEN connection already hears and keeps for
presence.TTL seconds), in BUCKETS keys `bidders:<n>` (a member's bucket is crc32 of their id), when they
change and every presence.HEARTBEAT seconds. No table: a killed process drops out within TTL (its members
count as connected for at most that long). On SQLite (one process) the process's own counts are the truth.
"""

import asyncio
import logging
import zlib
from contextlib import suppress
from typing import Protocol

from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidders.live.filtering import Filtered, parse
from gavel.bidding.live import outbox
from gavel.bidding.live.broadcaster import Hub
from gavel.bidding.live.presence import HEARTBEAT, Counts, announcement

log = logging.getLogger("gavel.live")

BUCKETS = 64
PART = 150  # members per NOTIFY payload (a payload holds 8000 bytes; a member's entry is about 40)
PREFIX = "bidders:"


class Subscriber(Protocol):
    """A bidder socket as the feed sees it (sockets.BidderSocket)."""

    member_id: str

    def wants(self, lot_id: str) -> bool: ...

    def offer(self, event: Filtered) -> None: ...

    def tell(self, text: str) -> None: ...


class Relay:
    """One auction event's bidder sockets of this process, as one watcher of the staff hub."""

    lane_id: str | None = None  # the hub's lane counts are staff's: the relay names no lane
    # Not a staff console: for the hub's watcher counts to skip it (today the hub counts it as one staff
    # watcher of the event, per process; the hub's local_watchers is to read this flag).
    counted = False

    def __init__(self, event_id: str) -> None:
        self.event_id = event_id
        self.sockets: set[Subscriber] = set()

    def offer(self, lot_id: str, sequence: int, text: str) -> None:
        event = parse(text)
        if event is None:
            return
        for socket in self.sockets:
            if socket.wants(lot_id):
                socket.offer(event)

    def tell(self, text: str) -> None:
        for socket in self.sockets:
            socket.tell(text)


def bucket_of(member_id: str) -> int:
    return zlib.crc32(member_id.encode()) % BUCKETS


class BidderFeed:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._relays: dict[str, Relay] = {}
        self._members: dict[int, dict[str, int]] = {}  # bucket -> member -> open sockets here
        self._parts: dict[int, int] = {}  # bucket -> payloads said last (to zero the ones no longer needed)
        self._changed: set[int] = set()
        self._wake = asyncio.Event()

    # Sockets

    def watch(self, socket: Subscriber, event_ids: set[str]) -> None:
        for event_id in event_ids:
            relay = self._relays.get(event_id)
            if relay is None:
                relay = self._relays[event_id] = Relay(event_id)
                self.hub.join(relay)
            relay.sockets.add(socket)

    def unwatch(self, socket: Subscriber, event_ids: set[str]) -> None:
        for event_id in event_ids:
            relay = self._relays.get(event_id)
            if relay is None:
                continue
            relay.sockets.discard(socket)
            if not relay.sockets:
                del self._relays[event_id]
                self.hub.leave(relay)

    def opened(self, member_id: str) -> None:
        members = self._members.setdefault(bucket_of(member_id), {})
        members[member_id] = members.get(member_id, 0) + 1
        self._said(member_id)

    def closed(self, member_id: str) -> None:
        bucket = bucket_of(member_id)
        members = self._members.get(bucket, {})
        left = members.get(member_id, 0) - 1
        if left > 0:
            members[member_id] = left
            return
        members.pop(member_id, None)
        if not members:
            self._members.pop(bucket, None)
        self._said(member_id)

    def _said(self, member_id: str) -> None:
        self._changed.add(bucket_of(member_id))
        self._wake.set()

    def sockets_here(self, member_id: str) -> int:
        return self._members.get(bucket_of(member_id), {}).get(member_id, 0)

    def connected(self, member_id: str) -> bool:
        """An open bidder socket of the member in this process, or one another process said it holds."""
        if self.sockets_here(member_id):
            return True
        if not self.hub.postgres:
            return False
        return self.hub.presence.others(f"{PREFIX}{bucket_of(member_id)}").get(member_id, 0) > 0

    # Across processes (PostgreSQL)

    async def run(self) -> None:
        """Says this process's members when they change and every HEARTBEAT seconds, until cancelled."""
        key = self.hub.key
        _feeds.setdefault(key, []).append(self)
        try:
            loop = asyncio.get_running_loop()
            beat = loop.time()
            while True:
                with suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), max(beat + HEARTBEAT - loop.time(), 0.0))
                self._wake.clear()
                changed, self._changed = self._changed, set()
                if loop.time() - beat >= HEARTBEAT:  # every HEARTBEAT seconds, changes flowing or not
                    beat = loop.time()
                    changed |= set(self._members)
                if self.hub.postgres and changed:
                    await self._announce(changed)
        finally:
            feeds = _feeds.get(key, [])
            if self in feeds:
                feeds.remove(self)
            if not feeds:
                _feeds.pop(key, None)
            if self.hub.postgres:
                self._members.clear()
                with suppress(Exception):
                    await asyncio.shield(self._announce(set(self._parts)))

    async def _announce(self, buckets: set[int]) -> None:
        payloads = []
        process = self.hub.presence.process_id
        for bucket in sorted(buckets):
            members = sorted(self._members.get(bucket, {}))
            parts = [members[i : i + PART] for i in range(0, len(members), PART)]
            for n in range(max(len(parts), self._parts.get(bucket, 0), 1)):
                said: Counts = {m: 1 for m in parts[n]} if n < len(parts) else {}
                speaker = process if n == 0 else f"{process}/{n}"  # a process's further parts
                payloads.append(announcement(speaker, f"{PREFIX}{bucket}", said))
            self._parts[bucket] = len(parts)
        try:
            async with self.hub.engine.connect() as conn:
                for payload in payloads:
                    await conn.execute(select(func.pg_notify(outbox.PRESENCE_CHANNEL, payload)))
                await conn.commit()
        except (SQLAlchemyError, OSError) as exc:
            log.warning("bidder feed: announcing members failed", extra={"reason": str(exc)[:200]})


# This process's feeds by their database (the engine's URL), as the outbox keeps the hubs.
_feeds: dict[str, list[BidderFeed]] = {}


def connected(session: AsyncSession, member_id: str) -> bool | None:
    """Whether the member has an open bidder socket in any app process; None when this process runs no
    bidder feed on this database (a command, a worker without sockets): it cannot tell."""
    feeds = _feeds.get(outbox.database_key(session.sync_session.get_bind()))
    if not feeds:
        return None
    return any(feed.connected(member_id) for feed in feeds)
