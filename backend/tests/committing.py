"""An app on a fresh database of its own whose requests really commit, as in production: for the tests where
several requests race, which the rolled-back transaction of the ordinary `client` fixture cannot show."""

import time
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from httpx import ASGITransport, AsyncClient

from gavel.bootstrap import ensure_first_admin
from gavel.config import Settings
from gavel.core.passwords import configure_hashing
from gavel.db import make_engine, make_read_sessionmaker, make_sessionmaker, use_sessionmakers
from gavel.main import configure_services, create_app
from tests.conftest import lasting_database, migrated_database

T = TypeVar("T")

# Apps not in use, by their settings without the database URL. Building an app takes 0.3 to 0.8 s (its routes
# and their schemas), and only its engine depends on the database: an app is built once for the settings and
# then given each test's engine, sessions and services, as create_app gives them. An app in use by an open
# committing_app is never handed out twice (a test that opens two gets two), and one that a test changed (a
# route added, an override, a middleware, something else kept on its state) is not used again.
_idle: defaultdict[str, list[Any]] = defaultdict(list)
_GIVEN = {"engine", "sessionmaker", "read_sessionmaker", "settings", "clock", "idle_key", "shape"}
_GIVEN |= {"auth_service", "user_service", "member_service"}


def _shape(app: Any) -> tuple[Any, ...]:
    """What a test could change on the app and _app_for does not give again."""
    state = {k: id(v) for k, v in vars(app.state)["_state"].items() if k not in _GIVEN}
    return (
        tuple(map(id, app.router.routes)),
        tuple(map(id, app.user_middleware)),
        id(app.router.middleware_stack),
        tuple(sorted((str(k), id(v)) for k, v in app.exception_handlers.items())),
        tuple(sorted((id(k), id(v)) for k, v in app.dependency_overrides.items())),
        tuple(sorted(state.items())),
    )


def _app_for(settings: Settings) -> Any:
    key = settings.model_copy(update={"database_url": ""}).model_dump_json()
    app = _idle[key].pop() if _idle[key] else create_app(settings)
    configure_hashing(settings)
    engine = make_engine(settings.resolved_database_url)
    app.state.engine = engine
    use_sessionmakers(app, make_sessionmaker(engine), make_read_sessionmaker(engine))
    configure_services(app, settings)
    app.state.idle_key = key
    app.state.shape = None
    app.state.shape = _shape(app)
    return app


async def _first_admin(app: Any) -> None:
    async with app.state.sessionmaker() as session:
        await ensure_first_admin(session, app.state.settings)
        await session.commit()


def _release(app: Any) -> None:
    """The app back among the idle ones, unless the test changed it."""
    if _shape(app) == app.state.shape:
        _idle[app.state.idle_key].append(app)


@asynccontextmanager
async def committing_app(
    settings: Settings, folder: Path, *, seeded: str | None = None
) -> AsyncIterator[tuple[Any, AsyncClient]]:
    """`seeded`: the database to copy (a `lasting_database`'s URL) instead of the migrated template."""
    with migrated_database(folder, seeded=seeded) as url:
        app = _app_for(settings.model_copy(update={"database_url": url}))
        try:
            await _first_admin(app)
            transport = ASGITransport(app=app, raise_app_exceptions=False)
            async with AsyncClient(transport=transport, base_url="http://testserver") as client:
                yield app, client
        finally:
            await app.state.engine.dispose()
            _release(app)


# Seeded databases, by name and settings. Many tests begin alike: a sale built through the API, a second or
# more of requests on a fresh committing app. The first such test of the process builds it once into a
# database of its own; that test and each one after it get a copy (as cheap as a copy of the empty
# template), with what the builder answered (ids, the staff's headers). A test still runs on its own
# database whose requests commit, from the state the builder left.
@dataclass
class _Seed:
    url: str
    made: Any
    built: float  # time.monotonic()


_seeds: dict[str, _Seed] = {}
# The sessions a builder signs in (30 minutes idle at most) must still be live in the copies: a seed older
# than this is built again.
SEED_LIFETIME = 15 * 60


@asynccontextmanager
async def seeded_app(
    settings: Settings, folder: Path, name: str, build: Callable[[Any, AsyncClient], Awaitable[T]]
) -> AsyncIterator[tuple[Any, AsyncClient, T]]:
    """A committing app (as `committing_app`) on a copy of the database `build(app, client)` filled once
    per process for this name and settings; with what `build` answered (plain values: no app, client or
    session of its own may outlive it)."""
    key = f"{name} {settings.model_copy(update={'database_url': ''}).model_dump_json()}"
    seed = _seeds.get(key)
    if seed is None or time.monotonic() - seed.built > SEED_LIFETIME:
        url = lasting_database()
        app = _app_for(settings.model_copy(update={"database_url": url}))
        try:
            await _first_admin(app)
            transport = ASGITransport(app=app, raise_app_exceptions=False)
            async with AsyncClient(transport=transport, base_url="http://testserver") as client:
                made = await build(app, client)
        finally:
            await app.state.engine.dispose()
            _release(app)
        seed = _seeds[key] = _Seed(url, made, time.monotonic())
    async with committing_app(settings, folder, seeded=seed.url) as (app, client):
        yield app, client, seed.made
