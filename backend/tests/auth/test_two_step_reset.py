"""An administrator turns off another staff user's two-step sign-in (PUT /api/users/reset-two-step/{id}): for
someone who lost both their phone and their recovery codes. Their authenticator and codes are deleted, they
are signed out, the staff list shows it, the audit trail says who did it; never one's own, never twice."""

import asyncio
from pathlib import Path
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.auth import totp
from gavel.auth.admin_resets import OWN_TWO_STEP
from gavel.config import Settings
from gavel.permissions import Module, Privilege
from gavel.users.models import RecoveryCode, TwoStep, User
from tests.auth.conftest import EMAIL, StoppedClock
from tests.auth.test_two_step import _sign_in, _turn_on
from tests.committing import committing_app
from tests.factories import STAFF_PASSWORD, admin_headers, make_staff, sign_in_new_staff

RESET = "/api/users/reset-two-step/{}"


async def _listed(client: AsyncClient, headers: dict[str, str]) -> dict[str, Any]:
    response = await client.post("/api/users/get", json={"limit": 50}, headers=headers)
    assert response.status_code == 200, response.text
    return {u["email"]: u["twoStepEnabled"] for u in response.json()["users"]}


async def test_an_administrator_turns_it_off_and_signs_the_user_out(
    client: AsyncClient, staff: User, clock: StoppedClock, db: async_sessionmaker[AsyncSession]
) -> None:
    headers = await _sign_in(client)
    await _turn_on(client, headers, clock)
    admin = await admin_headers(client)
    assert (await _listed(client, admin))[EMAIL] is True

    response = await client.put(RESET.format(staff.id), headers=admin)
    assert response.status_code == 200, response.text
    assert response.json()["message"] == "Two-step sign-in of Test Staff is off and 1 session ended."

    assert (await client.get("/api/auth/me", headers=headers)).status_code == 401
    signed_in = await client.post("/api/auth/login", json={"email": EMAIL, "password": STAFF_PASSWORD})
    assert signed_in.status_code == 200 and "token" in signed_in.json(), "no code asked any more"
    assert (await _listed(client, admin))[EMAIL] is False
    async with db() as session:
        assert await session.scalar(select(func.count()).select_from(TwoStep)) == 0
        left = select(func.count()).select_from(RecoveryCode).where(RecoveryCode.user_id == staff.id)
        assert await session.scalar(left) == 0
        event = await session.scalar(
            select(AuditEvent).where(AuditEvent.action == "user.two_step_reset_by_admin")
        )
    assert event is not None and event.entity_id == staff.id
    assert (event.old_values, event.new_values) == ({"twoStep": True}, {"twoStep": False, "sessionsEnded": 1})


async def test_it_is_refused_for_oneself_when_it_is_off_for_nobody_and_without_the_privilege(
    client: AsyncClient, staff: User, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]["_id"]
    own = await client.put(RESET.format(me), headers=admin)
    assert (own.status_code, own.json()["message"]) == (409, OWN_TWO_STEP)
    off = await client.put(RESET.format(staff.id), headers=admin)
    assert (off.status_code, off.json()["message"]) == (409, "Two-step sign-in is not on for Test Staff.")
    assert (await client.put(RESET.format("no-such-user"), headers=admin)).status_code == 404

    viewer = await make_staff(db, "viewer@example.com", grants={Module.USERS: {Privilege.VIEW}})
    assert viewer.id
    viewing = await client.post(
        "/api/auth/login", json={"email": "viewer@example.com", "password": STAFF_PASSWORD}
    )
    token = {"authorization": f"Bearer {viewing.json()['token']}"}
    refused = await client.put(RESET.format(staff.id), headers=token)
    assert refused.status_code == 403
    assert refused.json()["message"] == "You do not have permission to edit Users."


async def test_two_administrators_at_once_turn_it_off_once(settings: Settings, tmp_path: Path) -> None:
    """A double click, or two administrators: the row lock on the authenticator lets one through, the other
    answers 409 (it is not on any more); one audit event."""
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        role = await client.post("/api/role/create", json={"name": "Desk", "permissions": []}, headers=admin)
        body = {"fullName": "Hind Al Zaabi", "email": "hind@example.com", "phone": "050 123 4567",
                "rolePermission": role.json()["_id"], "password": STAFF_PASSWORD}  # fmt: skip
        created = await client.post("/api/users/create", json=body, headers=admin)
        assert created.status_code == 201, created.text
        user_id = created.json()["user"]["_id"]
        headers = await sign_in_new_staff(client, "hind@example.com", STAFF_PASSWORD)
        secret = (await client.post("/api/auth/two-step/setup", headers=headers)).json()["secret"]
        code = totp.code_at(secret, app.state.clock.now())
        on = await client.post("/api/auth/two-step/enable", json={"code": code}, headers=headers)
        assert on.status_code == 200, on.text

        answers = await asyncio.gather(*(client.put(RESET.format(user_id), headers=admin) for _ in range(2)))
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        async with app.state.sessionmaker() as session:
            events = select(func.count()).where(AuditEvent.action == "user.two_step_reset_by_admin")
            assert await session.scalar(events) == 1
