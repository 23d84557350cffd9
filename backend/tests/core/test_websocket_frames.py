"""Frames built once and written straight to a connection: the bytes are the frame websockets itself would
send, and under uvicorn with StraightProtocol a client reads them in order with the messages sent the ASGI
way; the writer stops being ready once the connection closes."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from gavel.core.websocket_frames import PROTOCOL, StraightWriter, straight_writer, text_frame

WAIT = 10.0


def parsed(frame: bytes) -> Frame:
    """The frame as websockets' client reads it."""
    reader = StreamReader()
    reader.feed_data(frame)
    reader.feed_eof()
    parser = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parser)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    raise AssertionError("the frame was cut short")


@pytest.mark.parametrize("size", [0, 1, 125, 126, 65535, 65536, 70000])
def test_a_text_frame_is_the_frame_websockets_sends_for_that_text(size: int) -> None:
    text = "x" * size
    assert text_frame(text) == Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    frame = parsed(text_frame(text))
    assert (frame.opcode, frame.fin, frame.data.decode()) == (Opcode.TEXT, True, text)


def test_a_text_frame_counts_the_bytes_of_arabic_text_not_its_letters() -> None:
    text = '{"message":"تمت المزايدة عليك"}' * 5  # 2 bytes a letter in UTF-8
    assert len(text.encode()) > 125 > len(text) // 2
    assert parsed(text_frame(text)).data.decode() == text


def test_a_socket_served_any_other_way_has_no_writer() -> None:
    assert straight_writer({"type": "websocket"}) is None
    assert straight_writer({"extensions": {"websocket.http.response": {}}}) is None


class Seen:
    def __init__(self) -> None:
        self.writer: StraightWriter | None = None
        self.closed = asyncio.Event()
        self.ready_after_close: bool | None = None


def app_of(seen: Seen) -> Starlette:
    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        writer = straight_writer(websocket.scope)
        seen.writer = writer
        assert writer is not None and writer.ready()
        await websocket.send_text("one")
        writer.write(text_frame("two"))
        writer.write(text_frame("three ثلاثة"))
        await websocket.send_text("four")
        writer.write(text_frame("x" * 70000))
        with suppress(WebSocketDisconnect):
            await websocket.receive_text()
        seen.ready_after_close = writer.ready()
        seen.closed.set()

    return Starlette(routes=[WebSocketRoute("/ws", endpoint)])


@asynccontextmanager
async def served(app: Any, ws: str) -> AsyncIterator[str]:
    config = uvicorn.Config(app, host="127.0.0.1", port=0, lifespan="off", log_level="warning", ws=ws)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            assert not task.done(), "the server stopped before it started"
            await asyncio.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, WAIT)


async def test_frames_written_straight_arrive_in_order_with_the_messages_sent_through_asgi() -> None:
    seen = Seen()
    async with served(app_of(seen), PROTOCOL) as url, connect(url, max_size=None) as client:
        got = [await asyncio.wait_for(client.recv(), WAIT) for _ in range(5)]
    assert got == ["one", "two", "three ثلاثة", "four", "x" * 70000]
    await asyncio.wait_for(seen.closed.wait(), WAIT)
    assert seen.ready_after_close is False


async def test_uvicorns_own_protocol_offers_no_writer() -> None:
    found: list[object] = []

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        found.append(straight_writer(websocket.scope))
        await websocket.send_text("hello")

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    async with served(app, "websockets-sansio") as url, connect(url) as client:
        assert await asyncio.wait_for(client.recv(), WAIT) == "hello"
    assert found == [None]
