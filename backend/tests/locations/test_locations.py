from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from tests.factories import admin_headers, make_staff

WEEK = [
    {"day": d, "open": "08:00", "close": "18:00", "closed": False}
    for d in ("monday", "tuesday", "wednesday", "thursday", "saturday")
] + [{"day": "friday", "open": "14:00", "close": "18:00"}, {"day": "sunday", "closed": True}]


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def manager_id(db: async_sessionmaker[AsyncSession]) -> str:
    return (await make_staff(db, "manager@example.com", role_name="Yard managers")).id


def yard(manager: str | None = None, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "title": "Al Quoz Yard",
        "physical_address": "Street 18, Al Quoz Industrial Area 3, Dubai",
        "mailing_address": "PO Box 12345, Dubai",
        "phone_number": "04 321 5555",
        "fax_number": "12345",
        "general_manager": manager,
        "country": "United Arab Emirates",
        "state": "Dubai",
        "city": "Al Quoz",
        "schedule": WEEK,
    }
    body.update(overrides)
    return body


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/api/locations/create", json=body, headers=admin)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def test_create_location_with_manager_and_schedule(
    client: AsyncClient, admin: dict[str, str], manager_id: str
) -> None:
    location = await create(client, admin, yard(manager_id))
    assert location["title"] == "Al Quoz Yard"
    assert location["status"] == "active"
    assert location["phone_number"] == "+97143215555"
    assert location["fax_number"] == "12345"
    assert location["general_manager"]["_id"] == manager_id
    assert location["general_manager"]["fullName"] == "Test Staff"
    days = {h["day"]: h for h in location["schedule"]}
    assert days["friday"] == {"day": "friday", "open": "14:00", "close": "18:00", "closed": False}
    assert days["sunday"] == {"day": "sunday", "open": None, "close": None, "closed": True}
    assert location["schedule"][0]["day"] == "monday"
    assert "createdAt" in location


async def test_title_is_unique_per_city(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, yard())
    twin = await client.post("/api/locations/create", json=yard(title="al quoz yard"), headers=admin)
    assert twin.status_code == 409
    assert twin.json()["message"] == 'A location titled "Al Quoz Yard" already exists in Al Quoz.'
    assert twin.json()["errors"][0]["field"] == "title"
    elsewhere = await client.post(
        "/api/locations/create", json=yard(state="Sharjah", city="Industrial Area"), headers=admin
    )
    assert elsewhere.status_code == 201


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"title": " "}, "title", "Enter a title of at least 2 characters."),
        (
            {"physical_address": "abc"},
            "physical_address",
            "Enter the physical address (at least 5 characters).",
        ),
        ({"phone_number": "12"}, "phone_number", "Enter a valid phone number, for example +971 50 123 4567."),
        ({"fax_number": "PO-12"}, "fax_number", "Enter the PO Box number (digits only, up to 7)."),
        ({"country": "Atlantis"}, "country", "Choose the country from the list (United Arab Emirates)."),
        ({"state": "Doha"}, "state", "Choose the emirate from the list for United Arab Emirates."),
        ({"city": "Al Ain"}, "city", "Choose a city of Dubai from the list."),
        (
            {"schedule": [{"day": "funday", "closed": True}]},
            "schedule.0.day",
            "The day must be one of monday to sunday.",
        ),
        (
            {"schedule": [{"day": "monday", "open": "8am", "close": "18:00"}]},
            "schedule.0.open",
            "Enter the time as HH:MM, for example 08:30.",
        ),
        (
            {"schedule": [{"day": "monday", "open": "18:00", "close": "08:00"}]},
            "schedule.0.close",
            "On Monday the closing time must be after the opening time.",
        ),
        (
            {"schedule": [{"day": "monday", "open": "08:00"}]},
            "schedule.0.close",
            "Enter the closing time for Monday, or mark it closed.",
        ),
        (
            {"schedule": [{"day": "tuesday", "close": "08:00"}]},
            "schedule.0.open",
            "Enter the opening time for Tuesday, or mark it closed.",
        ),
        (
            {"schedule": [{"day": "monday", "closed": True}, {"day": "monday", "closed": True}]},
            "schedule.1.day",
            "Monday appears twice in the schedule.",
        ),
    ],
)
async def test_bad_locations_answer_422_and_store_nothing(
    client: AsyncClient, admin: dict[str, str], overrides: dict[str, Any], field: str, message: str
) -> None:
    response = await client.post("/api/locations/create", json=yard(**overrides), headers=admin)
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0] == {"field": field, "message": message}
    assert (await client.post("/api/locations/get", json={}, headers=admin)).json()["totalLocations"] == 0


async def test_manager_must_exist_and_be_active(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    missing = await client.post("/api/locations/create", json=yard("nope"), headers=admin)
    assert missing.status_code == 422
    assert missing.json()["errors"] == [
        {"field": "general_manager", "message": "The chosen general manager does not exist."}
    ]
    suspended = await make_staff(db, "away@example.com", status="Suspended")
    response = await client.post("/api/locations/create", json=yard(suspended.id), headers=admin)
    assert response.status_code == 422
    assert response.json()["message"] == "Test Staff is not an active staff user."


async def test_list_search_status_filter_and_counts(client: AsyncClient, admin: dict[str, str]) -> None:
    a = await create(client, admin, yard())
    await create(client, admin, yard(title="Sharjah Auction Yard", state="Sharjah", city="Industrial Area"))
    found = (await client.post("/api/locations/get", json={"search": "sharjah"}, headers=admin)).json()
    assert [x["title"] for x in found["locations"]] == ["Sharjah Auction Yard"]
    changed = await client.put(
        "/api/locations/update-status", json={"ids": [a["_id"]], "status": "inActive"}, headers=admin
    )
    assert changed.status_code == 200
    assert changed.json() == {
        "message": "1 location set to inactive.",
        "totalLocations": 2,
        "activeLocations": 1,
        "inActiveLocations": 1,
    }
    inactive = (await client.post("/api/locations/get", json={"status": "inActive"}, headers=admin)).json()
    assert [x["_id"] for x in inactive["locations"]] == [a["_id"]]


async def test_update_changes_fields_and_schedule_but_not_status(
    client: AsyncClient, admin: dict[str, str], manager_id: str
) -> None:
    location = await create(client, admin, yard())
    body = yard(
        manager_id,
        title="Al Quoz Main Yard",
        status="inActive",
        schedule=[{"day": "monday", "open": "07:00", "close": "15:00"}],
    )
    response = await client.put(f"/api/locations/update/{location['_id']}", json=body, headers=admin)
    assert response.status_code == 200
    updated = response.json()
    assert updated["title"] == "Al Quoz Main Yard" and updated["status"] == "active"
    assert updated["schedule"] == [{"day": "monday", "open": "07:00", "close": "15:00", "closed": False}]
    assert updated["general_manager"]["_id"] == manager_id


async def test_update_unknown_location_answers_404(client: AsyncClient, admin: dict[str, str]) -> None:
    response = await client.put("/api/locations/update/none", json=yard(), headers=admin)
    assert response.status_code == 404
    assert response.json()["message"] == "This location does not exist."


async def test_bulk_status_and_delete_are_all_or_nothing(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    a = await create(client, admin, yard())
    bad = await client.put(
        "/api/locations/update-status", json={"ids": [a["_id"], "none"], "status": "inActive"}, headers=admin
    )
    assert bad.status_code == 404
    assert bad.json()["message"] == "1 of the selected locations no longer exists."
    wrong_status = await client.put(
        "/api/locations/update-status", json={"ids": [a["_id"]], "status": "closed"}, headers=admin
    )
    assert wrong_status.status_code == 422
    gone = await client.request("DELETE", "/api/locations/delete", json={"ids": [a["_id"]]}, headers=admin)
    assert gone.status_code == 200
    assert gone.json()["message"] == "1 location deleted."
    assert gone.json()["totalLocations"] == 0
    actions = (await session.scalars(select(AuditEvent.action).where(AuditEvent.entity == "location"))).all()
    assert actions == ["location.created", "location.deleted"]


async def test_geography_lists_the_emirates(client: AsyncClient, admin: dict[str, str]) -> None:
    body = (await client.get("/api/locations/geography", headers=admin)).json()
    assert body["defaultCountry"] == "United Arab Emirates"
    assert len(body["countries"]["United Arab Emirates"]) == 7
    assert "Al Ain" in body["countries"]["United Arab Emirates"]["Abu Dhabi"]


async def test_setting_the_status_a_location_has_writes_nothing(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    a = await create(client, admin, yard())
    for _ in range(2):
        again = await client.put(
            "/api/locations/update-status", json={"ids": [a["_id"]], "status": "active"}, headers=admin
        )
        assert again.status_code == 200
        assert again.json()["message"] == "1 location set to active."
    actions = (await session.scalars(select(AuditEvent.action).where(AuditEvent.entity == "location"))).all()
    assert actions == ["location.created"]
