"""Active charges of one kind and side never share a sale price: a sale would be charged twice."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from tests.factories import admin_headers

LOW = "Buyer fee up to 10,000 AED"
LOW_OVERLAP = f'The price band overlaps "{LOW}" (AED 0.00 to AED 10,000.00): a sale would be charged twice.'
LOW_FIELD = f'Overlaps "{LOW}" (AED 0.00 to AED 10,000.00).'


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def charge(title: str, low: float | str | None, high: float | str | None, **overrides: Any) -> dict[str, Any]:
    return {
        "title": title,
        "charges": 350,
        "appliesTo": "buyer",
        "minPrice": low,
        "maxPrice": high,
        **overrides,
    }


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/api/charge/create", json=body, headers=admin)
    assert response.status_code == 201, response.text
    return dict(response.json())


def refused_with(response: Any, message: str, field_message: str) -> None:
    assert response.status_code == 409, response.text
    body = response.json()
    assert body["message"] == message
    assert body["errors"] == [
        {"field": "minPrice", "message": field_message},
        {"field": "maxPrice", "message": field_message},
    ]


@pytest.fixture
async def low(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    return await create(client, admin, charge(LOW, 0, 10000))


async def test_touching_bands_do_not_overlap(client: AsyncClient, admin: dict[str, str], low: Any) -> None:
    await create(client, admin, charge("Buyer fee 10,000 to 50,000 AED", "10000.01", 50000))
    await create(client, admin, charge("Buyer fee above 50,000 AED", "50000.01", None))


@pytest.mark.parametrize(
    ("low_end", "high_end"),
    [
        (5000, 20000),  # the example: a 15,000 sale would match two buyer fees
        (10000, 50000),  # ends are inclusive: 10,000.00 is in both
        (None, 0),  # an open start reaches down to 0
        ("9999.99", None),  # an open end reaches every price above
        (None, None),  # no band: every price
        (2000, 3000),  # inside
        (0, 10000),  # the same band
    ],
)
async def test_overlapping_bands_are_refused(
    client: AsyncClient, admin: dict[str, str], low: Any, low_end: Any, high_end: Any
) -> None:
    response = await client.post(
        "/api/charge/create", json=charge("Buyer fee B", low_end, high_end), headers=admin
    )
    refused_with(response, LOW_OVERLAP, LOW_FIELD)


async def test_a_charge_without_a_band_overlaps_every_band(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    await create(client, admin, charge("Buyer flat fee", None, None))
    response = await client.post(
        "/api/charge/create", json=charge("Buyer fee C", 20000, 30000), headers=admin
    )
    refused_with(
        response,
        'The price band overlaps "Buyer flat fee" (any sale price): a sale would be charged twice.',
        'Overlaps "Buyer flat fee" (any sale price).',
    )


async def test_the_message_names_open_bands(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, charge("Buyer fee above 50,000 AED", "50000.01", None))
    await create(client, admin, charge("Buyer fee up to 1,000 AED", None, 1000))
    above = await client.post("/api/charge/create", json=charge("Fee D", 60000, 70000), headers=admin)
    assert above.json()["message"] == (
        'The price band overlaps "Buyer fee above 50,000 AED" (from AED 50,000.01): '
        "a sale would be charged twice."
    )
    below = await client.post("/api/charge/create", json=charge("Fee E", 500, 600), headers=admin)
    assert below.json()["message"] == (
        'The price band overlaps "Buyer fee up to 1,000 AED" (up to AED 1,000.00): '
        "a sale would be charged twice."
    )


async def test_the_lowest_overlapping_band_is_named(
    client: AsyncClient, admin: dict[str, str], low: Any
) -> None:
    await create(client, admin, charge("Buyer fee 10,000 to 50,000 AED", "10000.01", 50000))
    response = await client.post("/api/charge/create", json=charge("Wide", 5000, 20000), headers=admin)
    refused_with(response, LOW_OVERLAP, LOW_FIELD)


@pytest.mark.parametrize(
    "overrides",
    [{"appliesTo": "seller"}, {"kind": "gatePass"}, {"kind": "storagePerDay"}, {"kind": "latePayment"}],
)
async def test_other_kinds_and_sides_may_share_prices(
    client: AsyncClient, admin: dict[str, str], low: Any, overrides: dict[str, Any]
) -> None:
    created = await create(client, admin, charge("Other fee", 5000, 20000, **overrides))
    assert created["isActive"] is True


async def test_same_kind_other_than_sale_is_checked_too(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, charge("Gate fee", None, None, kind="gatePass"))
    response = await client.post(
        "/api/charge/create", json=charge("Second gate fee", None, None, kind="gatePass"), headers=admin
    )
    refused_with(
        response,
        'The price band overlaps "Gate fee" (any sale price): a sale would be charged twice.',
        'Overlaps "Gate fee" (any sale price).',
    )


async def test_inactive_charges_are_ignored(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, charge("Old buyer fee", 0, 100000, isActive=False))
    await create(client, admin, charge(LOW, 0, 10000))
    # An inactive charge may be created over an active one: it charges nothing until switched on.
    await create(client, admin, charge("Draft buyer fee", 5000, 20000, isActive=False))


async def test_update_of_an_active_charge_is_checked(
    client: AsyncClient, admin: dict[str, str], low: Any
) -> None:
    middle = await create(client, admin, charge("Buyer fee 10,000 to 50,000 AED", "10000.01", 50000))
    path = f"/api/charge/update/{middle['_id']}"
    refused = await client.put(
        path, json=charge("Buyer fee 10,000 to 50,000 AED", 5000, 50000), headers=admin
    )
    refused_with(refused, LOW_OVERLAP, LOW_FIELD)
    # Its own band is no overlap; moving it within free prices is fine.
    kept = await client.put(path, json=charge("Buyer fee 10,000 to 50,000 AED", 20000, 60000), headers=admin)
    assert kept.status_code == 200, kept.text
    # Moving a charge into a band of another kind's prices is no overlap either.
    moved = await client.put(path, json=charge("Buyer gate fee", 0, 10000, kind="gatePass"), headers=admin)
    assert moved.status_code == 200 and moved.json()["kind"] == "gatePass"


async def test_update_of_an_inactive_charge_is_not_checked(
    client: AsyncClient, admin: dict[str, str], low: Any
) -> None:
    draft = await create(client, admin, charge("Draft buyer fee", 20000, 30000, isActive=False))
    response = await client.put(
        f"/api/charge/update/{draft['_id']}", json=charge("Draft buyer fee", 5000, 30000), headers=admin
    )
    assert response.status_code == 200


async def test_switching_on_an_overlapping_charge_is_refused_and_changes_nothing(
    client: AsyncClient, admin: dict[str, str], low: Any, session: AsyncSession
) -> None:
    free = await create(client, admin, charge("Buyer fee above 50,000 AED", "50000.01", None, isActive=False))
    draft = await create(client, admin, charge("Draft buyer fee", 5000, 20000, isActive=False))
    response = await client.put(
        "/api/charge/update-charge-status",
        json={"ids": [free["_id"], draft["_id"]], "isActive": True},
        headers=admin,
    )
    assert response.status_code == 409
    assert response.json()["message"] == (
        'Switching on "Draft buyer fee" (AED 5,000.00 to AED 20,000.00) would overlap '
        f'"{LOW}" (AED 0.00 to AED 10,000.00): a sale would be charged twice.'
    )
    assert response.json()["blocked"] == [draft["_id"]]
    listed = (await client.post("/api/charge/get", json={}, headers=admin)).json()
    assert (listed["active"], listed["inactive"]) == (1, 2)
    actions = (
        await session.scalars(select(AuditEvent.action).where(AuditEvent.action == "charge.status_changed"))
    ).all()
    assert actions == []


async def test_two_charges_switched_on_together_may_not_overlap_each_other(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    a = await create(client, admin, charge("Fee A", 0, 10000, isActive=False))
    b = await create(client, admin, charge("Fee B", 10000, 20000, isActive=False))
    c = await create(client, admin, charge("Fee C", "20000.01", None, isActive=False))
    response = await client.put(
        "/api/charge/update-charge-status",
        json={"ids": [a["_id"], b["_id"]], "isActive": True},
        headers=admin,
    )
    assert response.status_code == 409
    assert response.json()["message"] == (
        'Switching on "Fee B" (AED 10,000.00 to AED 20,000.00) would overlap "Fee A" '
        "(AED 0.00 to AED 10,000.00): a sale would be charged twice."
    )
    switched = await client.put(
        "/api/charge/update-charge-status",
        json={"ids": [a["_id"], c["_id"]], "isActive": True},
        headers=admin,
    )
    assert switched.status_code == 200
    assert switched.json()["message"] == "2 charges set active."


async def test_switching_off_is_never_refused(client: AsyncClient, admin: dict[str, str], low: Any) -> None:
    response = await client.put(
        "/api/charge/update-charge-status", json={"ids": [low["_id"]], "isActive": False}, headers=admin
    )
    assert response.status_code == 200
    await create(client, admin, charge("Buyer fee B", 5000, 20000))
