"""A read runs without a transaction block on PostgreSQL (gavel.db.make_read_sessionmaker), a write in one;
SET LOCAL in a read still takes effect for that request alone (gavel.db.set_local). On SQLite both keep
their transactions."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.db import SessionDep, set_local


def _mode(session: AsyncSession, connection: Any) -> dict[str, Any]:
    postgres = session.bind.dialect.name == "postgresql"
    return {"autocommit": postgres and bool(connection.driver_connection.autocommit)}


async def _probe_routes(app: Any) -> None:
    @app.post("/api/test-session-probe/get")
    async def read(session: SessionDep) -> dict[str, Any]:
        connection = await (await session.connection()).get_raw_connection()
        mode = _mode(session, connection)
        await set_local(session, "work_mem = '77MB'")
        if session.bind.dialect.name == "postgresql":
            mode["work_mem"] = await session.scalar(text("SHOW work_mem"))
        return mode

    @app.post("/api/test-session-probe/create")
    async def write(session: SessionDep) -> dict[str, Any]:
        connection = await (await session.connection()).get_raw_connection()
        mode = _mode(session, connection)
        if session.bind.dialect.name == "postgresql":
            mode["work_mem"] = await session.scalar(text("SHOW work_mem"))
        return mode

    for _ in range(2):  # before the SPA's catch-all
        app.router.routes.insert(0, app.router.routes.pop())


async def test_reads_have_no_transaction_block_and_set_local_stays_in_the_request(
    committing: tuple[Any, AsyncClient],
) -> None:
    app, client = committing
    await _probe_routes(app)
    postgres = app.state.engine.dialect.name == "postgresql"
    baseline = (await client.post("/api/test-session-probe/create")).json().get("work_mem")
    for _ in range(3):  # the same pooled connection, used by reads and writes in turn
        read = (await client.post("/api/test-session-probe/get")).json()
        write = (await client.post("/api/test-session-probe/create")).json()
        assert read["autocommit"] is postgres
        assert write["autocommit"] is False
        if postgres:
            assert read["work_mem"] == "77MB"  # the read got its transaction block for SET LOCAL
            assert write["work_mem"] == baseline != "77MB"  # it ended with the request: nothing left behind
