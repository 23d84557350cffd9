"""Two requests that register the same VIN at the same moment: the unique index lets exactly one through."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import ASGITransport, AsyncClient

from gavel.bootstrap import ensure_first_admin
from gavel.config import Settings
from gavel.main import create_app
from tests.conftest import migrated_database
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle

DUPLICATE = "Enter Unique Vin Number"


@pytest.fixture
async def committing_client(settings: Settings, tmp_path: Path) -> AsyncIterator[AsyncClient]:
    """An app on its own fresh database whose requests really commit, as in production."""
    with migrated_database(tmp_path) as url:
        app = create_app(settings.model_copy(update={"database_url": url}))
        async with app.state.sessionmaker() as session:
            await ensure_first_admin(session, app.state.settings)
            await session.commit()
        async with AsyncClient(transport=ASGITransport(app=app), base_url="http://testserver") as client:
            yield client
        await app.state.engine.dispose()


async def test_two_racing_creates_with_one_vin_give_one_vehicle(committing_client: AsyncClient) -> None:
    admin = await admin_headers(committing_client)
    seller = await approved_seller(committing_client, admin)
    body = vehicle(seller["_id"], 42)

    async def create() -> Any:
        return await committing_client.post("/api/vehicles/create", json=body, headers=admin)

    first, second = await asyncio.gather(create(), create())
    assert sorted([first.status_code, second.status_code]) == [201, 409]
    refused = first if first.status_code == 409 else second
    # The later request finds the VIN before writing (and names the lot) or meets the unique index.
    assert refused.json()["message"] in (
        "Enter Unique Vin Number",
        f"{DUPLICATE}: Lot 1000 already has this VIN.",
    )
    assert refused.json()["errors"][0]["field"] == "vinNumber"
    listed = await committing_client.post("/api/vehicles/get", json={}, headers=admin)
    assert len(listed.json()["data"]["vehicles"]) == 1
