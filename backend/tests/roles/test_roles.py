from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
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


async def create_role(client: AsyncClient, admin: dict[str, str], name: str, **extra: Any) -> dict[str, Any]:
    body = {"name": name, "permissions": [{"module": "Members", "view": True}], **extra}
    response = await client.post("/api/role/create", json=body, headers=admin)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def test_create_role_answers_every_module(client: AsyncClient, admin: dict[str, str]) -> None:
    role = await create_role(client, admin, "  Yard   crew ")
    assert role["name"] == "Yard crew"
    assert role["isActive"] is True
    assert role["assignedUsers"] == 0
    modules = {p["module"]: p for p in role["permissions"]}
    assert set(modules) == {m.value for m in Module}
    assert modules["Members"] == {
        "module": "Members",
        "add": False,
        "view": True,
        "edit": False,
        "delete": False,
        "updateStatus": False,
    }
    assert not any(modules["Vehicles"][k] for k in ("add", "view", "edit", "delete", "updateStatus"))


async def test_role_name_is_unique_without_regard_to_case(client: AsyncClient, admin: dict[str, str]) -> None:
    await create_role(client, admin, "Cashiers")
    response = await client.post(
        "/api/role/create", json={"name": "cashiers", "permissions": []}, headers=admin
    )
    assert response.status_code == 409
    assert response.json()["message"] == 'A role named "Cashiers" already exists.'


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "", "permissions": []}, "name"),
        ({"name": "A", "permissions": []}, "name"),
        (
            {"name": "Ok name", "permissions": [{"module": "Spaceships", "view": True}]},
            "permissions.0.module",
        ),
        ({"name": "Ok name", "permissions": [{"module": "Members"}, {"module": "Members"}]}, "permissions"),
        ({"permissions": []}, "name"),
    ],
)
async def test_bad_role_bodies_answer_422(
    client: AsyncClient, admin: dict[str, str], body: dict[str, Any], field: str
) -> None:
    response = await client.post("/api/role/create", json=body, headers=admin)
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == field


async def test_list_search_filter_and_counts(client: AsyncClient, admin: dict[str, str]) -> None:
    await create_role(client, admin, "Gate keepers")
    off = await create_role(client, admin, "Gate archive", isActive=False)
    body = (await client.post("/api/role/get", json={"search": "gate"}, headers=admin)).json()
    assert sorted(r["name"] for r in body["roles"]) == ["Gate archive", "Gate keepers"]
    assert body["totalRoles"] == body["totalActive"] + body["totalInactive"]
    assert body["totalInactive"] >= 1
    inactive = (await client.post("/api/role/get", json={"isActive": False}, headers=admin)).json()
    assert [r["_id"] for r in inactive["roles"]] == [off["_id"]]
    paged = (
        await client.post(
            "/api/role/get",
            json={"limit": 1, "pageNo": 2, "sortBy": "name", "sortOrder": "asc"},
            headers=admin,
        )
    ).json()
    assert len(paged["roles"]) == 1 and paged["currentPage"] == 2
    assert paged["totalPages"] == body["totalRoles"]


async def test_search_treats_wildcards_as_text(client: AsyncClient, admin: dict[str, str]) -> None:
    await create_role(client, admin, "Sales 100%")
    body = (await client.post("/api/role/get", json={"search": "%"}, headers=admin)).json()
    assert [r["name"] for r in body["roles"]] == ["Sales 100%"]


async def test_limit_is_capped(client: AsyncClient, admin: dict[str, str]) -> None:
    response = await client.post("/api/role/get", json={"limit": 1000}, headers=admin)
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "limit"


async def test_assigned_users_are_counted(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    user = await make_staff(db, "holder@example.com", role_name="Held role")
    body = (await client.post("/api/role/get", json={"search": "Held role"}, headers=admin)).json()
    assert body["roles"][0]["assignedUsers"] == 1
    assert body["roles"][0]["_id"] == user.role_id


async def test_update_changes_name_and_privileges_and_is_audited(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    role = await create_role(client, admin, "Inspectors")
    body = {"name": "Senior inspectors", "permissions": [{"module": "Vehicles", "view": True, "edit": True}]}
    response = await client.put(f"/api/role/update/{role['_id']}", json=body, headers=admin)
    assert response.status_code == 200
    updated = {p["module"]: p for p in response.json()["permissions"]}
    assert response.json()["name"] == "Senior inspectors"
    assert updated["Vehicles"]["edit"] is True and updated["Members"]["view"] is False
    events = (await session.scalars(select(AuditEvent).where(AuditEvent.entity_id == role["_id"]))).all()
    assert [e.action for e in events] == ["role.created", "role.updated"]
    assert events[1].old_values is not None and events[1].old_values["name"] == "Inspectors"


async def test_update_ignores_is_active(client: AsyncClient, admin: dict[str, str]) -> None:
    role = await create_role(client, admin, "Porters")
    body = {"name": "Porters", "permissions": [], "isActive": False}
    response = await client.put(f"/api/role/update/{role['_id']}", json=body, headers=admin)
    assert response.status_code == 200
    assert response.json()["isActive"] is True


async def test_update_unknown_role_answers_404(client: AsyncClient, admin: dict[str, str]) -> None:
    response = await client.put(
        "/api/role/update/nope", json={"name": "Whatever", "permissions": []}, headers=admin
    )
    assert response.status_code == 404
    assert response.json()["message"] == "This role does not exist."


async def test_privilege_change_applies_on_the_next_request(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    user = await make_staff(
        db, "reader@example.com", grants={Module.ROLES: {Privilege.VIEW}}, role_name="Readers"
    )
    token = bearer((await login(client, "reader@example.com", STAFF_PASSWORD))["token"])
    assert (await client.post("/api/role/get", json={}, headers=token)).status_code == 200
    body = {"name": "Readers", "permissions": [{"module": "Members", "view": True}]}
    assert (await client.put(f"/api/role/update/{user.role_id}", json=body, headers=admin)).status_code == 200
    assert (await client.post("/api/role/get", json={}, headers=token)).status_code == 403


async def test_toggle_switches_a_role_off_and_on(client: AsyncClient, admin: dict[str, str]) -> None:
    role = await create_role(client, admin, "Night shift")
    off = await client.put(
        f"/api/role/toggle-active-role/{role['_id']}", json={"isActive": False}, headers=admin
    )
    assert off.status_code == 200 and off.json()["isActive"] is False
    on = await client.put(
        f"/api/role/toggle-active-role/{role['_id']}", json={"isActive": True}, headers=admin
    )
    assert on.json()["isActive"] is True


async def test_toggle_needs_is_active(client: AsyncClient, admin: dict[str, str]) -> None:
    role = await create_role(client, admin, "Night shift")
    response = await client.put(f"/api/role/toggle-active-role/{role['_id']}", json={}, headers=admin)
    assert response.status_code == 422
    assert response.json()["message"] == "Is active is required."


async def test_the_last_role_editor_role_cannot_be_switched_off(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    response = await client.put(
        f"/api/role/toggle-active-role/{me['rolePermission']}", json={"isActive": False}, headers=admin
    )
    assert response.status_code == 409
    assert response.json()["message"] == LOCKOUT


async def test_the_last_role_editor_role_cannot_lose_the_privilege(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    body = {"name": "Super Admin", "permissions": [{"module": "Roles", "view": True}]}
    response = await client.put(f"/api/role/update/{me['rolePermission']}", json=body, headers=admin)
    assert response.status_code == 409
    assert response.json()["message"] == LOCKOUT


async def test_a_role_editor_role_may_lose_the_privilege_when_another_editor_remains(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(
        db, "second@example.com", grants={Module.ROLES: {Privilege.EDIT}}, role_name="Second admins"
    )
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    body = {"name": "Super Admin", "permissions": [{"module": "Roles", "view": True}]}
    response = await client.put(f"/api/role/update/{me['rolePermission']}", json=body, headers=admin)
    assert response.status_code == 200


async def test_delete_roles_nobody_holds(client: AsyncClient, admin: dict[str, str]) -> None:
    a = await create_role(client, admin, "Temp A")
    b = await create_role(client, admin, "Temp B")
    response = await client.request(
        "DELETE", "/api/role/delete", json={"roleIds": [a["_id"], b["_id"]]}, headers=admin
    )
    assert response.status_code == 200
    assert response.json() == {"success": True, "message": "2 roles deleted."}
    left = (await client.post("/api/role/get", json={"search": "Temp"}, headers=admin)).json()
    assert left["roles"] == []


async def test_a_held_role_is_not_deleted_and_nothing_else_is_either(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    free = await create_role(client, admin, "Free role")
    user = await make_staff(db, "holder@example.com", role_name="Held role")
    response = await client.request(
        "DELETE", "/api/role/delete", json={"roleIds": [free["_id"], user.role_id]}, headers=admin
    )
    assert response.status_code == 409
    assert response.json()["message"] == (
        "Roles still held by staff users cannot be deleted: "
        '"Held role" is held by 1 user. Move those users first.'
    )
    left = (await client.post("/api/role/get", json={"search": "Free role"}, headers=admin)).json()
    assert len(left["roles"]) == 1


async def test_deleting_an_unknown_role_answers_404(client: AsyncClient, admin: dict[str, str]) -> None:
    response = await client.request("DELETE", "/api/role/delete", json={"roleIds": ["nope"]}, headers=admin)
    assert response.status_code == 404
    assert response.json()["message"] == "1 of the selected roles no longer exists."


async def test_delete_needs_ids(client: AsyncClient, admin: dict[str, str]) -> None:
    response = await client.request("DELETE", "/api/role/delete", json={"roleIds": []}, headers=admin)
    assert response.status_code == 422


async def test_toggling_a_role_to_the_state_it_has_writes_nothing(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    role = await create_role(client, admin, "Night shift", isActive=False)
    # Safe to repeat: the last role editor's role switched on again, an inactive role switched off again.
    for role_id, is_active in ((me["rolePermission"], True), (role["_id"], False)):
        again = await client.put(
            f"/api/role/toggle-active-role/{role_id}", json={"isActive": is_active}, headers=admin
        )
        assert again.status_code == 200, again.text
        assert again.json()["isActive"] is is_active
    actions = (await session.scalars(select(AuditEvent.action).where(AuditEvent.entity == "role"))).all()
    assert actions == ["role.created"]
