"""An app on a fresh database of its own whose requests really commit, as in production: for the tests where
several requests race, which the rolled-back transaction of the ordinary `client` fixture cannot show."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from httpx import ASGITransport, AsyncClient

from gavel.bootstrap import ensure_first_admin
from gavel.config import Settings
from gavel.main import create_app
from tests.conftest import migrated_database


@asynccontextmanager
async def committing_app(settings: Settings, folder: Path) -> AsyncIterator[tuple[Any, AsyncClient]]:
    with migrated_database(folder) as url:
        app = create_app(settings.model_copy(update={"database_url": url}))
        async with app.state.sessionmaker() as session:
            await ensure_first_admin(session, app.state.settings)
            await session.commit()
        transport = ASGITransport(app=app, raise_app_exceptions=False)
        async with AsyncClient(transport=transport, base_url="http://testserver") as client:
            yield app, client
        await app.state.engine.dispose()
