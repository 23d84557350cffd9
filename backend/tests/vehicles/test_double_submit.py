"""The same status change sent twice at the same moment (a double click): both answer 200, one change is made
and audited, on a database whose requests really commit."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import ASGITransport, AsyncClient
from sqlalchemy import func, select

from gavel.audit.models import AuditEvent
from gavel.bootstrap import ensure_first_admin
from gavel.config import Settings
from gavel.main import create_app
from tests.conftest import migrated_database
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle


@pytest.fixture
async def committing_app(settings: Settings, tmp_path: Path) -> AsyncIterator[Any]:
    """An app on its own fresh database whose requests really commit, as in production."""
    with migrated_database(tmp_path) as url:
        app = create_app(settings.model_copy(update={"database_url": url}))
        async with app.state.sessionmaker() as session:
            await ensure_first_admin(session, app.state.settings)
            await session.commit()
        yield app
        await app.state.engine.dispose()


async def test_a_double_submitted_status_change_is_made_once(committing_app: Any) -> None:
    async with AsyncClient(
        transport=ASGITransport(app=committing_app), base_url="http://testserver"
    ) as client:
        admin = await admin_headers(client)
        seller = await approved_seller(client, admin)
        member = await client.post(
            "/api/members/create",
            json={
                "firstName": "Noura",
                "lastName": "Al Ketbi",
                "email": "noura@example.com",
                "phone": "0504445566",
                "memberIdentityNo": "P1234567",
                "memberTypes": ["buyer"],
                "memberEntity": "individual",
                "memberProfile": {"identityType": "passport", "identityExpiry": "2099-01-01"},
            },
            headers=admin,
        )
        assert member.status_code == 201, member.text
        created = await client.post("/api/vehicles/create", json=vehicle(seller["_id"], 5), headers=admin)
        assert created.status_code == 201, created.text
        calls = [
            (
                "/api/members/update-status",
                member.json()["data"]["_id"],
                {"status": "rejected", "reason": "Passport photo unreadable."},
            ),
            (
                "/api/vehicles/update-status",
                created.json()["data"]["_id"],
                {"status": "rejected", "reason": "Flood damage not declared."},
            ),
        ]
        for path, record_id, change in calls:
            body = {"ids": [record_id], **change}
            answers = await asyncio.gather(*(client.put(path, json=body, headers=admin) for _ in range(3)))
            assert [a.status_code for a in answers] == [200, 200, 200], [a.text for a in answers]
            async with committing_app.state.sessionmaker() as session:
                changes = await session.scalar(
                    select(func.count())
                    .select_from(AuditEvent)
                    .where(AuditEvent.entity_id == record_id, AuditEvent.action.like("%.status_changed"))
                )
            assert changes == 1, path
