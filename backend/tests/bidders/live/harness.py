"""The bidder socket's test harness: the live sale of tests/bidding (served by uvicorn, the hub and the
bidder feed running), its buyers signed in as bidders through the API, and a bidder socket client."""

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from gavel.bidding.bids import MaximumBid
from gavel.bidding.lot import Source
from tests.bidders.conftest import signed_in
from tests.bidding.live_harness import WAIT, LiveSale, received
from tests.bidding.test_lot_service import AED, NOW


async def bidder_token(live: LiveSale, n: int) -> str:
    """A bidder session of the sale's buyer n (1, 2 ...), opened through /api/bidder/sign-in and /verify."""
    headers = await signed_in(live.client, live.app.state.sessionmaker, f"buyer{n}@example.com")
    return headers["Authorization"].removeprefix("Bearer ")


def online(member_id: str, maximum: int) -> MaximumBid:
    """An online bid: the member's maximum in AED, as the bidder API places it."""
    return MaximumBid(Source.ONLINE, member_id, member_id, maximum * AED, NOW)


@asynccontextmanager
async def bidder_socket(base: str, token: str) -> AsyncIterator[ClientConnection]:
    """A signed-in bidder socket, its ready message read."""
    async with connect(f"{base}/api/bidder/live") as ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        ready = await received(ws)
        assert ready["type"] == "ready", ready
        yield ws


async def watch(ws: ClientConnection, after: dict[str, int], **what: Any) -> list[dict[str, Any]]:
    """Watches (lots=[...] or eventId=...) and resyncs from `after`: the events the resync answered (the
    watch is in force once the resync's answer came, since the socket reads its messages in order). An
    error's message comes back as a message too."""
    await ws.send(json.dumps({"type": "watch", **what}))
    await ws.send(json.dumps({"type": "resync", "lots": after}))
    await ws.send(json.dumps({"type": "nonsense"}))  # its error marks the end of the resync's answer
    answered = []
    while True:
        message = await received(ws)
        if message["type"] == "error" and message["message"].startswith("Unknown message type"):
            return answered
        answered.append(message)


async def closed(ws: ClientConnection) -> tuple[int, str]:
    """The close code and reason, once the server closes the socket (messages before it are skipped)."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), WAIT)
    except ConnectionClosed:
        assert ws.close_code is not None
        return ws.close_code, ws.close_reason or ""


async def refusal(base: str, *first: str) -> tuple[int, str]:
    """The close code and reason the server answers these first messages with."""
    async with connect(f"{base}/api/bidder/live") as ws:
        for text in first:
            await ws.send(text)
        try:
            message = await asyncio.wait_for(ws.recv(), WAIT)
        except ConnectionClosed:
            assert ws.close_code is not None
            return ws.close_code, ws.close_reason or ""
        raise AssertionError(f"the socket was not refused: {message}")
