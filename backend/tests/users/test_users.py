import re
from collections.abc import Awaitable, Callable
from datetime import date, timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.delivery.dispatcher import deliver_due
from gavel.alerts.models import AlertMessage
from gavel.audit.models import AuditEvent
from gavel.config import Settings
from gavel.db import utcnow
from gavel.devtools import MailFolder
from gavel.permissions import Module, Privilege
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff

LOCKOUT = (
    "At least one active staff user must keep the privilege to edit roles; "
    "this change would lock everyone out of the back office."
)


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return bearer((await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"])


@pytest.fixture
async def role_id(db: async_sessionmaker[AsyncSession]) -> str:
    user = await make_staff(
        db, "roleholder@example.com", grants={Module.MEMBERS: {Privilege.VIEW}}, role_name="Clerks"
    )
    assert user.role_id is not None
    return user.role_id


def new_user(role_id: str, **overrides: Any) -> dict[str, Any]:
    body = {
        "fullName": "Hamdan Al Nuaimi",
        "email": "Hamdan.AlNuaimi@example.com",
        "phone": "050 123 9876",
        "dob": "1990-03-15",
        "gender": "M",
        "emiratesId": "784-1990-1234567-6",
        "passportNumber": "P1234567",
        "homeCountry": "United Arab Emirates",
        "homeCity": "Dubai",
        "rolePermission": role_id,
        "password": "Falcon-Desert-2026",
    }
    body.update(overrides)
    return body


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/api/users/create", json=body, headers=admin)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def test_create_user_normalises_and_answers_counts(
    client: AsyncClient, admin: dict[str, str], role_id: str
) -> None:
    body = await create(client, admin, new_user(role_id))
    user = body["user"]
    assert user["email"] == "hamdan.alnuaimi@example.com"
    assert user["phone"] == "+971501239876"
    assert user["rolePermissionData"]["name"] == "Clerks"
    assert user["userAccountStatus"] == "Active" and user["isActive"] is True
    assert body["totalUsers"] == body["activeUsers"] + body["inactiveUsers"]
    assert "password" not in user and "passwordHash" not in user
    # the new user can sign in with the initial password
    await login(client, "hamdan.alnuaimi@example.com", "Falcon-Desert-2026")


async def test_create_ignores_is_active(client: AsyncClient, admin: dict[str, str], role_id: str) -> None:
    body = await create(client, admin, new_user(role_id, isActive=False))
    assert body["user"]["isActive"] is True


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"email": "not-an-email"}, "email", "Enter a valid email address."),
        ({"phone": "12"}, "phone", "String should have at least 4 characters"),
        ({"phone": "050 12"}, "phone", "Enter a valid phone number, for example +971 50 123 4567."),
        ({"emiratesId": "784-90-1234567-1"}, "emiratesId", "Enter the Emirates ID as 784-YYYY-NNNNNNN-N."),
        (
            {"emiratesId": "784-1990-1234567-9"},
            "emiratesId",
            "This Emirates ID is not valid: please check the digits.",
        ),
        (
            {"dob": (date.today() + timedelta(days=1)).isoformat()},
            "dob",
            "The date of birth must be in the past.",
        ),
        (
            {"dob": (date.today() - timedelta(days=17 * 365)).isoformat()},
            "dob",
            "Staff users must be at least 18 years old.",
        ),
        ({"gender": "Q"}, "gender", "Input should be 'M', 'F' or 'X'"),
        ({"fullName": " "}, "fullName", "Enter the full name (at least 2 characters)."),
        (
            {"passportNumber": "P 12"},
            "passportNumber",
            "Enter the passport number: 5 to 20 letters and digits.",
        ),
    ],
)
async def test_bad_fields_answer_422_at_the_field(
    client: AsyncClient,
    admin: dict[str, str],
    role_id: str,
    overrides: dict[str, Any],
    field: str,
    message: str,
) -> None:
    response = await client.post("/api/users/create", json=new_user(role_id, **overrides), headers=admin)
    assert response.status_code == 422, response.text
    error = response.json()["errors"][0]
    assert error["field"] == field
    assert error["message"] == message
    assert (await client.post("/api/users/get", json={"search": "Hamdan"}, headers=admin)).json()[
        "users"
    ] == []


async def test_weak_initial_password_is_refused(
    client: AsyncClient, admin: dict[str, str], role_id: str
) -> None:
    response = await client.post(
        "/api/users/create",
        json=new_user(role_id, password="password1"),
        headers=admin,
    )
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"field": "password", "message": "This password is too common. Please choose a less predictable one."}
    ]


async def test_duplicate_email_and_phone_answer_409(
    client: AsyncClient, admin: dict[str, str], role_id: str
) -> None:
    await create(client, admin, new_user(role_id))
    response = await client.post(
        "/api/users/create",
        json=new_user(role_id, email="HAMDAN.alnuaimi@example.com", phone="+971501239876"),
        headers=admin,
    )
    assert response.status_code == 409
    assert response.json()["message"] == "A staff user with this email already exists."
    assert [e["field"] for e in response.json()["errors"]] == ["email", "phone"]


async def test_role_must_exist_and_be_active(
    client: AsyncClient, admin: dict[str, str], role_id: str, db: async_sessionmaker[AsyncSession]
) -> None:
    missing = await client.post("/api/users/create", json=new_user("nope"), headers=admin)
    assert missing.status_code == 422
    assert missing.json()["errors"] == [
        {"field": "rolePermission", "message": "The chosen role does not exist."}
    ]
    await client.put(f"/api/role/toggle-active-role/{role_id}", json={"isActive": False}, headers=admin)
    off = await client.post("/api/users/create", json=new_user(role_id), headers=admin)
    assert off.status_code == 422
    assert off.json()["message"] == 'The role "Clerks" is switched off; choose an active role.'


async def test_list_search_filters_and_counts(
    client: AsyncClient, admin: dict[str, str], role_id: str
) -> None:
    await create(client, admin, new_user(role_id))
    by_phone = (await client.post("/api/users/get", json={"search": "1239876"}, headers=admin)).json()
    assert [u["fullName"] for u in by_phone["users"]] == ["Hamdan Al Nuaimi"]
    by_name = (await client.post("/api/users/get", json={"search": "al nuaimi"}, headers=admin)).json()
    assert len(by_name["users"]) == 1
    by_role = (await client.post("/api/users/get", json={"rolePermission": role_id}, headers=admin)).json()
    assert {u["email"] for u in by_role["users"]} == {"hamdan.alnuaimi@example.com", "roleholder@example.com"}
    active = (await client.post("/api/users/get", json={"userAccountStatus": "Active"}, headers=admin)).json()
    assert all(u["userAccountStatus"] == "Active" for u in active["users"])
    assert active["totalUsers"] == 3 and active["activeUsers"] == 3 and active["inactiveUsers"] == 0


async def test_update_user_changes_details_but_not_email_phone_or_status(
    client: AsyncClient, admin: dict[str, str], role_id: str
) -> None:
    user = (await create(client, admin, new_user(role_id)))["user"]
    body = new_user(
        role_id,
        fullName="Hamdan Al Nuaimi Jr",
        email="other@example.com",
        phone="+971509999999",
        userAccountStatus="Suspended",
        homeCity="Abu Dhabi",
    )
    response = await client.put(f"/api/users/update-user/{user['_id']}", json=body, headers=admin)
    assert response.status_code == 200
    updated = response.json()
    assert updated["fullName"] == "Hamdan Al Nuaimi Jr" and updated["homeCity"] == "Abu Dhabi"
    assert updated["email"] == user["email"] and updated["phone"] == user["phone"]
    assert updated["userAccountStatus"] == "Active"


async def test_role_change_applies_on_the_next_request(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    staff = await make_staff(
        db, "mover@example.com", grants={Module.USERS: {Privilege.VIEW}}, role_name="Movers"
    )
    other = await make_staff(
        db, "x@example.com", grants={Module.MEMBERS: {Privilege.VIEW}}, role_name="Others"
    )
    token = bearer((await login(client, "mover@example.com", STAFF_PASSWORD))["token"])
    assert (await client.post("/api/users/get", json={}, headers=token)).status_code == 200
    body = {"fullName": "Mover", "rolePermission": other.role_id}
    assert (
        await client.put(f"/api/users/update-user/{staff.id}", json=body, headers=admin)
    ).status_code == 200
    assert (await client.post("/api/users/get", json={}, headers=token)).status_code == 403


async def test_suspending_ends_sessions_at_once(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    staff = await make_staff(db, "clerk@example.com")
    token = bearer((await login(client, "clerk@example.com", STAFF_PASSWORD))["token"])
    response = await client.put(
        "/api/users/update-account-status",
        json={"userAccountStatus": "Suspended", "ids": [staff.id]},
        headers=admin,
    )
    assert response.status_code == 200
    assert response.json()["message"] == "1 staff user set to suspended."
    assert response.json()["inactiveUsers"] == 1
    assert (await client.get("/api/auth/me", headers=token)).status_code == 401
    again = await client.post(
        "/api/auth/login", json={"email": "clerk@example.com", "password": STAFF_PASSWORD}
    )
    assert again.status_code == 401
    reactivated = await client.put(
        "/api/users/update-account-status",
        json={"userAccountStatus": "Active", "ids": [staff.id]},
        headers=admin,
    )
    assert reactivated.json()["inactiveUsers"] == 0
    await login(client, "clerk@example.com", STAFF_PASSWORD)


async def test_nobody_suspends_or_deletes_themselves(client: AsyncClient, admin: dict[str, str]) -> None:
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    suspend = await client.put(
        "/api/users/update-account-status",
        json={"userAccountStatus": "Suspended", "ids": [me["_id"]]},
        headers=admin,
    )
    assert suspend.status_code == 409
    assert suspend.json()["message"] == "You cannot suspend your own account."
    delete = await client.request("DELETE", "/api/users/delete", json={"userIds": [me["_id"]]}, headers=admin)
    assert delete.status_code == 409
    assert delete.json()["message"] == "You cannot delete your own account."


async def test_the_last_role_editor_cannot_be_suspended_by_someone_else(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], session: AsyncSession
) -> None:
    await make_staff(db, "hr@example.com", grants={Module.USERS: set(Privilege)}, role_name="HR")
    admin_id = (
        await session.scalars(select(AuditEvent.entity_id).where(AuditEvent.action == "user.created"))
    ).first()
    token = bearer((await login(client, "hr@example.com", STAFF_PASSWORD))["token"])
    response = await client.put(
        "/api/users/update-account-status",
        json={"userAccountStatus": "Suspended", "ids": [admin_id]},
        headers=token,
    )
    assert response.status_code == 409
    assert response.json()["message"] == LOCKOUT
    deleted = await client.request("DELETE", "/api/users/delete", json={"userIds": [admin_id]}, headers=token)
    assert deleted.status_code == 409


async def test_the_last_role_editor_cannot_be_moved_to_a_role_without_the_privilege(
    client: AsyncClient, admin: dict[str, str], role_id: str
) -> None:
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    response = await client.put(
        f"/api/users/update-user/{me['_id']}",
        json={"fullName": "Administrator", "rolePermission": role_id},
        headers=admin,
    )
    assert response.status_code == 409
    assert response.json()["message"] == LOCKOUT


async def test_bulk_status_change_is_all_or_nothing(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    staff = await make_staff(db, "one@example.com")
    response = await client.put(
        "/api/users/update-account-status",
        json={"userAccountStatus": "inActive", "ids": [staff.id, "missing"]},
        headers=admin,
    )
    assert response.status_code == 404
    assert response.json()["message"] == "1 of the selected staff users no longer exists."
    listed = (await client.post("/api/users/get", json={"search": "one@example.com"}, headers=admin)).json()
    assert listed["users"][0]["userAccountStatus"] == "Active"


async def test_delete_users_answers_counts(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    a = await make_staff(db, "a@example.com")
    b = await make_staff(db, "b@example.com")
    response = await client.request(
        "DELETE", "/api/users/delete", json={"userIds": [a.id, b.id]}, headers=admin
    )
    assert response.status_code == 200
    assert response.json() == {
        "message": "2 staff users deleted.",
        "totalUsers": 1,
        "activeUsers": 1,
        "inactiveUsers": 0,
    }


async def test_admin_password_reset_mails_a_temporary_password(
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    mail_sink: tuple[int, MailFolder],
    session: AsyncSession,
    deliver: Callable[[], Awaitable[int]],
) -> None:
    _, mails = mail_sink
    mails.received.clear()
    staff = await make_staff(db, "forgetful@example.com", grants={Module.MEMBERS: {Privilege.VIEW}})
    old_token = bearer((await login(client, "forgetful@example.com", STAFF_PASSWORD))["token"])
    response = await client.put(f"/api/users/update-user-password/{staff.id}", headers=admin)
    assert response.status_code == 200
    assert response.json()["message"] == "A temporary password was mailed to forgetful@example.com."
    assert (await client.get("/api/auth/me", headers=old_token)).status_code == 401
    assert await deliver() == 1
    mail = mails.received[-1]
    assert mail["to"] == ["forgetful@example.com"]
    match = re.search(r"temporary password is:\s+(\S+)", mail["body"])
    assert match
    temporary = match.group(1)
    signed_in = await login(client, "forgetful@example.com", temporary)
    assert signed_in["user"]["mustChangePassword"] is True
    token = bearer(signed_in["token"])
    # nothing but choosing a new password until then
    blocked = await client.post("/api/users/get", json={}, headers=token)
    assert blocked.status_code == 403
    assert blocked.json()["message"] == "Please set a new password before continuing."
    changed = await client.put(
        "/api/auth/change-password",
        headers=token,
        json={
            "currentPassword": temporary,
            "password": "My-Own-Secret-77",
            "confirmPassword": "My-Own-Secret-77",
        },
    )
    assert changed.status_code == 200
    me = (await client.get("/api/auth/me", headers=token)).json()
    assert me["user"]["mustChangePassword"] is False
    actions = (await session.scalars(select(AuditEvent.action).where(AuditEvent.entity_id == staff.id))).all()
    assert "user.password_reset_by_admin" in actions and "auth.password_changed" in actions


async def test_admin_password_reset_is_mailed_through_the_outbox_and_waits_for_the_mail_server(
    client: AsyncClient,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    app: Any,
    settings: Settings,
    mail_sink: tuple[int, MailFolder],
) -> None:
    """The temporary password is written to the outbox with the change: a mail server that does not answer
    delays the mail (retried), it never loses it, and the password is never shown on the screens."""
    _, mails = mail_sink
    mails.received.clear()
    staff = await make_staff(db, "unlucky@example.com")
    response = await client.put(f"/api/users/update-user-password/{staff.id}", headers=admin)
    assert response.status_code == 200
    async with db() as s:
        queued = (await s.scalars(select(AlertMessage).where(AlertMessage.user_id == staff.id))).one()
    assert (queued.origin, queued.event, queued.status) == ("system", "temporaryPassword", "queued")
    temporary = (queued.template_params or [""])[0]
    assert temporary and temporary not in queued.body and "••••••" in queued.body
    shown = await client.get(f"/api/alerts/messages/{queued.id}", headers=admin)
    assert shown.status_code == 200 and temporary not in shown.text

    down = settings.model_copy(update={"smtp_port": 1})
    assert await deliver_due(db, app.state.clock, down) == 1
    async with db() as s:
        waiting = await s.get(AlertMessage, queued.id)
        assert waiting is not None
        assert (waiting.status, waiting.attempts) == ("queued", 1)
        assert waiting.next_attempt_at is not None and waiting.last_error
        await s.execute(
            update(AlertMessage).where(AlertMessage.id == queued.id).values(next_attempt_at=utcnow())
        )
        await s.commit()
    assert await deliver_due(db, app.state.clock, settings) == 1
    assert [m["to"] for m in mails.received] == [["unlucky@example.com"]]
    assert re.search(rf"temporary password is:\s+{re.escape(temporary)}\s", mails.received[0]["body"])
    await login(client, "unlucky@example.com", temporary)
    async with db() as s:
        sent = await s.get(AlertMessage, queued.id)
        assert sent is not None and sent.status == "sent" and sent.template_params is None


async def test_every_user_change_is_audited(
    client: AsyncClient, admin: dict[str, str], role_id: str, session: AsyncSession
) -> None:
    user = (await create(client, admin, new_user(role_id)))["user"]
    await client.put(
        f"/api/users/update-user/{user['_id']}",
        headers=admin,
        json={"fullName": "Renamed Person", "rolePermission": role_id},
    )
    await client.put(
        "/api/users/update-account-status",
        headers=admin,
        json={"userAccountStatus": "inActive", "ids": [user["_id"]]},
    )
    await client.request("DELETE", "/api/users/delete", json={"userIds": [user["_id"]]}, headers=admin)
    events = (
        await session.scalars(
            select(AuditEvent).where(AuditEvent.entity_id == user["_id"]).order_by(AuditEvent.created_at)
        )
    ).all()
    assert [e.action for e in events] == [
        "user.created",
        "user.updated",
        "user.status_changed",
        "user.deleted",
    ]
    assert all(e.actor_email == ADMIN_EMAIL and e.ip_address == "127.0.0.1" for e in events)


async def test_setting_the_status_a_user_has_writes_nothing(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], admin: dict[str, str], session: AsyncSession
) -> None:
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    away = await make_staff(db, "away@example.com", status="Suspended")
    # Safe to repeat: yourself set Active again, a suspended user suspended again.
    for status, ids in (("Active", [me["_id"]]), ("Suspended", [away.id])):
        again = await client.put(
            "/api/users/update-account-status", json={"userAccountStatus": status, "ids": ids}, headers=admin
        )
        assert again.status_code == 200, again.text
        assert again.json()["message"] == f"1 staff user set to {status.lower()}."
    assert (await client.get("/api/auth/me", headers=admin)).status_code == 200
    actions = (
        await session.scalars(select(AuditEvent.action).where(AuditEvent.action == "user.status_changed"))
    ).all()
    assert actions == []
