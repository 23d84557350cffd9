"""The end-to-end backend's movable clock: absent by default, guarded when present."""

from datetime import UTC, datetime
from typing import Any

from httpx import ASGITransport, AsyncClient

from gavel.config import Settings
from gavel.db import use_sessionmakers
from gavel.main import configure_services, create_app
from tests.factories import admin_headers


async def test_there_is_no_clock_to_move_by_default(client: AsyncClient) -> None:
    answer = await client.put(
        "/api/dev/clock", json={"now": "2031-05-01T12:00:00Z"}, headers=await admin_headers(client)
    )
    assert answer.status_code == 404


async def test_the_movable_clock_moves_the_sale_day(settings: Settings, app: Any) -> None:
    movable = create_app(settings.model_copy(update={"movable_clock": True}))
    configure_services(movable, settings.model_copy(update={"movable_clock": True}))
    use_sessionmakers(movable, app.state.sessionmaker)
    async with AsyncClient(transport=ASGITransport(app=movable), base_url="http://testserver") as client:
        anonymous = await client.put("/api/dev/clock", json={"now": "2031-05-01T12:00:00Z"})
        assert anonymous.status_code == 401
        moved = await client.put(
            "/api/dev/clock", json={"now": "2031-05-01T12:00:00Z"}, headers=await admin_headers(client)
        )
        assert moved.status_code == 200, moved.text
    assert abs((movable.state.clock.now() - datetime(2031, 5, 1, 12, tzinfo=UTC)).total_seconds()) < 60
    await movable.state.engine.dispose()
