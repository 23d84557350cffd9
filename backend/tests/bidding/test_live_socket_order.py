"""What one socket sends of a lot rises without gaps: an event after a gap (a batch the hub read late, a
notice lost) brings the missing ones from the table first, in order, and an event already sent is not sent
again."""

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace

from gavel.bidding.live.sockets import LiveSocket
from gavel.config import Settings
from gavel.guards import Client
from tests.bidding.live_harness import WAIT, live_sale


class FakeWebSocket:
    """What LiveSocket's sender uses of a socket: the app's state, send_text and the scope (served by no
    uvicorn, so with no straight writer: everything goes through send_text)."""

    def __init__(self, state: object) -> None:
        self.app = SimpleNamespace(state=state)
        self.scope: dict[str, object] = {}
        self.sent: list[dict[str, object]] = []
        self.grew = asyncio.Event()

    async def send_text(self, text: str) -> None:
        frame = json.loads(text)
        self.sent += frame if isinstance(frame, list) else [frame]
        self.grew.set()


async def test_a_socket_fills_a_gap_from_the_table_and_never_sends_an_event_twice(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        await s.opened(lot.id)
        await s.bid(lot.id, s.floor(15000))
        await s.bid(lot.id, s.floor(15500))  # events 1 to 3
        hub = SimpleNamespace(sessions=live.app.state.read_sessionmaker)
        ws = FakeWebSocket(live.app.state)
        socket = LiveSocket(ws, hub, s.event_id, live.token, Client("127.0.0.1", "test"))  # type: ignore[arg-type]
        sender = asyncio.create_task(socket.send_all())
        try:
            await socket.offer(lot.id, 1, json.dumps({"sequence": 1, "from": "hub"}))
            await socket.offer(lot.id, 3, json.dumps({"sequence": 3, "from": "hub"}))
            await socket.offer(lot.id, 2, json.dumps({"sequence": 2, "from": "hub"}))
            await socket.offer(lot.id, 3, json.dumps({"sequence": 3, "from": "hub"}))
            socket.tell(
                json.dumps({"sequence": "end", "from": "test"})
            )  # sent after everything offered before it
            async with asyncio.timeout(WAIT):
                while not ws.sent or ws.sent[-1] != {"sequence": "end", "from": "test"}:
                    await ws.grew.wait()
                    ws.grew.clear()
        finally:
            sender.cancel()
        assert [(m["sequence"], m.get("from", "table")) for m in ws.sent] == [
            (1, "hub"),
            (2, "table"),
            (3, "table"),
            ("end", "test"),
        ]
        assert [m.get("kind") for m in ws.sent[1:3]] == ["bid", "bid"]


class FramesWebSocket(FakeWebSocket):
    """Keeps each frame as it was sent (a message, or a JSON array of them)."""

    def __init__(self, state: object) -> None:
        super().__init__(state)
        self.frames: list[object] = []

    async def send_text(self, text: str) -> None:
        self.frames.append(json.loads(text))
        await super().send_text(text)


async def test_lot_events_waiting_for_a_socket_go_out_in_one_frame_in_order(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path) as live:
        s = live.sale
        (lot,) = await s.lots()
        hub = SimpleNamespace(sessions=live.app.state.read_sessionmaker)
        ws = FramesWebSocket(live.app.state)
        socket = LiveSocket(ws, hub, s.event_id, live.token, Client("127.0.0.1", "test"))  # type: ignore[arg-type]
        # Queued before the sender runs, as when the socket falls behind the sale.
        for sequence in (1, 2, 3):
            await socket.offer(lot.id, sequence, json.dumps({"sequence": sequence}))
        socket.tell(json.dumps({"sequence": "end"}))
        await socket.offer(lot.id, 4, json.dumps({"sequence": 4}))
        sender = asyncio.create_task(socket.send_all())
        try:
            async with asyncio.timeout(WAIT):
                while len(ws.frames) < 3:
                    await ws.grew.wait()
                    ws.grew.clear()
        finally:
            sender.cancel()
        # The three events in one array, the other message alone, then the event after it alone.
        assert ws.frames == [
            [{"sequence": 1}, {"sequence": 2}, {"sequence": 3}],
            {"sequence": "end"},
            {"sequence": 4},
        ]
