"""A bidder socket's session check is made a tick before it is due, with nothing held: lot events offered
while that read is on its way go straight to the connection; once the check is due, an event waits for it."""

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import pytest

from gavel.bidders.live import sockets
from gavel.bidders.live.filtering import Filtered, parse
from gavel.core.websocket_frames import EXTENSION

WAIT = 5.0


class Seconds:
    """A monotonic clock that stands still until the test moves it."""

    def __init__(self) -> None:
        self.at = 1000.0

    def monotonic(self) -> float:
        return self.at


class Writer:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def ready(self) -> bool:
        return True

    def write(self, frame: bytes) -> None:
        head = 4 if frame[1] == 126 else 2  # a frame of 126-65535 bytes gives its size in 2 more bytes
        self.frames.append(json.loads(frame[head:]))


class SlowRechecks:
    """The process's checks, answered only when the test says so."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.answer = asyncio.Event()

    async def check(self, state: object, token: str) -> tuple[None, str]:
        self.asked.set()
        await self.answer.wait()
        return None, "member-1"


class FakeWebSocket:
    def __init__(self) -> None:
        self.writer = Writer()
        self.scope = {"extensions": {EXTENSION: {"writer": self.writer}}}
        self.app = SimpleNamespace(state=SimpleNamespace(live_recheck_seconds=5.0))
        self.sent: list[Any] = []
        self.grew = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))
        self.grew.set()


def lot_event(sequence: int) -> Filtered:
    text = json.dumps(
        {
            "type": "lot_event",
            "lotId": "lot-1",
            "eventId": "event-1",
            "sequence": sequence,
            "kind": "bid",
            "payload": {"price": "15000.00", "asking": "15500.00", "leaderId": "member-2", "bids": []},
        }
    )
    event = parse(text)
    assert event is not None
    return event


async def sent(ws: FakeWebSocket, count: int) -> None:
    async with asyncio.timeout(WAIT):
        while len(ws.sent) < count:
            ws.grew.clear()
            await ws.grew.wait()


async def test_events_go_straight_while_the_early_check_reads_and_wait_once_it_is_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seconds = Seconds()
    monkeypatch.setattr(sockets, "time", SimpleNamespace(monotonic=seconds.monotonic))
    rechecks = SlowRechecks()
    monkeypatch.setattr(sockets, "rechecks_of", lambda state: rechecks)
    ws = FakeWebSocket()
    socket = sockets.BidderSocket(ws, None, "member-1", "bid_token")  # type: ignore[arg-type]
    socket.events = {"event-1"}
    sender = asyncio.create_task(socket.send_all())
    try:
        await asyncio.sleep(0)
        socket.offer_all([lot_event(1)])
        assert [m["sequence"] for m in ws.writer.frames] == [1]  # nothing due: straight

        seconds.at += 4.6  # past the tick before the check is due (4.5 s), not due yet (5 s)
        socket.tell(json.dumps({"type": "error", "message": "wakes the sender"}))
        async with asyncio.timeout(WAIT):
            await rechecks.asked.wait()  # sent first, then the early check, with nothing held
        assert ws.sent == [{"type": "error", "message": "wakes the sender"}]
        socket.offer_all([lot_event(2)])
        assert [m["sequence"] for m in ws.writer.frames] == [1, 2]  # straight while the read is on its way

        seconds.at += 0.5  # 5.1 s: the check is due and still not answered
        socket.offer_all([lot_event(3)])
        assert [m["sequence"] for m in ws.writer.frames] == [1, 2]  # waits for the check
        rechecks.answer.set()
        await sent(ws, 2)
        assert ws.sent[1]["sequence"] == 3
        socket.offer_all([lot_event(4)])  # checked again: straight
        assert [m["sequence"] for m in ws.writer.frames] == [1, 2, 4]
    finally:
        sender.cancel()
