"""Test harness: a migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL), one rolled-back
transaction per test, an SMTP server that keeps the mails, and an httpx client on the app."""

import asyncio
import atexit
import os
import shutil
import socket
import sqlite3
import tempfile
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from httpx import ASGITransport, AsyncClient
from sqlalchemy import Engine, create_engine, make_url, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.config import Settings, normalise_database_url
from gavel.db import make_engine, make_sessionmaker, use_sessionmakers
from gavel.devtools import MailFolder, start_sink
from gavel.main import configure_services, create_app
from gavel.migrate import sync_url, upgrade
from gavel.wiring import connect_handlers

# Services called without the app publish domain events too: their reactions are connected for every test.
connect_handlers()

ADMIN_EMAIL = "admin@example.com"
ADMIN_PASSWORD = "Gavel-Admin-2026!"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# The migrations run once per pytest process, into a template; every migrated database is a copy of it (an
# Alembic upgrade takes seconds, and each test on a committing app, tests/committing.py, asks for one).
_templates: dict[str, str] = {}


def _sqlite_template() -> str:
    """A SQLite file migrated to head, made on first use and removed when the process ends."""
    if "sqlite" not in _templates:
        folder = Path(tempfile.mkdtemp(prefix="gavel-template-"))
        atexit.register(shutil.rmtree, folder, True)
        upgrade(f"sqlite+aiosqlite:///{folder / 'template.db'}")
        _templates["sqlite"] = str(folder / "template.db")
    return _templates["sqlite"]


# On PostgreSQL a test database's commits do not wait for their WAL to reach the disk (10 ms a commit on the
# shared machine, 1.5 ms without): only a crash of the server could lose them, and no test crashes it. What a
# commit makes visible and the locks it takes are unchanged, so races race as before.
FAST_COMMITS = {"options": "-csynchronous_commit=off"}  # no space: libpq reads a URL's + as +


def _database_url(base: str, name: str) -> str:
    url = make_url(base).set(database=name)
    if "options" not in url.query:
        url = url.update_query_dict(FAST_COMMITS)
    return url.render_as_string(hide_password=False)


def _postgres_template(base: str, admin: Engine) -> str:
    """A PostgreSQL database migrated to head (its name), made on first use, dropped when the process ends."""
    if "postgres" not in _templates:
        name = f"gavel_template_{uuid.uuid4().hex[:10]}"
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        atexit.register(_drop_database, sync_url(base), name)
        upgrade(_database_url(base, name))
        _templates["postgres"] = name
    return _templates["postgres"]


def _drop_database(url: str, name: str) -> None:
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def _sqlite_copy(source: str, target: Path) -> None:
    with closing(sqlite3.connect(source)) as old, closing(sqlite3.connect(target)) as copy:
        old.backup(copy)


@contextmanager
def migrated_database(folder: Path, *, seeded: str | None = None) -> Iterator[str]:
    """A freshly migrated database: a SQLite file in the folder, or a new database on PostgreSQL's server
    (TEST_DATABASE_URL's), each a copy of the process's migrated template, or of `seeded` (the URL of a
    `lasting_database` a test filled, tests/committing.py's `seeded_app`)."""
    pg = os.environ.get("TEST_DATABASE_URL")
    if not pg:
        target = folder / "test.db"
        _sqlite_copy(_sqlite_template() if seeded is None else str(make_url(seeded).database), target)
        yield f"sqlite+aiosqlite:///{target}"
        return

    base = normalise_database_url(pg)
    admin = create_engine(sync_url(base), isolation_level="AUTOCOMMIT")
    template = _postgres_template(base, admin) if seeded is None else make_url(seeded).database
    name = f"gavel_test_{uuid.uuid4().hex[:10]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    try:
        yield _database_url(base, name)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def lasting_database() -> str:
    """A migrated database that lives until the process ends (its URL): one a test fills once, for
    `migrated_database(seeded=...)` to copy for each test after it."""
    pg = os.environ.get("TEST_DATABASE_URL")
    if not pg:
        folder = Path(tempfile.mkdtemp(prefix="gavel-seed-"))
        atexit.register(shutil.rmtree, folder, True)
        _sqlite_copy(_sqlite_template(), folder / "seed.db")
        return f"sqlite+aiosqlite:///{folder / 'seed.db'}"
    base = normalise_database_url(pg)
    admin = create_engine(sync_url(base), isolation_level="AUTOCOMMIT")
    name = f"gavel_seed_{uuid.uuid4().hex[:10]}"
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{_postgres_template(base, admin)}"'))
    finally:
        admin.dispose()
    atexit.register(_drop_database, sync_url(base), name)
    return _database_url(base, name)


@pytest.fixture
def empty_database(tmp_path: Path) -> Iterator[str]:
    """An empty database for the migration tests: a SQLite file or a new PostgreSQL schema."""
    pg = os.environ.get("TEST_DATABASE_URL")
    if not pg:
        yield f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"
        return
    schema = f"gavel_empty_{uuid.uuid4().hex[:10]}"
    base = normalise_database_url(pg)
    admin = create_engine(sync_url(base), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with migrated_database(tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture(scope="session")
def mail_sink(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, MailFolder]]:
    port = _free_port()
    controller, handler = start_sink(tmp_path_factory.mktemp("mail"), port=port)
    yield port, handler
    controller.stop()


@pytest.fixture(scope="session")
def base_settings(
    database_url: str, tmp_path_factory: pytest.TempPathFactory, mail_sink: tuple[int, MailFolder]
) -> Settings:
    port, _ = mail_sink
    folder = tmp_path_factory.mktemp("app")
    return Settings(
        database_url=database_url,
        data_dir=folder / "data",
        spa_dir=folder / "no-spa",
        admin_email=ADMIN_EMAIL,
        admin_password=ADMIN_PASSWORD,
        smtp_host="127.0.0.1",
        smtp_port=port,
        log_json=False,
        run_jobs=False,  # tests run the clock jobs themselves, with their own clock
        dispatch_lanes=1,  # a test's sessions share one connection: one batch in flight at a time
        # Cheap hashes keep the suite fast; test_passwords checks the production parameters.
        password_hash_time_cost=1,
        password_hash_memory_kib=1024,
        password_hash_parallelism=1,
    )


def engine_of_the_run(database_url: str) -> Iterator[AsyncEngine]:
    engine = make_engine(database_url)  # on SQLite it also lets SAVEPOINT through (gavel.db)
    yield engine
    engine.sync_engine.dispose(close=False)


@pytest.fixture(scope="session")
def run_engine(database_url: str) -> Iterator[AsyncEngine]:
    """The engine of the run: its dialect and its cache of compiled statements serve every test (an engine
    per test compiled each statement again in each test: a quarter of the suite's time). It connects only
    inside a test, whose connections are closed at its end (each test has an event loop of its own)."""
    yield from engine_of_the_run(database_url)


@dataclass(frozen=True)
class DemoDatabase:
    settings: Settings  # its database_url, and its data_dir with the uploads (the vehicles' photos)
    loaded_from: datetime  # the time just before the demo was loaded


async def _load_demo(settings: Settings) -> None:
    from gavel.bootstrap import ensure_first_admin
    from gavel.demo.loader import load_demo
    from gavel.storage import file_store

    engine = make_engine(settings.resolved_database_url)
    try:
        async with make_sessionmaker(engine)() as session:
            await ensure_first_admin(session, settings)
            assert await load_demo(session, file_store(settings)) is True
            await session.commit()
    finally:
        await engine.dispose()


@pytest.fixture(scope="session")
def demo_database(
    base_settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[DemoDatabase]:
    """A migrated database with the first administrator and the demo data, loaded once per run (loading it
    takes 20 s on a quiet machine, and the demo's checks, the log scan and the backup tests each loaded it
    again). Its tests read it in a rolled-back transaction (a `run_engine` on it) or back it up: none
    changes it."""
    folder = tmp_path_factory.mktemp("demo")
    with migrated_database(folder) as url:
        settings = base_settings.model_copy(update={"database_url": url, "data_dir": folder / "data"})
        loaded_from = datetime.now(UTC)
        # In a thread of its own: no event loop of the tests is touched.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, _load_demo(settings)).result()
        yield DemoDatabase(settings, loaded_from)


@pytest.fixture
async def engine(run_engine: AsyncEngine) -> AsyncIterator[AsyncEngine]:
    """This test's engine: the run's pool, dialect and compiled statements, with event listeners of its own
    (a listener a test adds goes with it)."""
    yield run_engine.execution_options()
    await run_engine.dispose()


@pytest.fixture
async def db(engine: AsyncEngine) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """A sessionmaker inside one outer transaction that is rolled back after the test."""
    async with engine.connect() as conn:
        outer = await conn.begin()
        maker = async_sessionmaker(
            bind=conn, expire_on_commit=False, join_transaction_mode="create_savepoint"
        )
        yield maker
        await outer.rollback()


@pytest.fixture
def settings(base_settings: Settings) -> Settings:
    """This test's settings: a copy that a test may change without touching the others."""
    return base_settings.model_copy()


@pytest.fixture(scope="session")
def shared_app(base_settings: Settings) -> Any:
    """One app for the run (building one is slow); each test gives it its own settings and database."""
    return create_app(base_settings)


@pytest.fixture
async def app(
    shared_app: Any, settings: Settings, db: async_sessionmaker[AsyncSession]
) -> AsyncIterator[Any]:
    from gavel.bootstrap import ensure_first_admin

    configure_services(shared_app, settings)
    use_sessionmakers(shared_app, db)  # reads too: every request inside the test's transaction
    async with db() as session:
        await ensure_first_admin(session, settings)
        await session.commit()
    yield shared_app


@pytest.fixture
def deliver(
    app: Any, settings: Settings, db: async_sessionmaker[AsyncSession]
) -> Callable[[], Awaitable[int]]:
    """Runs the alerts' dispatcher once, synchronously, with the app's clock and this test's settings (mail
    through the SMTP sink, SMS and WhatsApp to the local outbox): call it before reading a mail."""
    from gavel.alerts.delivery.dispatcher import deliver_due

    async def run() -> int:
        return await deliver_due(db, app.state.clock, settings)

    return run


@pytest.fixture
async def client(app: Any) -> AsyncIterator[AsyncClient]:
    transport = ASGITransport(app=app, raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://testserver") as c:
        yield c


@pytest.fixture
async def session(db: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    async with db() as s:
        yield s
