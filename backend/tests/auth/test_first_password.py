"""A staff user an administrator created chooses their own password at the first sign-in: until then the
session may read who it is, sign out and change the password, and every other route answers 403 with a
sentence. The first administrator (from the environment) is never made to."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import admin_headers, bearer, login

INITIAL = "Given-By-Admin-2026"
OWN = "Chosen-By-Me-2026"
DUE = "Please set a new password before continuing."


async def _new_colleague(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    role = await client.post(
        "/api/role/create",
        json={"name": "Front desk", "permissions": [{"module": "Members", "view": True}]},
        headers=admin,
    )
    assert role.status_code == 201, role.text
    body = {"fullName": "Mariam Al Ketbi", "email": "mariam@example.com", "phone": "050 222 3344",
            "rolePermission": role.json()["_id"], "password": INITIAL}  # fmt: skip
    created = await client.post("/api/users/create", json=body, headers=admin)
    assert created.status_code == 201, created.text
    return dict(created.json()["user"])


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/members/get", {}),  # a route of the role's own module
        ("GET", "/api/dashboard/summary", None),  # a route any signed-in user may call
        ("POST", "/api/auth/two-step/setup", None),
        ("GET", "/api/role/privileges", None),
    ],
)
async def test_every_other_route_waits_for_the_new_password(
    client: AsyncClient, method: str, path: str, body: Any
) -> None:
    await _new_colleague(client, await admin_headers(client))
    token = bearer((await login(client, "mariam@example.com", INITIAL))["token"])
    refused = await client.request(method, path, json=body, headers=token)
    assert refused.status_code == 403, refused.text
    assert refused.json()["message"] == DUE


async def test_the_first_sign_in_chooses_a_password(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    created = await _new_colleague(client, admin)
    assert created["mustChangePassword"] is True
    signed = await login(client, "mariam@example.com", INITIAL)
    assert signed["user"]["mustChangePassword"] is True
    token = bearer(signed["token"])
    me = await client.get("/api/auth/me", headers=token)
    assert me.status_code == 200 and me.json()["user"]["mustChangePassword"] is True

    same = {"currentPassword": INITIAL, "password": INITIAL, "confirmPassword": INITIAL}
    kept = await client.put("/api/auth/change-password", json=same, headers=token)
    assert kept.status_code == 422
    assert kept.json()["errors"][0]["message"] == "The new password must be different from the current one."

    own = {"currentPassword": INITIAL, "password": OWN, "confirmPassword": OWN}
    changed = await client.put("/api/auth/change-password", json=own, headers=token)
    assert changed.status_code == 200, changed.text
    assert (await client.post("/api/members/get", json={}, headers=token)).status_code == 200
    assert (await client.get("/api/auth/me", headers=token)).json()["user"]["mustChangePassword"] is False
    signed_out = await client.post("/api/auth/logout", headers=token)
    assert signed_out.status_code == 200
    # the administrator's password no longer opens the account; the colleague's own does
    refused = await client.post("/api/auth/login", json={"email": "mariam@example.com", "password": INITIAL})
    assert refused.status_code == 401
    assert (await login(client, "mariam@example.com", OWN))["user"]["mustChangePassword"] is False


async def test_signing_out_is_allowed_before_choosing(client: AsyncClient) -> None:
    await _new_colleague(client, await admin_headers(client))
    token = bearer((await login(client, "mariam@example.com", INITIAL))["token"])
    assert (await client.post("/api/auth/logout", headers=token)).status_code == 200


async def test_the_first_administrator_is_not_made_to_choose(client: AsyncClient) -> None:
    signed = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    assert signed["user"]["mustChangePassword"] is False
    assert (await client.post("/api/users/get", json={}, headers=bearer(signed["token"]))).status_code == 200
