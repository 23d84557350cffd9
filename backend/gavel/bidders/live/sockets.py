"""The bidder's WebSocket, /api/bidder/live: a signed-in member watching lots.

The client's first message, within AUTH_SECONDS, is {"type": "auth", "token": "bid_..."} (never a token in
the URL); a refusal closes the socket with 4401 and the bidder API's sentence (a staff token, a session
ended or expired, a member no longer approved). Then {"type": "ready", "serverTime"}, and the client says
what it watches: {"type": "watch", "lots": [lotId, ...]} or {"type": "watch", "eventId"} (each watch
replaces the one before), and {"type": "resync", "lots": {lotId: lastSequence}} after a reconnect.

The server sends the staff feed's numbered lot events (same sequences, same times) filtered for this
member (`filtering`), {"type": "lane", ...}, {"type": "resync_needed", "serverTime"} and {"type": "error",
"message"}.
For each lot the sequences a socket receives rise without gaps from the first it received (a gap is read from
the table), except that a resync answers everything after the number the client gave. A frame holds one
message, or a JSON array of lot events when several were waiting for the socket. A lot event offered while
nothing waits before it goes out at once, its frame written straight (gavel.bidding.live.sockets.Straight).

An open socket's bidder session is checked again every RECHECK_SECONDS (5 s, as staff sockets are): a
member deactivated, a session ended or expired closes the socket within about 5 s, messages flowing or not.
The checks due in a process are read together (`Rechecks`): the checks asked while one read is on its way wait
for it to end and go in the next read, one statement for all of them (a process holding 1,000 sockets made 200
reads a second of its own, one per socket, about 7 ms of CPU each in the app and PostgreSQL; bench/
bidders_bench.py). The checks also fall on shared ticks, CHECK_GRID (0.5 s) apart (`on_grid`), so that a
tick's checks are one read: asked each at its own moment, only a few went in each read. A socket's check is
made a tick before it is due, with nothing held, so that lot events go straight while the read is on its way;
an event offered once a check is due (the early one could not be made in time) waits for it. A check that
cannot reach the database (it is away, or the process's pool has no connection free within its timeout, as
under a crowd of bids) is tried again at the next turn and keeps the socket; a socket that connects meanwhile
is told to come back (1013).
"""

import asyncio
import json
import logging
import math
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.websockets import WebSocket, WebSocketDisconnect

from gavel.bidders.live import access, repository
from gavel.bidders.live.feed import BidderFeed
from gavel.bidders.live.filtering import Filtered, parse
from gavel.bidding.live import messages
from gavel.bidding.live.access import UNAUTHORIZED, Refused
from gavel.bidding.live.repository import event_exists, events_after_each
from gavel.bidding.live.sockets import (
    FELL_BEHIND_REFUSAL,
    Straight,
    close_refused,
    next_item,
    parse_resync,
    send_in_frames,
    serve,
    take_in_order,
    write_straight,
)
from gavel.core.websocket_frames import text_frame

log = logging.getLogger("gavel.live")

AUTH_SECONDS = 5.0
RECHECK_SECONDS = 5.0
SHORTEST_WAIT = 0.25
CHECK_GRID = 0.5  # seconds between the ticks the sockets' session checks fall on (on_grid)
QUEUE_LIMIT = 5000
FAILED = 1011
UNAVAILABLE = 1013
MAX_WATCH_LOTS = 1000
# The database cannot answer a check now: the driver's error, or no connection free in the pool in time.
UNREACHABLE = (DBAPIError, PoolTimeout)


@dataclass(frozen=True)
class _Event:
    event: Filtered


@dataclass(frozen=True)
class _Text:
    text: str


@dataclass(frozen=True)
class _Resync:
    lots: dict[str, int]


_Item = _Event | _Text | _Resync


class Rechecks:
    """The open sockets' session checks of one app process, read together: a check asked while a read is on
    its way waits for the next read, which takes every check waiting then (access.check_many)."""

    def __init__(self) -> None:
        self._waiting: dict[str, list[asyncio.Future[tuple[Refused | None, str | None]]]] = {}
        self._reading: asyncio.Task[None] | None = None

    async def check(self, state: Any, token: str) -> tuple[Refused | None, str | None]:
        answer: asyncio.Future[tuple[Refused | None, str | None]] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(token, []).append(answer)
        if self._reading is None or self._reading.done():
            self._reading = asyncio.create_task(self._read(state))
        return await answer

    async def _read(self, state: Any) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, {}
            try:
                verdicts = await access.check_many(state, list(batch))
            except Exception as error:  # each socket decides (UNREACHABLE: try again at its next turn)
                for answers in batch.values():
                    for answer in answers:
                        if not answer.done():
                            answer.set_exception(error)
                continue
            except BaseException:
                for answers in batch.values():
                    for answer in answers:
                        answer.cancel()
                raise
            for token, answers in batch.items():
                for answer in answers:
                    if not answer.done():
                        answer.set_result(verdicts[token])


def on_grid(due: float) -> float:
    """The first tick of the process's CHECK_GRID at or after `due`: the sockets' checks fall on shared
    ticks, so that each tick's checks go in one read (Rechecks) and wake their senders in one turn of the
    loop. Checked at its own time, each of 1,000 sockets made a read of its own (about 200 a second)."""
    return math.ceil(due / CHECK_GRID) * CHECK_GRID


def rechecks_of(state: Any) -> Rechecks:
    found: Rechecks | None = getattr(state, "bidder_rechecks", None)
    if found is None:
        found = state.bidder_rechecks = Rechecks()
    return found


class BidderSocket:
    """One bidder socket, as the feed hands it lot events."""

    def __init__(self, websocket: WebSocket, feed: BidderFeed, member_id: str, token: str) -> None:
        self.websocket = websocket
        self.feed = feed
        self.member_id = member_id
        self.events: set[str] = set()  # the auction events watched
        self.lots: set[str] | None = None  # the lots watched (None: every lot of `events`)
        self.lanes: dict[str, set[str]] = {}  # event -> the lanes watched (the online watchers staff see)
        self._token = token
        self._took_part: set[str] = set()  # the watched lots on which the member holds a maximum
        self._queue: asyncio.Queue[_Item] = asyncio.Queue()
        self._sent: dict[str, int] = {}
        self._checked = time.monotonic()
        self._straight = Straight()
        self._recheck = RECHECK_SECONDS  # the sender reads the app's setting when it starts
        self.behind = False

    def wants(self, lot_id: str) -> bool:
        return self.lots is None or lot_id in self.lots

    def offer_all(self, events: list[Filtered]) -> None:
        """The lot events of one batch of the hub, in order: those that may go straight leave as one write
        (`write_straight`); from a gap on, the rest wait in the queue (the sender reads the table)."""
        writer = None if self._check_due() else self._straight.open(self._queue)
        frames: list[bytes] = []
        queued = writer is None
        for event in events:
            if not queued:
                text = self._text_of(event)
                if text:
                    frames.append(text_frame(text))
                if text is not None:
                    continue
                queued = True
            self._put(_Event(event))
        if writer is not None and frames:
            write_straight(writer, frames)

    def tell(self, text: str) -> None:
        self._put(_Text(text))

    def _put(self, item: _Item) -> None:
        if self._queue.qsize() >= QUEUE_LIMIT:
            self.behind = True
            return
        self._queue.put_nowait(item)

    # The sender: every message of this socket, one at a time

    async def send_all(self) -> Refused | None:
        recheck = self._recheck = self.recheck_seconds
        self._straight.start(self.websocket)
        while True:
            early = on_grid(self._checked + recheck - CHECK_GRID)  # the tick before the check is due
            item = await next_item(self._queue, max(early - time.monotonic(), SHORTEST_WAIT))
            due = False
            with self._straight.holding(item):
                if self.behind:
                    return FELL_BEHIND_REFUSAL
                due = self._check_due()
                if due:  # overdue (the early check could not be made): nothing goes out before it
                    refused = await self._check()
                    if refused is not None:
                        return refused
                if item is not None:
                    await self._send_queued(item)
            if not due and time.monotonic() - self._checked >= recheck - CHECK_GRID:
                # A tick early, with nothing held: lot events go straight while the read is on its way.
                refused = await self._check()
                if refused is not None:
                    return refused

    async def _check(self) -> Refused | None:
        """The session checked again (with the other sockets' checks of this tick); None: it still holds, or
        the database could not answer (tried again at the next turn)."""
        try:
            state = self.websocket.app.state
            refused, _ = await rechecks_of(state).check(state, self._token)
        except UNREACHABLE:
            log.warning("an open bidder socket's session could not be checked; trying again")
            return None
        self._checked = time.monotonic()
        return refused

    def _check_due(self) -> bool:
        """The session's check is due: a message waits for it (the sender makes it first)."""
        return time.monotonic() - self._checked >= self._recheck

    @property
    def recheck_seconds(self) -> float:
        return float(getattr(self.websocket.app.state, "live_recheck_seconds", RECHECK_SECONDS))

    async def _send_queued(self, item: _Item) -> None:
        await send_in_frames(self.websocket, self._queue, item, self._framed, self._send)

    def _framed(self, item: _Item) -> str | None:
        """This member's text of a lot event next in order (send_in_frames), "" for one not to send (sent
        already, or no longer watched), None otherwise."""
        return self._text_of(item.event) if isinstance(item, _Event) else None

    def _text_of(self, event: Filtered) -> str | None:
        """This member's text of a lot event next in order, "" for one not to send (sent already, or no
        longer watched: queued before the watch changed), None after a gap (sent alone, from the table)."""
        if event.event_id not in self.events or not self.wants(event.lot_id):
            return ""
        placed = take_in_order(self._sent, event.lot_id, event.sequence)
        if placed is None:
            return None
        return self._view(event) if placed else ""

    async def _send(self, item: _Item) -> None:
        if isinstance(item, _Text):
            await self.websocket.send_text(item.text)
        elif isinstance(item, _Resync):
            await self._from_table(item.lots)
            for lot_id, after in item.lots.items():
                self._sent[lot_id] = max(self._sent.get(lot_id, after), after)
        else:  # a lot event after a gap (_framed): the missing ones and this one, in order
            lot_id = item.event.lot_id
            await self._from_table({lot_id: self._sent[lot_id]})

    def _view(self, event: Filtered) -> str:
        """The event's text for this member; what it says of their maxima is remembered first."""
        if self.member_id in event.bidders():
            self._took_part.add(event.lot_id)
        if event.withdrawn_bidder() == self.member_id:
            self._took_part.discard(event.lot_id)
        return event.text_for(self.member_id, event.lot_id in self._took_part)

    async def _from_table(self, after: dict[str, int]) -> None:
        wanted = {lot: n for lot, n in after.items() if self.wants(lot)}
        if not wanted or not self.events:
            return
        async with self.feed.hub.sessions() as session:
            rows = await events_after_each(session, wanted)
        for row in rows:
            if row.event_id not in self.events:
                continue
            event = parse(messages.lot_event(row))
            if event is not None:
                await self.websocket.send_text(self._view(event))
                self._sent[row.lot_id] = row.sequence

    # The reader: the client's messages

    async def read_all(self) -> None:
        while True:
            text = await self.websocket.receive_text()
            answer = await self._answer(text)
            if answer is not None:
                self.tell(messages.error(answer))

    async def _answer(self, text: str) -> str | None:
        """Does what the message asks; the sentence of an error, or None."""
        try:
            message = json.loads(text)
        except ValueError:
            return "A message must be JSON."
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "resync":
            lots = parse_resync(message.get("lots"))
            if isinstance(lots, str):
                return lots
            self._queue.put_nowait(_Resync(lots))
            return None
        if kind == "watch":
            return await self._watch(message)
        if kind == "auth":
            return "This connection is already signed in."
        return 'Unknown message type: send "watch" or "resync".'

    async def _watch(self, message: dict[str, Any]) -> str | None:
        lots, event_id = message.get("lots"), message.get("eventId")
        if (lots is None) == (event_id is None):
            return 'watch needs "lots" (a list of lot ids) or "eventId", one of the two.'
        async with self.feed.hub.sessions() as session:
            lanes: dict[str, set[str]] = {}
            if event_id is not None:
                if not isinstance(event_id, str) or not await event_exists(session, event_id):
                    return "This auction event does not exist."
                events, watched = {event_id}, None
                lanes[event_id] = await repository.lanes_of_event(session, event_id)
            else:
                if not isinstance(lots, list) or not all(isinstance(lot, str) for lot in lots):
                    return '"lots" must be a list of lot ids.'
                if len(lots) > MAX_WATCH_LOTS:
                    return f"A watch names at most {MAX_WATCH_LOTS} lots."
                found = await repository.places_of_lots(session, set(lots))
                missing = [lot for lot in lots if lot not in found]
                if missing:
                    return f"This lot does not exist: {missing[0][:40]}."
                for found_event, lane_id in found.values():
                    lanes.setdefault(found_event, set()).add(lane_id)
                events, watched = set(lanes), set(lots)
            took_part = await repository.lots_with_maximum(session, self.member_id, events)
        self.feed.unwatch(self, self.events - events)
        self.events, self.lots, self.lanes, self._took_part = events, watched, lanes, took_part
        self.feed.watch(self, events)
        return None


async def _first_token(websocket: WebSocket) -> str | Refused:
    """The token of the client's first message, or the refusal."""
    wanted = 'Send {"type": "auth", "token": "..."} first, within 5 seconds.'
    try:
        text = await asyncio.wait_for(websocket.receive_text(), timeout=AUTH_SECONDS)
    except TimeoutError:
        return Refused(UNAUTHORIZED, "No sign-in arrived within 5 seconds.")
    try:
        message = json.loads(text)
    except ValueError:
        return Refused(UNAUTHORIZED, wanted)
    if not isinstance(message, dict) or message.get("type") != "auth":
        return Refused(UNAUTHORIZED, wanted)
    token = message.get("token")
    if not isinstance(token, str) or not token.strip():
        return Refused(UNAUTHORIZED, "Please sign in to continue.")
    return token.strip()


async def bidder_socket(websocket: WebSocket) -> None:
    """/api/bidder/live"""
    await websocket.accept()
    feed: BidderFeed | None = getattr(websocket.app.state, "bidder_feed", None)
    if feed is None or getattr(websocket.app.state, "live_hub", None) is not feed.hub:
        await websocket.close(UNAVAILABLE, "The live feed is not running; try again shortly.")
        return
    try:
        token = await _first_token(websocket)
    except WebSocketDisconnect:
        return
    if isinstance(token, Refused):
        await close_refused(websocket, token)
        return
    try:
        refused, member_id = await access.check(websocket.app.state, token, keep_alive=True)
    except UNREACHABLE:
        await websocket.close(UNAVAILABLE, "The live feed cannot reach the database; try again shortly.")
        return
    if refused is not None or member_id is None:
        await close_refused(websocket, refused or Refused(UNAUTHORIZED, "Please sign in to continue."))
        return
    socket = BidderSocket(websocket, feed, member_id, token)
    feed.opened(member_id)
    try:
        await websocket.send_text(messages.ready(feed.hub.clock.now()))
        await serve(socket, "bidder socket")
    finally:
        feed.unwatch(socket, socket.events)
        feed.closed(member_id)
