"""The process's hub: notices in (PostgreSQL's NOTIFY through `listener`, or the outbox after a SQLite
commit), each lot's new events read once from the table, and handed to every socket of this process
watching that auction event. `lane_changed` is the lanes' wake-up, sent as a lot event's notice is (after
commit).

Per notification batch the hub takes each lot's new events from their notices when these carry them and
follow the last event it handed out (PostgreSQL's trigger, `outbox`), else reads the lot's new rows once,
whatever the number of sockets, and builds
each message's text once; each socket is handed all of its auction event's new events of the batch at once
(`sockets.LiveSocket.offer_all`), which it writes to its connection in one write or queues, and the hand-out
gives the event loop back every few sockets (`pacing`). A hub that falls behind reads several events per lot
in its next batch and still writes once per socket: it catches up instead of falling further behind.
"""

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Iterable
from typing import Protocol

from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.bidding.live import messages, outbox
from gavel.bidding.live.outbox import LaneNotice, LotNotice, Notice
from gavel.bidding.live.pacing import pace
from gavel.bidding.live.presence import HEARTBEAT, Counts, Presence, announcement
from gavel.bidding.live.repository import StoredEvent, events_after_each
from gavel.core.clock import Clock

log = logging.getLogger("gavel.live")

RETRY_AFTER = 0.5  # seconds before a batch whose read failed is read again
# Seconds between two reads of the lots handed out here, notice or not: a notice lost on its way (a NOTIFY
# the LISTEN connection never passed on) delays a lot's last events at most this long, instead of until the
# lot's next event. The table is the truth; a notice is only a wake-up.
SWEEP_SECONDS = 3.0


# A lot event as the hub hands it out: its lot, its sequence and the staff message's text.
LotText = tuple[str, int, str]


class Watcher(Protocol):
    """A socket as the hub sees it (sockets.LiveSocket)."""

    event_id: str
    lane_id: str | None

    async def offer_all(self, events: list[LotText]) -> None:
        """The new events of one batch for this socket's auction event, in order (each lot's by sequence)."""

    def tell(self, text: str) -> None: ...


class Hub:
    def __init__(
        self,
        engine: AsyncEngine,
        sessions: async_sessionmaker[AsyncSession],
        clock: Clock,
    ) -> None:
        self.engine = engine
        self.sessions = sessions
        self.clock = clock
        self.key = str(engine.sync_engine.url)
        self.postgres = engine.dialect.name == "postgresql"
        self.presence = Presence(uuid.uuid4().hex)
        self.listening = asyncio.Event()  # set while the LISTEN connection is up (always on SQLite)
        self._watchers: dict[str, set[Watcher]] = {}
        self._last: dict[str, int] = {}  # lot -> the last sequence handed to sockets
        self._event_of: dict[str, str] = {}  # lot -> its auction event, for the lots in _last
        self._lots: dict[str, LotNotice] = {}  # lot -> its earliest notice not read yet
        self._carried: dict[str, dict[int, StoredEvent]] = {}  # lot -> the events its notices carried
        self._lanes: list[LaneNotice] = []
        self._changed: set[str] = set()  # events whose counts changed since the last announcement
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    # Notices in

    def post(self, notices: list[Notice]) -> None:
        """From the outbox (after a SQLite commit), on any thread."""
        if self._loop is None:
            return
        self._loop.call_soon_threadsafe(self.take, notices)

    def heard(self, channel: str, payload: str) -> None:
        """A notification of PostgreSQL's (listener)."""
        if channel == outbox.PRESENCE_CHANNEL:
            self.presence.heard(payload)
            return
        notice = outbox.parse_lot(payload) if channel == outbox.LOTS_CHANNEL else outbox.parse_lane(payload)
        if notice is not None:
            self.take([notice])

    def take(self, notices: Iterable[Notice]) -> None:
        for notice in notices:
            if isinstance(notice, LaneNotice):
                self._lanes.append(notice)
                continue
            waiting = self._lots.get(notice.lot_id)
            if waiting is None or notice.sequence < waiting.sequence:
                self._lots[notice.lot_id] = notice
            if notice.carried is not None:
                self._carried.setdefault(notice.lot_id, {})[notice.sequence] = notice.carried
        self._wake.set()

    def caught_up_after_gap(self) -> None:
        """The notices may have stopped for a while (the LISTEN connection was lost): every lot handed out
        before is read again, and every socket is told to resync (lots this process never heard of)."""
        for lot_id, last in self._last.items():
            self._lots.setdefault(lot_id, LotNotice("", lot_id, last + 1))
        text = messages.resync_needed(self.clock.now())
        for sockets in self._watchers.values():
            for socket in sockets:
                socket.tell(text)
        self._wake.set()

    # Sockets

    def join(self, socket: Watcher) -> None:
        self._watchers.setdefault(socket.event_id, set()).add(socket)
        self.counts_changed(socket.event_id)

    def leave(self, socket: Watcher) -> None:
        sockets = self._watchers.get(socket.event_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self._watchers[socket.event_id]
        self.counts_changed(socket.event_id)

    def counts_changed(self, event_id: str) -> None:
        self._changed.add(event_id)
        self._wake.set()

    def counts_changed_everywhere(self) -> None:
        """Every event's counts said again (the others may have missed them)."""
        self._changed.update(self._watchers)
        self._wake.set()

    def local_watchers(self, event_id: str) -> Counts:
        counts: Counts = {}
        for socket in self._watchers.get(event_id, ()):
            if not getattr(socket, "counted", True):
                continue  # a relay to other sockets (the bidders' feed), not a staff screen
            counts[None] = counts.get(None, 0) + 1
            if socket.lane_id is not None:
                counts[socket.lane_id] = counts.get(socket.lane_id, 0) + 1
        return counts

    # The loop

    async def run(self) -> None:
        """Hands each batch of notices to the sockets, until cancelled."""
        self._loop = asyncio.get_running_loop()
        outbox.register(self.key, self)
        if not self.postgres:
            self.listening.set()
        next_sweep = self._loop.time() + SWEEP_SECONDS
        try:
            while True:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(max(next_sweep - self._loop.time(), 0.0)):
                        await self._wake.wait()
                if self._loop.time() >= next_sweep:
                    self._sweep()
                    next_sweep = self._loop.time() + SWEEP_SECONDS
                self._wake.clear()
                lots, self._lots = self._lots, {}
                carried, self._carried = self._carried, {}
                lanes, self._lanes = self._lanes, []
                self._wake_lanes(lanes)
                try:
                    await self._hand_out(lots, carried)
                except (SQLAlchemyError, OSError) as exc:
                    log.warning("live feed: reading lot events failed", extra={"reason": str(exc)[:200]})
                    self.take(lots.values())  # read again after a pause (the database may be restarting)
                    await asyncio.sleep(RETRY_AFTER)
                except Exception:
                    # A fault of ours must not stop the feed of every socket: the batch is dropped (the
                    # sockets are told to resync) and the hub goes on.
                    log.exception("live feed: a batch of notices failed")
                    self.caught_up_after_gap()
                    await asyncio.sleep(RETRY_AFTER)
                if self._changed and self.postgres:
                    changed, self._changed = self._changed, set()
                    await self.announce(changed)
                self._changed.clear()
        finally:
            outbox.unregister(self.key, self)

    def _sweep(self) -> None:
        """Every lot handed out here is read again from its last sequence (nothing is sent if nothing is
        new; a lot whose auction event nobody here watches any more is forgotten by the hand-out)."""
        for lot_id, last in self._last.items():
            self._lots.setdefault(lot_id, LotNotice(self._event_of.get(lot_id, ""), lot_id, last + 1))

    def _wake_lanes(self, lanes: list[LaneNotice]) -> None:
        for notice in lanes:
            text = messages.lane(notice.lane_id, notice.state)
            for socket in self._watchers.get(notice.event_id, ()):
                socket.tell(text)

    async def _hand_out(self, lots: dict[str, LotNotice], carried: dict[str, dict[int, StoredEvent]]) -> None:
        after: dict[str, int] = {}
        for lot_id, notice in lots.items():
            last = self._last.get(lot_id)
            if notice.event_id and notice.event_id not in self._watchers:
                self._last.pop(lot_id, None)  # nobody here watches it: read from the next notice on
                self._event_of.pop(lot_id, None)
                continue
            start = last if last is not None else notice.sequence - 1
            if last is None or notice.sequence > last:
                after[lot_id] = start
        if not after:
            return
        rows: list[StoredEvent] = []
        for lot_id, start in list(after.items()):
            straight = _following(start, carried.get(lot_id))
            if straight:
                rows += straight
                del after[lot_id]
        if after:
            async with self.sessions() as session:
                rows += await events_after_each(session, after)
        # Each socket is handed all of its auction event's new events at once: when the hub is behind, they
        # leave in one write per socket (sockets.write_straight) instead of one per event.
        batch: dict[str, list[LotText]] = {}
        for event in rows:
            self._last[event.lot_id] = event.sequence
            self._event_of[event.lot_id] = event.event_id
            if self._watchers.get(event.event_id):
                text = messages.lot_event(event)
                batch.setdefault(event.event_id, []).append((event.lot_id, event.sequence, text))
        for event_id, events in batch.items():
            # (a copy: a socket may leave while the hand-out gives the loop back)
            for socket in list(self._watchers.get(event_id, ())):
                await socket.offer_all(events)
                await pace()

    # Presence across processes (PostgreSQL)

    async def announce(self, events: Iterable[str]) -> None:
        """This process's counts on the events, to the other processes."""
        payloads = [announcement(self.presence.process_id, e, self.local_watchers(e)) for e in events]
        if not payloads:
            return
        try:
            async with self.engine.connect() as conn:
                for payload in payloads:
                    await conn.execute(select(func.pg_notify(outbox.PRESENCE_CHANNEL, payload)))
                await conn.commit()
        except (SQLAlchemyError, OSError) as exc:
            log.warning("live feed: announcing watchers failed", extra={"reason": str(exc)[:200]})

    async def heartbeat(self) -> None:
        """Every HEARTBEAT seconds, this process's counts again (they expire at the others otherwise)."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            await self.announce(list(self._watchers))

    async def farewell(self) -> None:
        """Zero on every event this process counted, as it stops."""
        events = list(self._watchers)
        self._watchers.clear()
        await self.announce(events)


def _following(start: int, carried: dict[int, StoredEvent] | None) -> list[StoredEvent]:
    """The carried events numbered start + 1, start + 2 ... when they are every carried event after `start`;
    empty when one is missing before a later one (the table is read instead)."""
    if not carried:
        return []
    events: list[StoredEvent] = []
    while (event := carried.get(start + len(events) + 1)) is not None:
        events.append(event)
    later = [sequence for sequence in carried if sequence > start]
    return events if len(events) == len(later) else []


async def lane_changed(session: AsyncSession, event_id: str, lane_id: str, state: str) -> None:
    """Wakes the event's sockets with {"type": "lane", laneId, state} in every process. Called inside the
    transaction that changes the lane, it goes out when that transaction commits (never on rollback); called
    after the commit (no transaction open), it goes out at once."""
    notice = LaneNotice(event_id, lane_id, state)
    if session.in_transaction():
        outbox.record(session, notice)
        return
    bind = session.sync_session.get_bind()
    if bind.dialect.name == "postgresql":
        await session.execute(select(func.pg_notify(outbox.LANES_CHANNEL, notice.payload)))
        await session.commit()
        return
    for hub in outbox.hubs_of(outbox.database_key(bind)):
        hub.post([notice])
