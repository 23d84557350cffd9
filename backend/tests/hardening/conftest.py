"""Issue 16: a database connection lost under a request, a database that is down, a file store that is full or
read-only. The connection is broken deterministically, at a chosen statement:

- on PostgreSQL (TEST_DATABASE_URL) for real: a second connection ends the request's server process with
  pg_terminate_backend just before the statement runs, so the driver meets a closed connection;
- on SQLite, which has no server to lose, the driver's OperationalError is raised at that statement and
  SQLAlchemy is told it is a disconnect (the `handle_error` event), so it invalidates the connection and the
  pool exactly as it does for a real one.
"""

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from httpx import AsyncClient
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url

from gavel.config import Settings, normalise_database_url
from tests.committing import committing_app

MARK = "gavel-test: connection lost"
ON_POSTGRES = bool(os.environ.get("TEST_DATABASE_URL"))


def plain_postgres_url() -> str:
    """TEST_DATABASE_URL for psycopg itself (a second connection, beside the app's)."""
    url = make_url(normalise_database_url(os.environ["TEST_DATABASE_URL"])).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Breaker:
    """Breaks the connection of the next `times` statements that contain `match` (or of the COMMIT)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.match = ""
        self.times = 0
        self.fired = 0
        self.seen = 0  # statements that contained `match`, broken or not

    def arm(self, match: str, times: int = 1) -> "Breaker":
        self.match, self.times, self.fired, self.seen = match, times, 0, 0
        return self

    def _break(self, conn: Any) -> None:
        self.fired += 1
        if ON_POSTGRES:
            pid = conn.connection.driver_connection.info.backend_pid
            with psycopg.connect(plain_postgres_url(), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
        else:
            raise conn.dialect.loaded_dbapi.OperationalError(MARK)

    def before_cursor_execute(self, conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if self.match and self.match != "COMMIT" and self.match in statement:
            self.seen += 1
            if self.fired < self.times:
                self._break(conn)

    def commit(self, conn: Any) -> None:
        if self.match == "COMMIT" and self.fired < self.times:
            self._break(conn)

    @staticmethod
    def handle_error(context: Any) -> None:
        if MARK in str(context.original_exception):
            context.is_disconnect = True


@pytest.fixture
async def committing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[Any, AsyncClient]]:
    """An app on a database of its own whose requests really commit (a lost connection loses them)."""
    async with committing_app(settings, tmp_path) as (app, client):
        yield app, client


@pytest.fixture
def breaker(committing: tuple[Any, AsyncClient]) -> Iterator[Breaker]:
    engine = committing[0].state.engine.sync_engine
    broken = Breaker(engine)
    event.listen(engine, "before_cursor_execute", broken.before_cursor_execute)
    event.listen(engine, "commit", broken.commit)
    event.listen(engine, "handle_error", Breaker.handle_error)
    yield broken
    event.remove(engine, "before_cursor_execute", broken.before_cursor_execute)
    event.remove(engine, "commit", broken.commit)
    event.remove(engine, "handle_error", Breaker.handle_error)
