"""The lots' WebSocket lets in only a live staff session whose role may view Auctions, checked as the guards
check a bearer token; everyone else is closed with 4401 or 4403 and a sentence. A session ended while its
socket is open closes the socket at its next check."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import update
from websockets.exceptions import ConnectionClosed

from gavel.auth.models import UserSession
from gavel.auth.security import token_digest
from gavel.auth.service import ENDED_BY_ADMIN
from gavel.bidding.live import sockets
from gavel.config import Settings
from gavel.permissions import Module, Privilege
from tests.bidding.live_harness import live_sale, received, refusal, served, watching
from tests.factories import STAFF_PASSWORD, login, make_staff

ENDED_AT = datetime(2026, 11, 29, 10, 2, 40, tzinfo=UTC)  # 14:02 in Dubai


def auth(token: str) -> str:
    return json.dumps({"type": "auth", "token": token})


async def end_session(sessions: object, token: str) -> None:
    async with sessions() as session:  # type: ignore[operator]
        ended = (
            update(UserSession)
            .where(UserSession.token_hash == token_digest(token))
            .values(ended_at=ENDED_AT, end_reason=ENDED_BY_ADMIN)
        )
        await session.execute(ended)
        await session.commit()


async def test_a_socket_without_a_live_staff_session_or_the_privilege_is_refused(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with live_sale(settings, tmp_path, buying_powers=()) as live:
        event = live.sale.event_id
        sessions = live.app.state.sessionmaker
        await make_staff(sessions, "viewer@example.com", grants={Module.AUCTIONS: {Privilege.VIEW}})
        await make_staff(sessions, "members@example.com", grants={Module.MEMBERS: {Privilege.VIEW}})
        await make_staff(sessions, "ended@example.com", grants={Module.AUCTIONS: {Privilege.VIEW}})
        viewer = (await login(live.client, "viewer@example.com", STAFF_PASSWORD))["token"]
        members_only = (await login(live.client, "members@example.com", STAFF_PASSWORD))["token"]
        ended = (await login(live.client, "ended@example.com", STAFF_PASSWORD))["token"]
        await end_session(sessions, ended)
        async with served(live.app) as base:
            first = 'Send {"type": "auth", "token": "..."} first, within 5 seconds.'
            assert await refusal(base, event, json.dumps({"type": "resync", "lots": {}})) == (4401, first)
            assert await refusal(base, event, "not json") == (4401, first)
            assert await refusal(base, event, auth("")) == (4401, "Please sign in to continue.")
            assert await refusal(base, event, auth("no-such-token")) == (
                4401,
                "Your session has ended. Please sign in again.",
            )
            assert await refusal(base, event, auth(ended)) == (
                4401,
                "Your session was ended by an administrator at 14:02.",
            )
            assert await refusal(base, event, auth(members_only)) == (
                4403,
                "You do not have permission to view Auctions.",
            )
            assert await refusal(base, "no-such-event", auth(viewer)) == (
                4404,
                "This auction event does not exist.",
            )
            monkeypatch.setattr(sockets, "AUTH_SECONDS", 0.05)
            assert await refusal(base, event) == (4401, "No sign-in arrived within 5 seconds.")

            async with watching(base, event, viewer) as ws:
                await ws.send(json.dumps({"type": "watch", "laneId": None}))
                await ws.send(json.dumps({"type": "nonsense"}))
                assert await received(ws) == {
                    "type": "error",
                    "message": 'Unknown message type: send "resync" or "watch".',
                }


async def test_a_session_ended_while_its_socket_is_open_closes_the_socket_at_the_next_check(
    settings: Settings, tmp_path: Path
) -> None:
    async with live_sale(settings, tmp_path, buying_powers=()) as live:
        (lot,) = await live.sale.lots()
        live.app.state.live_recheck_seconds = 0  # every message sent checks the session first
        async with served(live.app) as base, watching(base, live.sale.event_id, live.token) as ws:
            await live.sale.opened(lot.id)
            opened = await received(ws)
            assert (opened["type"], opened["kind"], opened["sequence"]) == ("lot_event", "opened", 1)

            await end_session(live.app.state.sessionmaker, live.token)
            await live.sale.bid(lot.id, live.sale.floor(15000))
            with pytest.raises(ConnectionClosed):
                await received(ws)
            assert (ws.close_code, ws.close_reason) == (
                4401,
                "Your session was ended by an administrator at 14:02.",
            )
