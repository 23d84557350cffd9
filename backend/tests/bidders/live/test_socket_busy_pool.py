"""A bidder socket whose session check finds no connection free in the process's pool (the pool's timeout,
as under a crowd of bids on one lot: bench/bidders_bench.py found open sockets closed with 1011 for it) keeps
its socket and checks again at the next turn; one that connects meanwhile is told to come back (1013)."""

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlalchemy.exc import TimeoutError as PoolTimeout
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from gavel.bidders.live import access, sockets
from gavel.config import Settings
from tests.bidders.live.harness import bidder_socket, bidder_token, watch
from tests.bidding.live_harness import live_sale, received, served


class Seconds:
    """A monotonic clock that stands still until the test moves it."""

    def __init__(self) -> None:
        self.at = 1000.0

    def monotonic(self) -> float:
        return self.at


async def test_a_busy_pool_keeps_open_sockets_and_turns_new_ones_away_for_now(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seconds = Seconds()
    monkeypatch.setattr(sockets, "time", SimpleNamespace(monotonic=seconds.monotonic))
    checks: list[bool] = []

    async def busy(*args: object, **kwargs: object) -> None:
        checks.append(True)
        raise PoolTimeout(
            "QueuePool limit of size 5 overflow 10 reached, connection timed out, timeout 30.00"
        )

    async with live_sale(settings, tmp_path) as live:
        token = await bidder_token(live, 1)
        async with served(live.app) as base, bidder_socket(base, token) as ws:
            await watch(ws, {}, eventId=live.sale.event_id)
            checking, checking_many = access.check, access.check_many
            monkeypatch.setattr(access, "check", busy)
            monkeypatch.setattr(access, "check_many", busy)
            # The check due at 5 s finds no free connection: the socket stays and serves.
            seconds.at += 5.0
            await ws.send(json.dumps({"type": "nonsense"}))
            assert (await received(ws))["type"] == "error"
            assert checks == [True]
            # A socket that connects meanwhile is told to come back (1013), not failed (1011).
            async with connect(f"{base}/api/bidder/live") as other:
                await other.send(json.dumps({"type": "auth", "token": token}))
                with pytest.raises(ConnectionClosed) as refused:
                    await received(other)
                assert refused.value.rcvd is not None
                assert (refused.value.rcvd.code, refused.value.rcvd.reason) == (
                    1013,
                    "The live feed cannot reach the database; try again shortly.",
                )
            # Not counted as checked: the next turn checks again, and with the pool back the socket goes on.
            monkeypatch.setattr(access, "check", checking)
            monkeypatch.setattr(access, "check_many", checking_many)
            seconds.at += 0.3
            await ws.send(json.dumps({"type": "nonsense"}))
            assert (await received(ws))["type"] == "error"
            await ws.send(json.dumps({"type": "nonsense"}))
            assert (await received(ws))["type"] == "error"
