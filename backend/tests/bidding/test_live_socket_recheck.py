"""An open socket's session is checked again every 5 s (RECHECK_SECONDS), messages flowing or not: a session
ended meanwhile closes the socket once 5 s have passed since its last check, never before. The socket's
monotonic time is the test's (`sockets.time` replaced), so no test waits for seconds to pass. A database away
(a restart) keeps open sockets and turns new ones away with 1013, never failing them."""

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlalchemy.exc import OperationalError
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from gavel.bidding.live import sockets
from gavel.config import Settings
from tests.bidding.live_harness import live_sale, received, served, watching
from tests.bidding.test_live_socket_auth import end_session


class Seconds:
    """A monotonic clock that stands still until the test moves it."""

    def __init__(self) -> None:
        self.at = 1000.0

    def monotonic(self) -> float:
        return self.at


def test_the_recheck_is_every_5_seconds_and_a_message_never_puts_it_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert sockets.RECHECK_SECONDS == 5.0
    seconds = Seconds()
    monkeypatch.setattr(sockets, "time", SimpleNamespace(monotonic=seconds.monotonic))
    websocket = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace()))
    socket = sockets.LiveSocket(websocket, None, "event", "token", None)  # type: ignore[arg-type]
    assert socket.recheck_seconds == 5.0
    assert socket.wait_seconds(socket.recheck_seconds) == 5.0
    seconds.at += 4.0  # a message came 4 s after the check: the next wait ends at the check's 5 s
    assert socket.wait_seconds(socket.recheck_seconds) == 1.0
    seconds.at += 0.9
    assert socket.wait_seconds(socket.recheck_seconds) == sockets.SHORTEST_WAIT


async def test_an_ended_session_closes_its_idle_socket_5_seconds_after_the_last_check(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seconds = Seconds()
    monkeypatch.setattr(sockets, "time", SimpleNamespace(monotonic=seconds.monotonic))
    async with live_sale(settings, tmp_path, buying_powers=()) as live:
        assert not hasattr(live.app.state, "live_recheck_seconds")  # the module's 5 s
        async with served(live.app) as base, watching(base, live.sale.event_id, live.token) as ws:
            await end_session(live.app.state.sessionmaker, live.token)
            # 4.9 s after the sign-in's check the socket still serves (no check is due yet).
            seconds.at += 4.9
            await ws.send(json.dumps({"type": "nonsense"}))
            assert (await received(ws))["type"] == "error"
            # At 5 s the sender checks at its next wake, with no message to send: the socket is closed.
            seconds.at += 0.1
            with pytest.raises(ConnectionClosed):
                await received(ws)
            assert (ws.close_code, ws.close_reason) == (
                4401,
                "Your session was ended by an administrator at 14:02.",
            )


async def test_a_database_away_keeps_open_sockets_and_turns_new_ones_away_for_now(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seconds = Seconds()
    monkeypatch.setattr(sockets, "time", SimpleNamespace(monotonic=seconds.monotonic))

    async def away(*args: object, **kwargs: object) -> None:
        raise OperationalError("SELECT 1", {}, Exception("the server closed the connection unexpectedly"))

    async with live_sale(settings, tmp_path, buying_powers=()) as live:
        event_id = live.sale.event_id
        async with served(live.app) as base, watching(base, event_id, live.token) as ws:
            monkeypatch.setattr(sockets.access, "check", away)
            # The check due at 5 s cannot reach the database: the socket stays and serves.
            seconds.at += 5.0
            await ws.send(json.dumps({"type": "nonsense"}))
            assert (await received(ws))["type"] == "error"
            # A socket that connects meanwhile is told to come back (1013), not failed (1011).
            async with connect(f"{base}/api/live/events/{event_id}") as other:
                await other.send(json.dumps({"type": "auth", "token": live.token}))
                with pytest.raises(ConnectionClosed) as closed:
                    await received(other)
                assert closed.value.rcvd is not None
                assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
                    1013,
                    "The live feed cannot reach the database; try again shortly.",
                )
            await ws.send(json.dumps({"type": "nonsense"}))
            assert (await received(ws))["type"] == "error"
