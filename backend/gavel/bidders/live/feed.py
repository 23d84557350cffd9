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

Who watches (`online_watchers`, for the staff's live page and console through gavel.bidding.lanes.online):
per auction event, the members whose sockets watch it, and per lane those watching the whole event or a lot
of that lane; each process counts its own (a member with two sockets once) and, on PostgreSQL, says them on
the same channel under the key `online:<event id>` when they change and every presence.HEARTBEAT seconds.
A member connected to two processes at once counts twice.
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
from gavel.bidding.live.broadcaster import Hub, LotText
from gavel.bidding.live.pacing import pace
from gavel.bidding.live.presence import HEARTBEAT, Counts, add, announcement

log = logging.getLogger("gavel.live")

BUCKETS = 64
ONLINE = "online:"  # the key of an auction event's online watchers on the presence channel
PART = 150  # members per NOTIFY payload (a payload holds 8000 bytes; a member's entry is about 40)
PREFIX = "bidders:"


class Subscriber(Protocol):
    """A bidder socket as the feed sees it (sockets.BidderSocket)."""

    member_id: str
    lanes: dict[str, set[str]]  # event -> the lanes the socket watches

    def wants(self, lot_id: str) -> bool: ...

    def offer_all(self, events: list[Filtered]) -> None: ...

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

    async def offer_all(self, events: list[LotText]) -> None:
        parsed = [event for event in (parse(text) for _, _, text in events) if event is not None]
        if not parsed:
            return
        for socket in list(self.sockets):  # a socket may leave while the hand-out gives the loop back
            wanted = [event for event in parsed if socket.wants(event.lot_id)]
            if wanted:
                socket.offer_all(wanted)
                await pace()

    def tell(self, text: str) -> None:
        for socket in self.sockets:
            socket.tell(text)

    def watching(self) -> Counts:
        """{None: members watching the event, lane id: members watching that lane} (a member once)."""
        members: dict[str | None, set[str]] = {None: set()}
        for socket in self.sockets:
            members[None].add(socket.member_id)
            for lane_id in socket.lanes.get(self.event_id, ()):
                members.setdefault(lane_id, set()).add(socket.member_id)
        return {lane: len(found) for lane, found in members.items()}


def bucket_of(member_id: str) -> int:
    return zlib.crc32(member_id.encode()) % BUCKETS


class BidderFeed:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._relays: dict[str, Relay] = {}
        self._members: dict[int, dict[str, int]] = {}  # bucket -> member -> open sockets here
        self._parts: dict[int, int] = {}  # bucket -> payloads said last (to zero the ones no longer needed)
        self._changed: set[int] = set()
        self._events_changed: set[str] = set()  # events whose online watchers changed since they were said
        self._events_said: set[str] = set()  # events whose online watchers this process said (not zero)
        self._wake = asyncio.Event()

    # Sockets

    def watch(self, socket: Subscriber, event_ids: set[str]) -> None:
        for event_id in event_ids:
            relay = self._relays.get(event_id)
            if relay is None:
                relay = self._relays[event_id] = Relay(event_id)
                self.hub.join(relay)
            relay.sockets.add(socket)
            self._events_changed.add(event_id)
        self._wake.set()

    def unwatch(self, socket: Subscriber, event_ids: set[str]) -> None:
        for event_id in event_ids:
            relay = self._relays.get(event_id)
            if relay is None:
                continue
            relay.sockets.discard(socket)
            if not relay.sockets:
                del self._relays[event_id]
                self.hub.leave(relay)
            self._events_changed.add(event_id)
        self._wake.set()

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

    def watching_here(self, event_id: str) -> Counts:
        relay = self._relays.get(event_id)
        return relay.watching() if relay is not None else {}

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
                events, self._events_changed = self._events_changed, set()
                if loop.time() - beat >= HEARTBEAT:  # every HEARTBEAT seconds, changes flowing or not
                    beat = loop.time()
                    changed |= set(self._members)
                    events |= set(self._relays) | self._events_said
                if self.hub.postgres and changed:
                    await self._announce(changed)
                if self.hub.postgres and events:
                    await self._announce_watching(events)
        finally:
            feeds = _feeds.get(key, [])
            if self in feeds:
                feeds.remove(self)
            if not feeds:
                _feeds.pop(key, None)
            if self.hub.postgres:
                self._members.clear()
                self._relays.clear()
                with suppress(Exception):
                    await asyncio.shield(self._announce(set(self._parts)))
                with suppress(Exception):
                    await asyncio.shield(self._announce_watching(set(self._events_said)))

    async def _announce_watching(self, events: set[str]) -> None:
        """This process's online watchers of each event (all zero: no longer any here)."""
        process = self.hub.presence.process_id
        payloads = []
        for event_id in sorted(events):
            counts = self.watching_here(event_id)
            if any(counts.values()):
                self._events_said.add(event_id)
            elif event_id in self._events_said:
                self._events_said.discard(event_id)
                counts = {None: 0}
            else:
                continue  # never said here: nothing to take back
            payloads.append(announcement(process, f"{ONLINE}{event_id}", counts))
        await self._notify(payloads)

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
        await self._notify(payloads)

    async def _notify(self, payloads: list[str]) -> None:
        if not payloads:
            return
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


def online_watchers(session: AsyncSession, event_id: str) -> Counts:
    """The members watching the event online in every app process: {None: the event, lane id: the lane}; {}
    when this process runs no bidder feed on this database. On PostgreSQL one feed's own counts and what the
    other processes said (this process's other feeds too, which only tests have); on SQLite the sum of the
    process's feeds."""
    feeds = _feeds.get(outbox.database_key(session.sync_session.get_bind()))
    if not feeds:
        return {}
    total: Counts = {}
    postgres = [feed for feed in feeds if feed.hub.postgres]
    found = (
        [postgres[0].watching_here(event_id), postgres[0].hub.presence.others(f"{ONLINE}{event_id}")]
        if postgres
        else [feed.watching_here(event_id) for feed in feeds]
    )
    for counts in found:
        add(total, counts)
    return {lane: n for lane, n in total.items() if n > 0}
