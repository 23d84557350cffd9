"""The live feed's test harness: a sale on a committing app served by uvicorn on a port of its own (the
WebSocket needs a real server, and the server runs the app's lifespan, which starts the hub), and a socket
client that signs in."""

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import uvicorn
from httpx import AsyncClient
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from gavel.config import Settings
from gavel.core.websocket_frames import PROTOCOL
from tests.bidding.seeded_sale import seeded_sale
from tests.bidding.test_lot_service import Sale

WAIT = 10.0  # seconds a test waits for a message that must come (it comes in milliseconds)


@dataclass
class LiveSale:
    app: Any
    client: AsyncClient
    admin: dict[str, str]
    sale: Sale

    @property
    def token(self) -> str:
        return self.admin["Authorization"].removeprefix("Bearer ")


@asynccontextmanager
async def live_sale(
    settings: Settings, folder: Path, *, cars: int = 1, buying_powers: tuple[int, ...] = (100000, 100000)
) -> AsyncIterator[LiveSale]:
    async with seeded_sale(settings, folder, cars=cars, buying_powers=buying_powers) as (app, client, made):
        sale = Sale(app.state.sessionmaker, made.event_id, made.vehicles, made.buyers, made.staff)
        yield LiveSale(app, client, made.admin, sale)


@asynccontextmanager
async def served(app: Any) -> AsyncIterator[str]:
    """The app behind uvicorn on a free port, its lifespan run (the hub listening): the ws:// base URL."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, lifespan="on", log_level="warning", ws=PROTOCOL)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            assert not task.done(), "the server stopped before it started"
            await asyncio.sleep(0.01)
        hub = app.state.live_hub
        await asyncio.wait_for(hub.listening.wait(), WAIT)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, WAIT)


# Messages of a frame not read yet: a frame is one message, or a JSON array of lot events (sockets.Frame).
_unread: "WeakKeyDictionary[ClientConnection, list[dict[str, Any]]]" = WeakKeyDictionary()


async def received(ws: ClientConnection, *, kind: str | None = None) -> dict[str, Any]:
    """The next message (of that type, skipping others), within WAIT seconds."""
    while True:
        unread = _unread.setdefault(ws, [])
        if not unread:
            frame = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            unread += frame if isinstance(frame, list) else [frame]
        message = unread.pop(0)
        if kind is None or message["type"] == kind:
            return message


@asynccontextmanager
async def watching(base: str, event_id: str, token: str) -> AsyncIterator[ClientConnection]:
    """A signed-in socket on the event, its ready message read."""
    async with connect(f"{base}/api/live/events/{event_id}") as ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        ready = await received(ws)
        assert ready["type"] == "ready", ready
        yield ws


async def refusal(base: str, event_id: str, *first: str) -> tuple[int, str]:
    """The close code and reason the server answers these first messages with."""
    async with connect(f"{base}/api/live/events/{event_id}") as ws:
        for text in first:
            await ws.send(text)
        try:
            message = await asyncio.wait_for(ws.recv(), WAIT)
        except ConnectionClosed:
            assert ws.close_code is not None
            return ws.close_code, ws.close_reason or ""
        raise AssertionError(f"the socket was not refused: {message}")
