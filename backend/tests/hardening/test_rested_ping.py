"""A pooled connection is pinged before a request uses it only when it rested (gavel.db._ping_after_a_pause):
a busy pool pays no round trip per request, and a connection that died while it rested is replaced unseen,
even for a write, which is never tried twice."""

from typing import Any

import psycopg
import pytest
from httpx import AsyncClient
from sqlalchemy import text

import gavel.db
from tests.factories import admin_headers
from tests.hardening.conftest import ON_POSTGRES, plain_postgres_url

ROLE = {"name": "Night shift", "permissions": []}


def counted_pings(app: Any, monkeypatch: pytest.MonkeyPatch, *, dead: bool = False) -> list[str]:
    """Every ping of the app's pool; with dead=True the first one fails as a dead connection's would (on
    SQLite, which has no server to lose; on PostgreSQL the connection is really ended instead)."""
    dialect = app.state.engine.sync_engine.dialect
    real = dialect.do_ping
    pings: list[str] = []

    def do_ping(dbapi_connection: Any) -> bool:
        pings.append("ping")
        if dead and len(pings) == 1:
            raise dialect.loaded_dbapi.OperationalError("the server closed the connection")
        return bool(real(dbapi_connection))

    monkeypatch.setattr(dialect, "do_ping", do_ping)
    return pings


async def test_a_busy_connection_goes_out_without_a_ping(
    committing: tuple[Any, AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, client = committing
    headers = await admin_headers(client)
    monkeypatch.setattr(gavel.db, "PING_AFTER_IDLE", 3600.0)  # nothing has rested that long
    pings = counted_pings(app, monkeypatch)
    for _ in range(3):
        assert (await client.post("/api/role/get", json={}, headers=headers)).status_code == 200
    assert pings == []
    monkeypatch.setattr(gavel.db, "PING_AFTER_IDLE", 0.0)  # everything has rested that long
    assert (await client.post("/api/role/get", json={}, headers=headers)).status_code == 200
    assert pings == ["ping"]


async def test_a_connection_that_died_while_it_rested_is_replaced_before_a_write_uses_it(
    committing: tuple[Any, AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, client = committing
    headers = await admin_headers(client)
    monkeypatch.setattr(gavel.db, "PING_AFTER_IDLE", 0.0)
    pings = counted_pings(app, monkeypatch, dead=not ON_POSTGRES)
    if ON_POSTGRES:  # end the server process of the one connection resting in the pool
        async with app.state.engine.connect() as conn:
            pid = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        assert app.state.engine.sync_engine.pool.checkedin() == 1
        pings.clear()
        with psycopg.connect(plain_postgres_url(), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
    created = await client.post("/api/role/create", json=ROLE, headers=headers)
    assert created.status_code == 201, created.text
    assert len(pings) >= 2, "the dead connection failed its ping and a new one was pinged"
    roles = await client.post("/api/role/get", json={"search": ROLE["name"]}, headers=headers)
    assert [r["name"] for r in roles.json()["roles"]] == [ROLE["name"]]
