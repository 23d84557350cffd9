"""Two administrators end the same session at the same moment, on an app whose requests really commit: one
ends it, the other is told it has already ended, and the trail holds one event."""

import asyncio
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from gavel.audit.models import AuditEvent
from gavel.config import Settings
from gavel.core.passwords import hash_password
from gavel.permissions import Module, Privilege
from gavel.roles import repository as roles
from gavel.users.models import User
from tests.committing import committing_app
from tests.factories import STAFF_PASSWORD, admin_headers, bearer


async def _staff(app: Any, email: str, grants: roles.Grants) -> None:
    async with app.state.sessionmaker() as session:
        role = await roles.add(session, f"Role of {email}", grants)
        session.add(
            User(
                full_name=email.split("@")[0].title(),
                email=email,
                role_id=role.id,
                password_hash=hash_password(STAFF_PASSWORD),
                user_account_status="Active",
            )
        )
        await session.commit()


async def test_two_administrators_ending_one_session_at_once(settings: Settings, tmp_path: Path) -> None:
    async with committing_app(settings, tmp_path) as (app, client):
        await _staff(app, "second@example.com", {Module.SESSIONS: {Privilege.VIEW, Privilege.DELETE}})
        await _staff(app, "omar@example.com", {Module.MEMBERS: {Privilege.VIEW}})
        admin = await admin_headers(client)
        second = await client.post(
            "/api/auth/login", json={"email": "second@example.com", "password": STAFF_PASSWORD}
        )
        omar = await client.post(
            "/api/auth/login", json={"email": "omar@example.com", "password": STAFF_PASSWORD}
        )
        listed = await client.post("/api/staff-sessions/get", json={"search": "omar"}, headers=admin)
        (row,) = listed.json()["data"]

        answers = await asyncio.gather(
            client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin),
            client.put(f"/api/staff-sessions/{row['_id']}/end", headers=bearer(second.json()["token"])),
        )

        assert sorted(answer.status_code for answer in answers) == [200, 409]
        (refused,) = [answer for answer in answers if answer.status_code == 409]
        assert refused.json()["message"].startswith(
            "Omar's session has already ended (an administrator ended it)."
        )
        assert (await client.get("/api/auth/me", headers=bearer(omar.json()["token"]))).status_code == 401
        async with app.state.sessionmaker() as session:
            events = await session.scalar(
                select(func.count()).select_from(AuditEvent).where(AuditEvent.action == "auth.session_ended")
            )
        assert events == 1
