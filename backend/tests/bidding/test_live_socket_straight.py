"""A lot event goes straight to the connection (its frame written once, no queue) only when nothing waits
before it: the sender idle, the queue empty, the connection taking data. Otherwise it waits in the queue, and
what one socket receives of a lot still rises without gaps or repeats."""

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from gavel.bidding.live.sockets import LiveSocket
from gavel.config import Settings
from gavel.core.websocket_frames import EXTENSION
from gavel.guards import Client
from tests.bidding.live_harness import WAIT, live_sale


class FakeWriter:
    """A connection's straight writer: the frames written, and whether it takes data now."""

    def __init__(self) -> None:
        self.open = True
        self.frames: list[bytes] = []

    def ready(self) -> bool:
        return self.open

    def write(self, frame: bytes) -> None:
        self.frames.append(frame)


class StraightWebSocket:
    """A socket served with a straight writer; `received` is every message in the order it left, whichever
    way it went."""

    def __init__(self, state: object) -> None:
        self.app = SimpleNamespace(state=state)
        self.writer = FakeWriter()
        self.scope = {"extensions": {EXTENSION: {"writer": self.writer}}}
        self.received: list[tuple[str, dict[str, Any]]] = []
        self.through_asgi = asyncio.Event()
        self.hold: asyncio.Event | None = None  # set: send_text waits for it (a slow connection)

    def straight(self) -> list[object]:
        return [json.loads(frame[2:]) for frame in self.writer.frames]  # a short frame's head is 2 bytes

    async def send_text(self, text: str) -> None:
        if self.hold is not None:
            await self.hold.wait()
        frame = json.loads(text)
        for message in frame if isinstance(frame, list) else [frame]:
            self.received.append(("asgi", message))
        self.through_asgi.set()


async def started(socket: LiveSocket) -> "asyncio.Task[object]":
    sender = asyncio.create_task(socket.send_all())
    await asyncio.sleep(0)  # the sender takes its writer and waits for a message
    return sender


async def test_offers_go_straight_while_nothing_waits_and_a_gap_waits_for_the_table(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        await s.opened(lot.id)
        await s.bid(lot.id, s.floor(15000))
        await s.bid(lot.id, s.floor(15500))  # events 1 to 3 in the table
        hub = SimpleNamespace(sessions=live.app.state.read_sessionmaker)
        ws = StraightWebSocket(live.app.state)
        socket = LiveSocket(ws, hub, s.event_id, live.token, Client("127.0.0.1", "test"))  # type: ignore[arg-type]
        # Before the sender starts (the socket's ready message not sent yet), nothing goes straight.
        await socket.offer(lot.id, 1, json.dumps({"sequence": 1, "from": "hub"}))
        assert ws.writer.frames == []
        sender = await started(socket)
        try:
            async with asyncio.timeout(WAIT):
                while not ws.received:
                    await ws.through_asgi.wait()
            await asyncio.sleep(0)  # the sender lets go of what it sent
            await socket.offer(lot.id, 1, json.dumps({"sequence": 1, "from": "hub"}))  # sent already
            await socket.offer(lot.id, 3, json.dumps({"sequence": 3, "from": "hub"}))  # 2 is missing
            assert ws.writer.frames == []  # the gap waits for the sender, which reads the table
            await socket.offer(lot.id, 4, json.dumps({"sequence": 4, "from": "hub"}))  # queued behind it
            async with asyncio.timeout(WAIT):
                while len(ws.received) < 4:
                    ws.through_asgi.clear()
                    await ws.through_asgi.wait()
            await asyncio.sleep(0)
            await socket.offer(lot.id, 5, json.dumps({"sequence": 5, "from": "hub"}))  # nothing waits now
        finally:
            sender.cancel()
        assert [(m["sequence"], m.get("from", "table")) for _, m in ws.received] == [
            (1, "hub"),
            (2, "table"),
            (3, "table"),
            (4, "hub"),
        ]
        assert ws.straight() == [{"sequence": 5, "from": "hub"}]


async def test_a_connection_that_does_not_take_data_gets_its_events_through_the_queue_in_order(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        hub = SimpleNamespace(sessions=live.app.state.read_sessionmaker)
        ws = StraightWebSocket(live.app.state)
        socket = LiveSocket(ws, hub, s.event_id, live.token, Client("127.0.0.1", "test"))  # type: ignore[arg-type]
        sender = await started(socket)
        try:
            await socket.offer(lot.id, 1, json.dumps({"sequence": 1}))  # straight
            ws.writer.open = False  # the transport asks writers to wait
            ws.hold = asyncio.Event()
            await socket.offer(lot.id, 2, json.dumps({"sequence": 2}))  # queued; the sender waits to send it
            await asyncio.sleep(0)
            ws.writer.open = True  # writable again, but the sender still holds 2: 3 must not overtake it
            await socket.offer(lot.id, 3, json.dumps({"sequence": 3}))
            assert ws.straight() == [{"sequence": 1}]
            ws.hold.set()
            async with asyncio.timeout(WAIT):
                while len(ws.received) < 2:
                    ws.through_asgi.clear()
                    await ws.through_asgi.wait()
            await asyncio.sleep(0)
            await socket.offer(lot.id, 4, json.dumps({"sequence": 4}))  # straight again
        finally:
            sender.cancel()
        assert ws.straight() == [{"sequence": 1}, {"sequence": 4}]
        assert [m for _, m in ws.received] == [{"sequence": 2}, {"sequence": 3}]


def frames_of(write: bytes) -> list[object]:
    """The messages of one write: server frames (unmasked, short) one after another."""
    found: list[object] = []
    while write:
        size = write[1]
        assert size < 126, "a short frame"
        found.append(json.loads(write[2 : 2 + size]))
        write = write[2 + size :]
    return found


async def test_a_batch_of_events_leaves_in_one_write_and_a_gap_in_it_sends_the_rest_through_the_queue(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        await s.opened(lot.id)
        await s.bid(lot.id, s.floor(15000))
        await s.bid(lot.id, s.floor(15500))
        await s.bid(lot.id, s.floor(16000))  # events 1 to 4 in the table
        hub = SimpleNamespace(sessions=live.app.state.read_sessionmaker)
        ws = StraightWebSocket(live.app.state)
        socket = LiveSocket(ws, hub, s.event_id, live.token, Client("127.0.0.1", "test"))  # type: ignore[arg-type]
        sender = await started(socket)
        try:
            # A hub that fell behind hands a socket several events at once: one write, each its own frame.
            await socket.offer_all([(lot.id, n, json.dumps({"sequence": n, "from": "hub"})) for n in (1, 2)])
            assert [frames_of(write) for write in ws.writer.frames] == [
                [{"sequence": 1, "from": "hub"}, {"sequence": 2, "from": "hub"}]
            ]
            # 3 is missing from the next batch: 4 and 5 wait in the queue; the sender reads 3 and 4 from the
            # table.
            batch = [(lot.id, n, json.dumps({"sequence": n, "from": "hub"})) for n in (2, 4, 5)]
            await socket.offer_all(batch)
            assert len(ws.writer.frames) == 1  # nothing more went straight
            async with asyncio.timeout(WAIT):
                while len(ws.received) < 3:
                    ws.through_asgi.clear()
                    await ws.through_asgi.wait()
        finally:
            sender.cancel()
        assert [(m["sequence"], m.get("from", "table")) for _, m in ws.received] == [
            (3, "table"),
            (4, "table"),
            (5, "hub"),
        ]
