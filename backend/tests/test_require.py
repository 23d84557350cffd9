"""require(module, privilege) and require_any((module, privilege), ...): 401 without a session, 403 without
the privilege (or without every one of them), 2xx with it (or with any one of them)."""

from collections.abc import AsyncIterator
from typing import Any

import pytest
from fastapi import APIRouter
from httpx import ASGITransport, AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.guards import Principal, require, require_any
from gavel.permissions import Module, Privilege
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff


@pytest.fixture
async def guarded_client(app: Any) -> AsyncIterator[AsyncClient]:
    router = APIRouter()

    @router.post("/api/test-members-add")
    async def add_member(principal: Principal = require(Module.MEMBERS, Privilege.ADD)) -> dict[str, str]:
        return {"by": principal.user.email}

    @router.get("/api/test-plan-names")
    async def plan_names(
        principal: Principal = require_any(
            (Module.MEMBERS, Privilege.VIEW), (Module.SETTINGS, Privilege.VIEW)
        ),
    ) -> dict[str, str]:
        return {"by": principal.user.email}

    for route in router.routes:
        app.router.routes.insert(0, route)
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://testserver") as c:
        yield c


async def test_no_session_answers_401(guarded_client: AsyncClient) -> None:
    response = await guarded_client.post("/api/test-members-add")
    assert response.status_code == 401


async def test_role_without_the_privilege_answers_403(
    guarded_client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "viewer@example.com", grants={Module.MEMBERS: {Privilege.VIEW}})
    token = (await login(guarded_client, "viewer@example.com", STAFF_PASSWORD))["token"]
    response = await guarded_client.post("/api/test-members-add", headers=bearer(token))
    assert response.status_code == 403
    assert response.json() == {"message": "You do not have permission to add to Members.", "errors": []}


async def test_role_with_the_privilege_passes(
    guarded_client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "clerk@example.com", grants={Module.MEMBERS: {Privilege.ADD}})
    token = (await login(guarded_client, "clerk@example.com", STAFF_PASSWORD))["token"]
    response = await guarded_client.post("/api/test-members-add", headers=bearer(token))
    assert response.status_code == 200
    assert response.json() == {"by": "clerk@example.com"}


async def test_inactive_role_grants_nothing(
    guarded_client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    user = await make_staff(db, "idle@example.com", grants={Module.MEMBERS: {Privilege.ADD}})
    async with db() as session:
        from gavel.roles.models import Role

        role = await session.get(Role, user.role_id)
        assert role is not None
        role.is_active = False
        await session.commit()
    token = (await login(guarded_client, "idle@example.com", STAFF_PASSWORD))["token"]
    response = await guarded_client.post("/api/test-members-add", headers=bearer(token))
    assert response.status_code == 403


async def test_require_any_without_a_session_answers_401(guarded_client: AsyncClient) -> None:
    assert (await guarded_client.get("/api/test-plan-names")).status_code == 401


async def test_require_any_names_every_privilege_that_would_do(
    guarded_client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "clerk@example.com", grants={Module.MEMBERS: {Privilege.ADD}})
    token = (await login(guarded_client, "clerk@example.com", STAFF_PASSWORD))["token"]
    response = await guarded_client.get("/api/test-plan-names", headers=bearer(token))
    assert response.status_code == 403
    assert response.json() == {
        "message": "You do not have permission to view Members or view Settings.",
        "errors": [],
    }


@pytest.mark.parametrize("module", [Module.MEMBERS, Module.SETTINGS])
async def test_require_any_passes_with_any_one_of_them(
    guarded_client: AsyncClient, db: async_sessionmaker[AsyncSession], module: Module
) -> None:
    await make_staff(db, "viewer@example.com", grants={module: {Privilege.VIEW}})
    token = (await login(guarded_client, "viewer@example.com", STAFF_PASSWORD))["token"]
    response = await guarded_client.get("/api/test-plan-names", headers=bearer(token))
    assert response.status_code == 200
    assert response.json() == {"by": "viewer@example.com"}


async def test_require_any_of_an_inactive_role_grants_nothing(
    guarded_client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    user = await make_staff(db, "idle@example.com", grants={Module.MEMBERS: {Privilege.VIEW}})
    async with db() as session:
        from gavel.roles.models import Role

        role = await session.get(Role, user.role_id)
        assert role is not None
        role.is_active = False
        await session.commit()
    token = (await login(guarded_client, "idle@example.com", STAFF_PASSWORD))["token"]
    response = await guarded_client.get("/api/test-plan-names", headers=bearer(token))
    assert response.status_code == 403
