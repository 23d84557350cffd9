from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from tests.factories import admin_headers


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def plan(**overrides: Any) -> dict[str, Any]:
    body = {
        "name": "Silver",
        "tag": "Popular",
        "planAmount": "5000",
        "amountAfterDiscount": 4500.5,
        "buyingPower": 50000,
        "description": "Bid up to 50,000 AED.",
    }
    body.update(overrides)
    return body


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/api/plan/create", json=body, headers=admin)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def test_create_plan_keeps_amounts_exact(client: AsyncClient, admin: dict[str, str]) -> None:
    created = await create(client, admin, plan())
    assert created["planAmount"] == 5000
    assert created["amountAfterDiscount"] == 4500.5
    assert created["buyingPower"] == 50000
    assert created["totalSubscribers"] == 0
    assert created["tag"] == "Popular"


async def test_list_answers_data_and_paging(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, plan())
    await create(
        client, admin, plan(name="Gold", planAmount=10000, amountAfterDiscount=None, buyingPower=120000)
    )
    body = (await client.post("/api/plan/list", json={"limit": 1}, headers=admin)).json()
    assert body["total"] == 2 and body["totalPages"] == 2 and body["currentPage"] == 1
    assert [p["name"] for p in body["data"]] == ["Gold"]  # most expensive first by default


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"planAmount": 0}, "planAmount", "The amount must be greater than AED 0.00."),
        ({"planAmount": -5}, "planAmount", "An amount cannot be negative."),
        ({"buyingPower": 0}, "buyingPower", "The amount must be greater than AED 0.00."),
        (
            {"amountAfterDiscount": 6000},
            "body",
            "The amount after discount cannot be more than the plan amount.",
        ),
        ({"amountAfterDiscount": -1}, "amountAfterDiscount", "An amount cannot be negative."),
        ({"planAmount": "12.345"}, "planAmount", "An amount has at most two decimals (fils)."),
        ({"planAmount": "lots"}, "planAmount", "Type the amount with digits only, for example 90000."),
        ({"planAmount": 7.3e96}, "planAmount", "An amount is at most AED 999,999,999,999.99."),
        ({"name": "x"}, "name", "Enter a plan name of at least 2 characters."),
    ],
)
async def test_bad_plans_answer_422(
    client: AsyncClient, admin: dict[str, str], overrides: dict[str, Any], field: str, message: str
) -> None:
    response = await client.post("/api/plan/create", json=plan(**overrides), headers=admin)
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0] == {"field": field, "message": message}


async def test_name_is_unique(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, plan())
    response = await client.post("/api/plan/create", json=plan(name=" silver "), headers=admin)
    assert response.status_code == 409
    assert response.json()["message"] == 'A security plan named "Silver" already exists.'


async def test_update_and_delete(client: AsyncClient, admin: dict[str, str], session: AsyncSession) -> None:
    created = await create(client, admin, plan())
    updated = await client.put(
        f"/api/plan/{created['_id']}", json=plan(name="Silver Plus", buyingPower=60000), headers=admin
    )
    assert updated.status_code == 200
    assert updated.json()["name"] == "Silver Plus" and updated.json()["buyingPower"] == 60000
    missing = await client.put("/api/plan/none", json=plan(), headers=admin)
    assert missing.status_code == 404
    partly = await client.request(
        "DELETE", "/api/plan/delete", json={"ids": [created["_id"], "none"]}, headers=admin
    )
    assert partly.status_code == 404
    deleted = await client.request(
        "DELETE", "/api/plan/delete", json={"ids": [created["_id"]]}, headers=admin
    )
    assert deleted.json() == {"message": "1 security plan deleted.", "total": 0}
    events = (await session.scalars(select(AuditEvent).where(AuditEvent.entity == "security_plan"))).all()
    assert [e.action for e in events] == ["plan.created", "plan.updated", "plan.deleted"]
    assert events[0].new_values is not None and events[0].new_values["plan_amount"] == "5000.00"
