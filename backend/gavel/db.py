"""Engine, session dependency and the declarative Base with a constraint naming convention."""

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any
from uuid import uuid4

from fastapi import Depends, Request
from psycopg.pq import TransactionStatus
from sqlalchemy import DateTime, MetaData, Numeric, String, event, literal, make_url, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.sql.dml import UpdateBase
from sqlalchemy.types import TypeDecorator

log = logging.getLogger("gavel.db")

CONNECT_TIMEOUT = 5  # seconds
# A connection that rested at least this long (seconds) is pinged before a request uses it.
PING_AFTER_IDLE = 1.0
RESTED_SINCE = "gavel_rested_since"

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every engine (SQLite keeps no zone of its own)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetimes are not stored")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def is_read(method: str, path: str) -> bool:
    """Which requests are reads: GET or HEAD, or POST on an API path ending in /get (SPEC.md's list calls take
    their filters in a body). A read runs without a transaction block on PostgreSQL (`get_session`) and may
    run twice (core.database_retry).

    A read writes nothing a client could see twice: at most the auth guard's session touch and a key made
    once (tests/hardening/test_reads_write_nothing holds every read route to that)."""
    if method in ("GET", "HEAD"):
        return True
    return method == "POST" and path.startswith("/api/") and path.endswith("/get")


CENT = Decimal("0.01")


class _WholeFils(Numeric[Decimal]):
    """NUMERIC(14, 2) in SQLite's DDL (so the schema matches the migrations) that passes integers through."""

    def bind_processor(self, dialect: Any) -> None:
        return None

    def result_processor(self, dialect: Any, coltype: Any) -> None:
        return None


class Amount(TypeDecorator[Decimal]):
    """An amount of money in AED with two places: NUMERIC(14, 2) on PostgreSQL, whole fils on SQLite.

    SQLite has no decimal type: its NUMERIC keeps 0.10 as a binary float, so a SUM over many amounts drifts
    away from the fils. There the amount is stored as an integer count of fils, which SQLite adds exactly, and
    read back as a Decimal. Amounts are compared in SQL (bands, filters) and summed, never multiplied there:
    a literal multiplied with an amount would be read as fils on SQLite.
    """

    impl = Numeric(14, 2)
    cache_ok = True

    def load_dialect_impl(self, dialect: Any) -> Any:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(_WholeFils(14, 2))
        return dialect.type_descriptor(Numeric(14, 2))

    def process_bind_param(self, value: Any, dialect: Any) -> Any:
        if value is None:
            return None
        amount = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
        amount = amount.quantize(CENT, rounding=ROUND_HALF_UP)
        return int(amount * 100) if dialect.name == "sqlite" else amount

    def process_result_value(self, value: Any, dialect: Any) -> Decimal | None:
        if value is None:
            return None
        if dialect.name == "sqlite":
            return (Decimal(int(value)) / 100).quantize(CENT)
        return Decimal(value).quantize(CENT)


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return uuid4().hex


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {datetime: UTCDateTime()}


class IdMixin:
    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    if (
        type(dbapi_connection).__module__.startswith(("sqlite3", "aiosqlite"))
        or "sqlite" in type(dbapi_connection).__module__
    ):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()


def _sqlite_writers_take_turns(engine: AsyncEngine) -> None:
    """Every transaction on SQLite starts with BEGIN IMMEDIATE.

    SQLite has one writer at a time. A deferred transaction that reads and then writes cannot wait for the
    writer before it: it fails at once with 'database is locked' when another one committed in between. Taking
    the write lock at BEGIN makes concurrent requests wait their turn (busy_timeout) and then see what the one
    before them committed, so a duplicate is found by the service or refused by the unique index as on
    PostgreSQL. pysqlite's own transaction handling is switched off so that SQLAlchemy's BEGIN (and its
    SAVEPOINTs) reach the database as written.
    """

    @event.listens_for(engine.sync_engine, "connect")
    def _connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """The engine of the app and the jobs.

    A database that restarts or drops a connection: every connection that rested is pinged before it is
    handed out (a dead one is replaced, unseen by the request: _ping_after_a_pause), and a connection that
    breaks under a request is invalidated together with every connection of the pool opened before it
    (SQLAlchemy's default on a disconnect). On PostgreSQL a server that does not answer a new connection
    within CONNECT_TIMEOUT seconds is a 503 at once rather than a request hanging on the TCP timeout.
    """
    if make_url(url).get_backend_name() == "postgresql" and "connect_timeout" not in url:
        kwargs.setdefault("connect_args", {}).setdefault("connect_timeout", CONNECT_TIMEOUT)
    # hide_parameters: an error never quotes the statement's values (members' personal data) in a log line.
    engine = create_async_engine(url, hide_parameters=True, **kwargs)
    _ping_after_a_pause(engine)
    if engine.dialect.name == "sqlite":
        _sqlite_writers_take_turns(engine)
    return engine


def _ping_after_a_pause(engine: AsyncEngine) -> None:
    """pool_pre_ping, for the connections that rested: a connection handed back less than PING_AFTER_IDLE
    seconds ago goes out without its ping (a round trip, a quarter of a millisecond of every request under
    load, issue 16). One that died within that second (a restart) fails its request as it would have
    failed mid-request: a read is tried again on a fresh connection (core.database_retry), a write answers
    503, within the outage and one second. A failed ping replaces the connection, unseen by the request."""
    pool = engine.sync_engine.pool

    @event.listens_for(pool, "connect")
    def _connected(dbapi_connection: Any, record: Any) -> None:
        record.info[RESTED_SINCE] = time.monotonic()

    @event.listens_for(pool, "checkin")
    def _handed_back(dbapi_connection: Any, record: Any) -> None:
        record.info[RESTED_SINCE] = time.monotonic()

    @event.listens_for(pool, "checkout")
    def _handed_out(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        if time.monotonic() - record.info.get(RESTED_SINCE, 0.0) < PING_AFTER_IDLE:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # the pool replaces this connection and tries a new one
            raise DisconnectionError("the connection did not answer its ping") from error


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=True)


def make_read_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The sessions of reads (is_read): on PostgreSQL without a transaction block (autocommit).

    Under READ COMMITTED every statement already sees its own snapshot, so a transaction gives a read
    nothing; its BEGIN and COMMIT were two of a list request's five round trips (issue 16). A read's only
    writes (the session touch, a key made once) are single statements. A read that needs a transaction
    block (SET LOCAL) opens one: set_local. SQLite keeps its transactions: there a reader's transaction is
    what keeps one snapshot across a request's statements while another connection writes."""
    if engine.dialect.name != "postgresql":
        return make_sessionmaker(engine)
    return make_sessionmaker(engine.execution_options(isolation_level="AUTOCOMMIT"))


def use_sessionmakers(app: Any, maker: async_sessionmaker[AsyncSession], read_maker: Any = None) -> None:
    """The sessions of the app's requests: `maker` for writes, `read_maker` (by default `maker`) for reads."""
    app.state.sessionmaker = maker
    app.state.read_sessionmaker = read_maker or maker


async def set_local(session: AsyncSession, setting: str) -> None:
    """SET LOCAL for the rest of the transaction, on PostgreSQL (nothing on SQLite). A read's session has no
    transaction block (make_read_sessionmaker), where SET LOCAL would change nothing: it gets one here,
    which the request's commit ends (the driver commits an open transaction even in autocommit mode)."""
    if session.get_bind().dialect.name != "postgresql":
        return
    connection = await session.connection()
    driver = (await connection.get_raw_connection()).driver_connection
    if driver is not None and driver.autocommit and driver.info.transaction_status == TransactionStatus.IDLE:
        await connection.exec_driver_sql("BEGIN")
    await connection.exec_driver_sql(f"SET LOCAL {setting}")


async def transaction_of(session: AsyncSession, *, innermost: bool = False) -> object:
    """The session's transaction, begun if none is; with `innermost`, a savepoint's if one is open: what a
    value read once per transaction is kept with (`kept`, `keep`)."""
    if not session.in_transaction():
        await session.connection()
    sync = session.sync_session
    return (innermost and sync.get_nested_transaction()) or sync.get_transaction()


def kept(session: AsyncSession, key: str, transaction: object) -> Any:
    """The value kept in `session.info` under `key` for `transaction`, or None. One kept for an earlier
    transaction is let go, so that the session no longer holds it."""
    held = session.info.pop(key, None)
    if held is None or held[0] is not transaction:
        return None
    session.info[key] = held
    return held[1]


def keep(session: AsyncSession, key: str, transaction: object, value: Any) -> None:
    """`value` kept in `session.info` under `key` for `transaction` (`kept`)."""
    session.info[key] = (transaction, value)


class WritesTogether:
    """Inserts, updates and deletes without RETURNING, built once with bound parameters (`bindparam`) and
    sent with each call's values, after the session's pending changes: on PostgreSQL as one statement (each
    a data-modifying WITH of `SELECT 1`), one round trip; on SQLite one after another. They run on one
    snapshot, so none may read what another writes, and no row may be changed by two of them (PostgreSQL
    leaves the outcome of that undefined).

    Built once, because a statement built anew costs SQLAlchemy more CPU than its round trip (every value
    coerced, the cache key walked): a writer that sends the same shape many times (a bid's writes) keeps one
    of these per shape. The parameters' names must not be the columns' own (SQLAlchemy keeps those)."""

    def __init__(self, statements: Sequence[UpdateBase]) -> None:
        self.statements = tuple(statements)
        self._one = (
            select(literal(1)).add_cte(*(s.cte(f"write_{n}") for n, s in enumerate(self.statements)))
            if len(self.statements) > 1
            else None
        )

    async def send(self, session: AsyncSession, params: dict[str, Any]) -> None:
        await session.flush()
        connection = await session.connection()
        if self._one is not None and connection.dialect.name == "postgresql":
            await connection.execute(self._one, params)
            return
        for statement in self.statements:
            await connection.execute(statement, params)


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """One session per request, committed once at its end; a failure rolls everything back. A read's session
    has no transaction block on PostgreSQL (make_read_sessionmaker).

    A failure of the rollback or of the close (the connection is already gone) never takes the place of the
    request's own error, nor turns a committed request into a failure: the pool has invalidated that
    connection, and the request's answer is what its statements and its COMMIT said.
    """
    state = request.app.state
    read = is_read(request.scope["method"], request.scope["path"])
    maker: async_sessionmaker[AsyncSession] = state.read_sessionmaker if read else state.sessionmaker
    session = maker()
    try:
        yield session
        await session.commit()
    except BaseException:
        await _quietly(session.rollback, "rollback")
        raise
    finally:
        # shielded as AsyncSession's own `async with` does: a cancelled request still returns its connection
        await _quietly(lambda: asyncio.shield(session.close()), "close")


async def _quietly(step: Callable[[], Awaitable[None]], what: str) -> None:
    try:
        await step()
    except (SQLAlchemyError, OSError) as exc:
        log.warning("session %s failed on a broken connection", what, extra={"reason": str(exc)[:200]})


# scope="function": the commit happens before the response is sent, so a failed commit is never a 200.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
