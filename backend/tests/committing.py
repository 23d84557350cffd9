"""An app on a fresh database of its own whose requests really commit, as in production: for the tests where
several requests race, which the rolled-back transaction of the ordinary `client` fixture cannot show."""

from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from httpx import ASGITransport, AsyncClient

from gavel.bootstrap import ensure_first_admin
from gavel.config import Settings
from gavel.core.passwords import configure_hashing
from gavel.db import make_engine, make_read_sessionmaker, make_sessionmaker, use_sessionmakers
from gavel.main import configure_services, create_app
from tests.conftest import migrated_database

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


@asynccontextmanager
async def committing_app(settings: Settings, folder: Path) -> AsyncIterator[tuple[Any, AsyncClient]]:
    with migrated_database(folder) as url:
        app = _app_for(settings.model_copy(update={"database_url": url}))
        try:
            async with app.state.sessionmaker() as session:
                await ensure_first_admin(session, app.state.settings)
                await session.commit()
            transport = ASGITransport(app=app, raise_app_exceptions=False)
            async with AsyncClient(transport=transport, base_url="http://testserver") as client:
                yield app, client
        finally:
            await app.state.engine.dispose()
            if _shape(app) == app.state.shape:
                _idle[app.state.idle_key].append(app)
