"""The lots' WebSocket, /api/live/events/{eventId}: a staff console watching an auction event's lots.

The client's first message, within AUTH_SECONDS, is {"type": "auth", "token"}; a refusal closes the socket
with 4401 (no live session) or 4403 (no Auctions VIEW), 4404 for an event that does not exist, each with its
sentence as the reason. Then {"type": "ready", "serverTime"} and the event's lot events as they commit
(`messages`). Everything sent goes through the socket's one sender task, in order: for each lot the
sequences a socket receives rise without gaps from the first it received (a gap the hub's batch left is
read from the table), except that a resync answers everything after the number the client gave. A frame
holds one message, or a JSON array of lot events when several were waiting for the socket (`Frame`).

A lot event offered to a socket whose queue is empty, whose sender holds nothing and whose connection takes
data goes out at once, its frame built once for every socket (`Straight`, gavel.core.websocket_frames):
no queue, no task woken, no ASGI send. Anything else waits in the queue, in order, for the sender.

An open socket's session and privilege are checked again every RECHECK_SECONDS (5 s: one query, the session
and its user with the role joined), so a session ended or a privilege removed closes the socket within about
5 s, whether messages flow or not.
"""

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from sqlalchemy.exc import DBAPIError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gavel.bidding.live import access, messages
from gavel.bidding.live.access import Refused
from gavel.bidding.live.broadcaster import Hub, LotText
from gavel.bidding.live.repository import event_exists, events_after_each, lane_of_event
from gavel.core.websocket_frames import StraightWriter, straight_writer, text_frame
from gavel.guards import Client

log = logging.getLogger("gavel.live")

AUTH_SECONDS = 5.0
RECHECK_SECONDS = 5.0  # how often an open socket's session and privilege are checked again
SHORTEST_WAIT = 0.25  # seconds: the sender's least wait for a message when a check is due (no busy loop)
QUEUE_LIMIT = 5000  # messages waiting for a socket that reads too slowly; past it the socket is closed
FELL_BEHIND = 4408
FELL_BEHIND_REFUSAL = Refused(FELL_BEHIND, "This connection fell behind the sale. Connect again and resync.")
FAILED = 1011
MAX_RESYNC_LOTS = 1000
FRAME_MESSAGES = 100  # lot events in one frame at most

_T = TypeVar("_T")


@dataclass(frozen=True)
class _Event:
    lot_id: str
    sequence: int
    text: str


@dataclass(frozen=True)
class _Text:
    text: str


@dataclass(frozen=True)
class _Resync:
    lots: dict[str, int]


_Item = _Event | _Text | _Resync


class LiveSocket:
    """One staff socket on an event, as the hub hands it messages."""

    def __init__(self, websocket: WebSocket, hub: Hub, event_id: str, token: str, client: Client) -> None:
        self.websocket = websocket
        self.hub = hub
        self.event_id = event_id
        self.lane_id: str | None = None
        self._token = token
        self._client = client
        self._queue: asyncio.Queue[_Item] = asyncio.Queue()
        self._sent: dict[str, int] = {}
        self._checked = time.monotonic()
        self._straight = Straight()
        self._recheck = RECHECK_SECONDS  # the sender reads the app's setting when it starts
        self.behind = False

    async def offer(self, lot_id: str, sequence: int, text: str) -> None:
        await self.offer_all([(lot_id, sequence, text)])

    async def offer_all(self, events: list[LotText]) -> None:
        """The lot events of one batch of the hub, in order: those that may go straight leave as one write
        (`write_straight`); from a gap on, the rest wait in the queue (the sender reads the table)."""
        writer = None if self._check_due() else self._straight.open(self._queue)
        frames: list[bytes] = []
        queued = writer is None
        for lot_id, sequence, text in events:
            if not queued:
                placed = take_in_order(self._sent, lot_id, sequence)
                if placed:
                    frames.append(text_frame(text))
                    continue
                if placed is False:
                    continue
                queued = True
            self._put(_Event(lot_id, sequence, text))
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
            item = await next_item(self._queue, self.wait_seconds(recheck))
            with self._straight.holding(item):
                if self.behind:
                    return FELL_BEHIND_REFUSAL
                if time.monotonic() - self._checked >= recheck:
                    try:
                        refused, _ = await access.check(
                            self.websocket.app.state, self._token, self._client, keep_alive=False
                        )
                    except DBAPIError:
                        # The database is away (a restart): the socket stays, and is checked again next time.
                        log.warning("an open live socket's session could not be checked; trying again")
                        refused = None
                    else:
                        self._checked = time.monotonic()
                    if refused is not None:
                        return refused
                if item is not None:
                    await self._send_queued(item)

    def wait_seconds(self, recheck: float) -> float:
        """How long the sender may wait for a message: until the next check is due (counted from the last
        one, so a message now and then never puts it off), at least SHORTEST_WAIT."""
        return max(self._checked + recheck - time.monotonic(), SHORTEST_WAIT)

    def _check_due(self) -> bool:
        """The session's check is due: a message waits for it (the sender makes it first)."""
        return time.monotonic() - self._checked >= self._recheck

    @property
    def recheck_seconds(self) -> float:
        return float(getattr(self.websocket.app.state, "live_recheck_seconds", RECHECK_SECONDS))

    async def _send_queued(self, item: _Item) -> None:
        await send_in_frames(self.websocket, self._queue, item, self._framed, self._send)

    def _framed(self, item: _Item) -> str | None:
        """The text of a lot event next in order (send_in_frames), "" for one sent already, None otherwise."""
        if not isinstance(item, _Event):
            return None
        placed = take_in_order(self._sent, item.lot_id, item.sequence)
        if placed is None:
            return None  # after a gap: sent alone, from the table
        return item.text if placed else ""

    async def _send(self, item: _Item) -> None:
        if isinstance(item, _Text):
            await self.websocket.send_text(item.text)
        elif isinstance(item, _Resync):
            await self._resync(item.lots)
        else:  # a lot event after a gap (_framed): the missing ones and this one, in order
            await self._from_table({item.lot_id: self._sent[item.lot_id]})

    async def _resync(self, lots: dict[str, int]) -> None:
        await self._from_table(lots)
        for lot_id, after in lots.items():
            self._sent[lot_id] = max(self._sent.get(lot_id, after), after)

    async def _from_table(self, after: dict[str, int]) -> None:
        async with self.hub.sessions() as session:
            rows = await events_after_each(session, after, event_id=self.event_id)
        for event in rows:
            await self.websocket.send_text(messages.lot_event(event))
            self._sent[event.lot_id] = event.sequence

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
            lane_id = message.get("laneId")
            if lane_id is not None:
                if not isinstance(lane_id, str):
                    return "laneId must be a lane's id or null."
                async with self.hub.sessions() as session:
                    if not await lane_of_event(session, self.event_id, lane_id):
                        return "This lane is not in this auction event."
            self.lane_id = lane_id
            self.hub.counts_changed(self.event_id)
            return None
        if kind == "auth":
            return "This connection is already signed in."
        return 'Unknown message type: send "resync" or "watch".'


async def next_item(queue: "asyncio.Queue[_T]", wait: float) -> _T | None:
    """The queue's next item, or None after `wait` seconds with none. One waiting is taken at once, with no
    timer and no task: a busy socket's sender pays nothing per message for its timeout (asyncio.wait_for made
    a task for every message, about a tenth of a send's CPU)."""
    if not queue.empty():
        return queue.get_nowait()
    try:
        async with asyncio.timeout(wait):
            return await queue.get()
    except TimeoutError:
        return None


def write_straight(writer: StraightWriter, frames: list[bytes]) -> None:
    """Frames for one connection in one write: several frames in one TCP send are read as several messages,
    and a hub that fell behind (several events per lot in a batch) then writes once per socket per batch, not
    once per event, so it catches up instead of falling further behind (bench/README.md, run 8)."""
    writer.write(frames[0] if len(frames) == 1 else b"".join(frames))


class Straight:
    """A socket's way around its queue: a lot event goes out at once, as a frame written straight to the
    connection (gavel.core.websocket_frames), when nothing is queued before it, the sender holds nothing (an
    item it took and has not sent yet, or a table read on its way) and the connection takes data. Only once
    the sender has started (after the socket's `ready` message), and never while the session's check is due
    (the socket asks that first: the sender checks, then sends)."""

    def __init__(self) -> None:
        self._writer: StraightWriter | None = None
        self._holding = False

    def start(self, websocket: WebSocket) -> None:
        self._writer = straight_writer(websocket.scope)

    def open(self, queue: "asyncio.Queue[Any]") -> StraightWriter | None:
        """The writer, when a message may go straight now; None: queue it."""
        writer = self._writer
        if writer is None or self._holding or not queue.empty() or not writer.ready():
            return None
        return writer

    @contextmanager
    def holding(self, item: object | None) -> Iterator[None]:
        """While the sender holds `item` (taken from the queue, not sent yet), nothing goes straight."""
        self._holding = item is not None
        try:
            yield
        finally:
            self._holding = False


def take_in_order(sent: dict[str, int], lot_id: str, sequence: int) -> bool | None:
    """Whether a lot event goes out now: True when it is the next of its lot (or the first this socket
    sends; `sent` then remembers it), False when it was sent already, None when events are missing before
    it (the table fills the gap)."""
    last = sent.get(lot_id)
    if last is not None and sequence <= last:
        return False
    if last is not None and sequence > last + 1:
        return None
    sent[lot_id] = sequence
    return True


async def send_in_frames(
    websocket: WebSocket,
    queue: "asyncio.Queue[_T]",
    item: _T,
    framed: Callable[[_T], str | None],
    send_alone: Callable[[_T], Awaitable[None]],
) -> None:
    """`item` and the items queued behind it, in order: those `framed` gives a text go out together in one
    frame ("" for one to skip), every other is sent by `send_alone` after the frame before it."""
    frame = Frame(websocket)
    while True:
        text = framed(item)
        if text is None:
            await frame.flush()
            await send_alone(item)
        elif text:
            frame.add(text)
        if queue.empty() or frame.full:
            break
        item = queue.get_nowait()
    await frame.flush()


class Frame:
    """Messages waiting for one socket, sent as one frame: a message alone as itself, several as a JSON array
    of them (the bidder page and the console read both). Under load a socket's queue holds several lot
    events; one frame for them is one send and one read instead of many (bench/README.md)."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.texts: list[str] = []

    @property
    def full(self) -> bool:
        return len(self.texts) >= FRAME_MESSAGES

    def add(self, text: str) -> None:
        self.texts.append(text)

    async def flush(self) -> None:
        texts, self.texts = self.texts, []
        if len(texts) == 1:
            await self.websocket.send_text(texts[0])
        elif texts:
            await self.websocket.send_text(f"[{','.join(texts)}]")


def parse_resync(lots: Any) -> dict[str, int] | str:
    """{lotId: lastSequence}, or the sentence saying what is wrong with it."""
    if not isinstance(lots, dict):
        return 'resync needs "lots": an object of lot ids and the last sequence you have of each.'
    if len(lots) > MAX_RESYNC_LOTS:
        return f"A resync names at most {MAX_RESYNC_LOTS} lots."
    parsed: dict[str, int] = {}
    for lot_id, sequence in lots.items():
        if isinstance(sequence, bool) or not isinstance(sequence, int) or sequence < 0:
            return "Each lot's last sequence must be a whole number, 0 or more."
        parsed[str(lot_id)] = sequence
    return parsed


async def _first_token(websocket: WebSocket) -> str | Refused:
    """The token of the client's first message, or the refusal."""
    wanted = 'Send {"type": "auth", "token": "..."} first, within 5 seconds.'
    try:
        text = await asyncio.wait_for(websocket.receive_text(), timeout=AUTH_SECONDS)
    except TimeoutError:
        return Refused(access.UNAUTHORIZED, "No sign-in arrived within 5 seconds.")
    try:
        message = json.loads(text)
    except ValueError:
        return Refused(access.UNAUTHORIZED, wanted)
    if not isinstance(message, dict) or message.get("type") != "auth":
        return Refused(access.UNAUTHORIZED, wanted)
    token = message.get("token")
    if not isinstance(token, str) or not token.strip():
        return Refused(access.UNAUTHORIZED, "Please sign in to continue.")
    return token.strip()


class Served(Protocol):
    """A socket `serve` runs: it reads the client's messages and sends the feed's; the sender answers a
    refusal when a check ends the socket."""

    websocket: WebSocket

    async def read_all(self) -> None: ...

    async def send_all(self) -> Refused | None: ...


async def close_refused(websocket: WebSocket, refused: Refused) -> None:
    """The socket closed with the refusal's code and sentence, unless the client has gone already."""
    if websocket.client_state is WebSocketState.CONNECTED:
        with suppress(RuntimeError, WebSocketDisconnect):
            await websocket.close(refused.code, refused.reason)


async def live_socket(websocket: WebSocket, event_id: str) -> None:
    """/api/live/events/{eventId}"""
    await websocket.accept()
    hub: Hub | None = getattr(websocket.app.state, "live_hub", None)
    if hub is None:
        await websocket.close(1013, "The live feed is not running; try again shortly.")
        return
    try:
        token = await _first_token(websocket)
    except WebSocketDisconnect:
        return
    if isinstance(token, Refused):
        await close_refused(websocket, token)
        return
    client = Client(
        ip=websocket.client.host if websocket.client else "",
        user_agent=websocket.headers.get("user-agent", "")[:500],
    )
    try:
        refused, _ = await access.check(websocket.app.state, token, client, keep_alive=True)
        if refused is None:
            async with hub.sessions() as session:
                if not await event_exists(session, event_id):
                    refused = Refused(access.NOT_FOUND, "This auction event does not exist.")
    except DBAPIError:
        # The database is away (a restart): the client connects again with its backoff.
        await websocket.close(1013, "The live feed cannot reach the database; try again shortly.")
        return
    if refused is not None:
        await close_refused(websocket, refused)
        return
    socket = LiveSocket(websocket, hub, event_id, token, client)
    hub.join(socket)
    try:
        await websocket.send_text(messages.ready(hub.clock.now()))
        await serve(socket)
    finally:
        hub.leave(socket)


async def serve(socket: Served, name: str = "live socket") -> None:
    """Reads and sends until the client leaves, a check refuses the socket, or something fails (then 1011:
    the client connects again and resyncs). The staff's and the bidders' sockets alike (`name` in the log)."""
    reader = asyncio.create_task(socket.read_all())
    sender = asyncio.create_task(socket.send_all())
    try:
        await asyncio.wait({reader, sender}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (reader, sender):
            task.cancel()
        await asyncio.wait({reader, sender})
    refused: Refused | None = None
    for task in (sender, reader):
        if task.cancelled():
            continue
        failure = task.exception()
        if failure is None:
            refused = refused or (task.result() if task is sender else None)
        elif not isinstance(failure, WebSocketDisconnect | ConnectionError):
            log.error("%s failed", name, exc_info=failure)
            refused = refused or Refused(FAILED, "The live feed failed. Connect again.")
    if refused is not None:
        await close_refused(socket.websocket, refused)
