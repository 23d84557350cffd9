"""Reasons for rejecting and cancelling vehicles, the date of the last status change, changes that are safe to
send twice, a seller's counts per status, and the CSV's words."""

import csv
import io
from datetime import datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.vehicles import repository as vehicle_repository
from gavel.vehicles.models import Vehicle
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, vehicle
from tests.vehicles.test_vehicles import approve, create, listing, move, progress, sell


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def seller(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    return await approved_seller(client, admin)


async def change(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> Any:
    return await client.put("/api/vehicles/update-status", json=body, headers=admin)


async def detail(client: AsyncClient, admin: dict[str, str], vehicle_id: str) -> dict[str, Any]:
    response = await client.get(f"/api/vehicles/{vehicle_id}", headers=admin)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def status_events(session: AsyncSession, vehicle_id: str) -> list[tuple[Any, Any]]:
    rows = await session.execute(
        select(AuditEvent.old_values, AuditEvent.new_values)
        .where(AuditEvent.entity_id == vehicle_id, AuditEvent.action == "vehicle.status_changed")
        .order_by(AuditEvent.created_at)
    )
    return [tuple(row) for row in rows]


@pytest.mark.parametrize(
    ("status", "reason", "message"),
    [
        ("rejected", None, "Give a reason for rejecting the vehicle."),
        ("rejected", "  ", "Give a reason for rejecting the vehicle."),
        ("rejected", "no", "Give a reason for rejecting the vehicle."),
        ("cancelled", None, "Give a reason for cancelling the vehicle."),
        ("cancelled", " x\n\t", "Give a reason for cancelling the vehicle."),
    ],
)
async def test_rejecting_and_cancelling_need_a_reason(
    client: AsyncClient,
    admin: dict[str, str],
    seller: dict[str, Any],
    status: str,
    reason: str | None,
    message: str,
) -> None:
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    if status == "cancelled":
        await approve(client, admin, v["_id"])
    body: dict[str, Any] = {"ids": [v["_id"]], "status": status}
    if reason is not None:
        body["reason"] = reason
    response = await change(client, admin, body)
    assert response.status_code == 422, response.text
    assert response.json() == {"message": message, "errors": [{"field": "reason", "message": message}]}
    assert (await detail(client, admin, v["_id"]))["status"] != status


async def test_the_message_speaks_of_vehicles_for_several(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    a = (await create(client, admin, vehicle(seller["_id"], 1)))["data"]
    b = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]
    response = await change(client, admin, {"ids": [a["_id"], b["_id"]], "status": "rejected"})
    assert response.status_code == 422
    assert response.json()["message"] == "Give a reason for rejecting the vehicles."
    too_long = await change(client, admin, {"ids": [a["_id"]], "status": "rejected", "reason": "y" * 501})
    assert too_long.json()["errors"] == [
        {"field": "reason", "message": "String should have at most 500 characters"}
    ]


async def test_reason_and_date_of_the_change_are_stored_shown_and_audited(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], session: AsyncSession
) -> None:
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    assert v["statusReason"] is None and v["statusChangedAt"] is None
    ids = [v["_id"]]
    started = datetime.now().astimezone()
    rejected = await change(
        client, admin, {"ids": ids, "status": "rejected", "reason": " Odometer  reading does not\nmatch. "}
    )
    assert rejected.status_code == 200 and rejected.json()["message"] == "1 vehicle set to rejected."
    shown = await detail(client, admin, v["_id"])
    assert shown["statusReason"] == "Odometer reading does not match."
    changed = datetime.fromisoformat(shown["statusChangedAt"])
    assert started - timedelta(seconds=5) <= changed <= datetime.now().astimezone() + timedelta(seconds=5)
    row = (await listing(client, admin, status="rejected"))["vehicles"][0]
    assert (row["statusReason"], row["statusChangedAt"]) == (shown["statusReason"], shown["statusChangedAt"])
    # Resubmitting clears the reason and dates the change again.
    assert (await move(client, admin, ids, "pending")).status_code == 200
    again = await detail(client, admin, v["_id"])
    assert again["statusReason"] is None and again["statusChangedAt"] >= shown["statusChangedAt"]
    await approve(client, admin, v["_id"])
    assert (await detail(client, admin, v["_id"]))["statusReason"] is None
    cancelled = await change(
        client, admin, {"ids": ids, "status": "cancelled", "reason": "Seller withdrew it."}
    )
    assert cancelled.json()["message"] == "1 vehicle set to cancelled."
    assert (await detail(client, admin, v["_id"]))["statusReason"] == "Seller withdrew it."
    assert await status_events(session, v["_id"]) == [
        (
            {"status": "pending", "reason": None},
            {"status": "rejected", "reason": "Odometer reading does not match."},
        ),
        (
            {"status": "rejected", "reason": "Odometer reading does not match."},
            {"status": "pending", "reason": None},
        ),
        ({"status": "pending", "reason": None}, {"status": "approved", "reason": None}),
        ({"status": "approved", "reason": None}, {"status": "cancelled", "reason": "Seller withdrew it."}),
    ]


async def test_the_same_change_twice_changes_nothing_the_second_time(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], session: AsyncSession
) -> None:
    a = (await create(client, admin, vehicle(seller["_id"], 1)))["data"]
    b = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]
    body = {"ids": [a["_id"]], "status": "rejected", "reason": "Flood damage not declared."}
    first = await change(client, admin, body)
    assert first.status_code == 200
    before = await detail(client, admin, a["_id"])
    second = await change(client, admin, body | {"reason": "Typed again, differently."})
    assert second.status_code == 200 and second.json() == first.json()
    assert await detail(client, admin, a["_id"]) == before
    assert len(await status_events(session, a["_id"])) == 1
    # In bulk: the vehicle already rejected is skipped, the other one moves.
    both = await change(
        client, admin, {"ids": [a["_id"], b["_id"]], "status": "rejected", "reason": "Same batch."}
    )
    assert both.status_code == 200 and both.json()["counts"]["rejected"] == 2
    assert await detail(client, admin, a["_id"]) == before
    assert (await detail(client, admin, b["_id"]))["statusReason"] == "Same batch."
    # Approving twice, cancelling twice: no 409 for the repeat.
    c = (await create(client, admin, vehicle(seller["_id"], 3)))["data"]
    await approve(client, admin, c["_id"])
    assert (await move(client, admin, [c["_id"]], "approved")).status_code == 200
    assert (await move(client, admin, [c["_id"]], "cancelled")).status_code == 200
    assert (await move(client, admin, [c["_id"]], "cancelled")).status_code == 200
    assert len(await status_events(session, c["_id"])) == 2
    # Every other rule still holds.
    refused = await move(client, admin, [c["_id"]], "approved")
    assert refused.status_code == 409
    assert refused.json()["message"] == f"Lot {c['vehicleLotNumber']} cannot go from cancelled to approved."


async def test_a_sold_vehicle_set_to_sold_is_not_refused(
    client: AsyncClient,
    admin: dict[str, str],
    seller: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
) -> None:
    buyer = await approved_seller(client, admin, 2)
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    await approve(client, admin, v["_id"])
    await sell(db, v["_id"], buyer["_id"])
    assert (await move(client, admin, [v["_id"]], "sold")).status_code == 200


async def test_seller_counts_per_status(
    client: AsyncClient,
    admin: dict[str, str],
    seller: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
) -> None:
    other = await approved_seller(client, admin, 2)
    empty = await client.get(f"/api/vehicles/seller-counts/{seller['_id']}", headers=admin)
    assert empty.status_code == 200
    assert empty.json() == {
        "memberId": seller["_id"],
        "pending": 0,
        "approved": 0,
        "rejected": 0,
        "sold": 0,
        "cancelled": 0,
        "total": 0,
    }
    mine = [(await create(client, admin, vehicle(seller["_id"], n)))["data"] for n in range(1, 6)]
    await create(client, admin, vehicle(other["_id"], 9))
    await approve(client, admin, mine[0]["_id"])
    await approve(client, admin, mine[1]["_id"])
    assert (await move(client, admin, [mine[1]["_id"]], "cancelled")).status_code == 200
    assert (await move(client, admin, [mine[2]["_id"]], "rejected")).status_code == 200
    await approve(client, admin, mine[3]["_id"])
    await sell(db, mine[3]["_id"], other["_id"])
    counts = await client.get(f"/api/vehicles/seller-counts/{seller['_id']}", headers=admin)
    assert counts.json() == {
        "memberId": seller["_id"],
        "pending": 1,
        "approved": 1,
        "rejected": 1,
        "sold": 1,
        "cancelled": 1,
        "total": 5,
    }
    theirs = (await client.get(f"/api/vehicles/seller-counts/{other['_id']}", headers=admin)).json()
    assert (theirs["pending"], theirs["sold"], theirs["total"]) == (
        1,
        0,
        1,
    )  # bought vehicles are not sold ones
    missing = await client.get("/api/vehicles/seller-counts/nobody", headers=admin)
    assert missing.status_code == 404
    assert missing.json() == {"message": "This member does not exist.", "errors": []}


async def test_gate_pass_messages_say_cancelled(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    buyer = await approved_seller(client, admin, 2)
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    await approve(client, admin, v["_id"])
    await sell(db, v["_id"], buyer["_id"])
    await sell(db, v["_id"], buyer["_id"], gate_pass_status="Canceled")
    shown = (await detail(client, admin, v["_id"]))["gatePassStatus"]
    assert shown == "Canceled", "the API value stays; the screens and the CSV say Cancelled"


async def test_the_csv_speaks_the_screens_words(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    buyer = await approved_seller(client, admin, 2)
    pending = (await create(client, admin, vehicle(seller["_id"], 1)))["data"]
    assert (
        await progress(client, admin, pending["_id"], isReceived=True, isInspection="inInspection")
    ).status_code == 200
    cancelled = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]
    await approve(client, admin, cancelled["_id"])
    assert (
        await move(client, admin, [cancelled["_id"]], "cancelled", "=Seller withdrew it.")
    ).status_code == 200
    sold = (await create(client, admin, vehicle(seller["_id"], 3)))["data"]
    await approve(client, admin, sold["_id"])
    await sell(db, sold["_id"], buyer["_id"], gate_pass_status="Canceled")

    async def rows(status: str) -> list[dict[str, str]]:
        response = await client.post("/api/vehicles/export", json={"status": status}, headers=admin)
        assert response.status_code == 200
        table = list(csv.reader(io.StringIO(response.text)))
        return [dict(zip(table[0], row, strict=True)) for row in table[1:]]

    [p] = await rows("pending")
    assert (p["Status"], p["Received"], p["SVD (delivered by seller)"], p["Inspection"]) == (
        "Pending",
        "Yes",
        "No",
        "In inspection",
    )
    assert (p["Fuel"], p["Body style"], p["Transmission"], p["Status reason"]) == (
        "Petrol",
        "SUV",
        "Automatic",
        "",
    )
    [c] = await rows("cancelled")
    assert (c["Status"], c["Status reason"], c["Returned"]) == ("Cancelled", "'=Seller withdrew it.", "No")
    [s] = await rows("sold")
    assert (s["Status"], s["Inspection"], s["Paid"], s["Gate pass"], s["Released"]) == (
        "Sold",
        "Completed",
        "No",
        "Cancelled",
        "No",
    )
    assert s["Sold for (AED)"] == "97500.00"


@pytest.mark.parametrize(
    ("wanted", "meanwhile", "answer", "message"),
    [
        ("rejected", "rejected", 200, "1 vehicle set to rejected."),
        ("rejected", "approved", 409, "Lot {lot} cannot go from approved to rejected."),
        ("cancelled", "cancelled", 200, "1 vehicle set to cancelled."),
        ("cancelled", "sold", 409, "Lot {lot} cannot go from sold to cancelled."),
        ("rejected", None, 404, "1 of the selected vehicles no longer exists."),
    ],
)
async def test_a_change_made_by_another_request_after_the_read_is_seen(
    client: AsyncClient,
    admin: dict[str, str],
    seller: dict[str, Any],
    session: AsyncSession,
    monkeypatch: pytest.MonkeyPatch,
    wanted: str,
    meanwhile: str | None,
    answer: int,
    message: str,
) -> None:
    """Another request changes (or deletes) the vehicle between this request's read and its write: the same
    change is then done already (200, nothing written twice), anything else refuses this one. (Every vehicle
    status is reached from one status only, so a vehicle changed meanwhile can never take this change.)"""
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    if wanted == "cancelled":
        await approve(client, admin, v["_id"])
    before = len(await status_events(session, v["_id"]))
    read = vehicle_repository.by_ids

    async def read_then_changed_elsewhere(db: AsyncSession, ids: Any) -> list[Vehicle]:
        found = await read(db, ids)
        row = Vehicle.id == v["_id"]
        elsewhere = (
            delete(Vehicle).where(row)
            if meanwhile is None
            else update(Vehicle).where(row).values(status=meanwhile, status_reason="Changed elsewhere.")
        )
        await db.execute(elsewhere.execution_options(synchronize_session=False))
        return found

    monkeypatch.setattr(vehicle_repository, "by_ids", read_then_changed_elsewhere)
    response = await move(client, admin, [v["_id"]], wanted, "Flood damage not declared.")
    assert response.status_code == answer, response.text
    assert response.json()["message"] == message.format(lot=v["vehicleLotNumber"])
    monkeypatch.undo()
    if answer == 200:  # (a refusal rolls back this request, and with it the stand-in for the other one)
        after = await detail(client, admin, v["_id"])
        assert (after["status"], after["statusReason"]) == (meanwhile, "Changed elsewhere.")
    assert len(await status_events(session, v["_id"])) == before
