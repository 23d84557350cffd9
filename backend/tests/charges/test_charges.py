from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from tests.factories import admin_headers

KINDS = "Input should be 'sale', 'gatePass', 'storagePerDay', 'latePayment' or 'defaultPenalty'"


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def charge(**overrides: Any) -> dict[str, Any]:
    body = {
        "title": "Buyer fee up to 10,000 AED",
        "charges": 350,
        "appliesTo": "buyer",
        "minPrice": 0,
        "maxPrice": 10000,
        "description": "Auction fee for cars sold up to 10,000 AED.",
    }
    body.update(overrides)
    return body


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/api/charge/create", json=body, headers=admin)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def test_create_and_list_with_counts(client: AsyncClient, admin: dict[str, str]) -> None:
    created = await create(client, admin, charge())
    assert created["charges"] == 350 and created["appliesTo"] == "buyer" and created["isActive"] is True
    assert created["kind"] == "sale"
    await create(
        client,
        admin,
        charge(title="Gate fee", charges=100, kind="gatePass", minPrice=None, maxPrice=None, isActive=False),
    )
    body = (await client.post("/api/charge/get", json={}, headers=admin)).json()
    assert body["total"] == 2 and body["active"] == 1 and body["inactive"] == 1
    found = (await client.post("/api/charge/get", json={"search": "gate"}, headers=admin)).json()
    assert [(c["title"], c["kind"]) for c in found["data"]] == [("Gate fee", "gatePass")]
    sellers = (await client.post("/api/charge/get", json={"appliesTo": "seller"}, headers=admin)).json()
    assert sellers["data"] == []


async def test_list_filters_by_kind(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, charge())
    for title, kind in (("Storage per day", "storagePerDay"), ("Late payment fee", "latePayment")):
        await create(client, admin, charge(title=title, kind=kind, minPrice=None, maxPrice=None))

    async def titles(kind: str) -> list[str]:
        answer = await client.post("/api/charge/get", json={"kind": kind}, headers=admin)
        assert answer.status_code == 200, answer.text
        return [c["title"] for c in answer.json()["data"]]

    assert await titles("storagePerDay") == ["Storage per day"]
    assert await titles("sale") == ["Buyer fee up to 10,000 AED"]
    assert await titles("gatePass") == []
    bad = await client.post("/api/charge/get", json={"kind": "parking"}, headers=admin)
    assert bad.status_code == 422
    assert bad.json()["errors"] == [{"field": "kind", "message": KINDS}]


async def test_update_keeps_the_kind_unless_given_and_audits_it(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    body = charge(title="Gate fee", charges=120, minPrice=None, maxPrice=None)
    gate = await create(client, admin, {**body, "kind": "gatePass"})
    kept = await client.put(f"/api/charge/update/{gate['_id']}", json=body, headers=admin)
    assert kept.status_code == 200 and kept.json()["kind"] == "gatePass"
    moved = await client.put(
        f"/api/charge/update/{gate['_id']}", json={**body, "kind": "latePayment"}, headers=admin
    )
    assert moved.status_code == 200 and moved.json()["kind"] == "latePayment"
    events = (
        await session.scalars(
            select(AuditEvent).where(AuditEvent.entity_id == gate["_id"]).order_by(AuditEvent.created_at)
        )
    ).all()
    assert [e.action for e in events] == ["charge.created", "charge.updated", "charge.updated"]
    assert events[0].new_values is not None and events[0].new_values["kind"] == "gatePass"
    assert events[2].old_values is not None and events[2].old_values["kind"] == "gatePass"
    assert events[2].new_values is not None and events[2].new_values["kind"] == "latePayment"


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"charges": 0}, "charges", "The charge must be greater than AED 0.00."),
        ({"charges": "1.005"}, "charges", "An amount has at most two decimals (fils)."),
        ({"appliesTo": "broker"}, "appliesTo", "Input should be 'buyer' or 'seller'"),
        ({"kind": "parking"}, "kind", KINDS),
        ({"minPrice": 20000}, "body", "The minimum sale price cannot be more than the maximum sale price."),
        ({"title": ""}, "title", "Enter a title of at least 2 characters."),
    ],
)
async def test_bad_charges_answer_422(
    client: AsyncClient, admin: dict[str, str], overrides: dict[str, Any], field: str, message: str
) -> None:
    response = await client.post("/api/charge/create", json=charge(**overrides), headers=admin)
    assert response.status_code == 422
    assert response.json()["errors"][0] == {"field": field, "message": message}


async def test_title_is_unique(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, charge())
    response = await client.post(
        "/api/charge/create", json=charge(title="BUYER FEE UP TO 10,000 AED"), headers=admin
    )
    assert response.status_code == 409
    assert response.json()["message"] == 'A charge titled "Buyer fee up to 10,000 AED" already exists.'


async def test_switch_two_charges_inactive_in_one_call(client: AsyncClient, admin: dict[str, str]) -> None:
    a = await create(client, admin, charge())
    b = await create(
        client,
        admin,
        charge(title="Storage per day", charges=50, kind="storagePerDay", minPrice=None, maxPrice=None),
    )
    response = await client.put(
        "/api/charge/update-charge-status",
        json={"ids": [a["_id"], b["_id"]], "isActive": False},
        headers=admin,
    )
    assert response.status_code == 200
    assert response.json() == {"message": "2 charges set inactive.", "total": 2, "active": 0, "inactive": 2}


async def test_update_keeps_the_active_switch_and_delete(client: AsyncClient, admin: dict[str, str]) -> None:
    a = await create(client, admin, charge(isActive=False))
    updated = await client.put(
        f"/api/charge/update/{a['_id']}", json=charge(charges=400, isActive=True), headers=admin
    )
    assert updated.status_code == 200
    assert updated.json()["charges"] == 400 and updated.json()["isActive"] is False
    assert (await client.put("/api/charge/update/none", json=charge(), headers=admin)).status_code == 404
    deleted = await client.request("DELETE", "/api/charge/delete", json={"ids": [a["_id"]]}, headers=admin)
    assert deleted.json() == {"message": "1 charge deleted.", "total": 0, "active": 0, "inactive": 0}


async def test_switching_to_the_state_a_charge_has_writes_nothing(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    a = await create(client, admin, charge())
    again = await client.put(
        "/api/charge/update-charge-status", json={"ids": [a["_id"]], "isActive": True}, headers=admin
    )
    assert again.status_code == 200
    assert again.json() == {"message": "1 charge set active.", "total": 1, "active": 1, "inactive": 0}
    actions = (await session.scalars(select(AuditEvent.action).where(AuditEvent.entity_id == a["_id"]))).all()
    assert actions == ["charge.created"]
