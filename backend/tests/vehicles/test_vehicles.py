import csv
import io
from datetime import date
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.vehicles.models import Vehicle
from tests.factories import admin_headers
from tests.vehicles.factory import approved_seller, north_american_vin, vehicle


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def seller(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    return await approved_seller(client, admin)


async def create(client: AsyncClient, admin: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/api/vehicles/create", json=body, headers=admin)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def listing(client: AsyncClient, admin: dict[str, str], **query: Any) -> dict[str, Any]:
    response = await client.post("/api/vehicles/get", json=query, headers=admin)
    assert response.status_code == 200, response.text
    return dict(response.json()["data"])


async def progress(client: AsyncClient, admin: dict[str, str], vehicle_id: str, **change: Any) -> Any:
    return await client.put(f"/api/vehicles/update-vehicle-status/{vehicle_id}", json=change, headers=admin)


REASONS = {"rejected": "Odometer reading does not match the papers.", "cancelled": "The seller withdrew it."}


async def move(
    client: AsyncClient, admin: dict[str, str], ids: list[str], status: str, reason: str | None = None
) -> Any:
    """A status change, with a reason where one is required (unless the test gives its own)."""
    body = {"ids": ids, "status": status, "reason": reason or REASONS.get(status)}
    return await client.put("/api/vehicles/update-status", json=body, headers=admin)


async def approve(client: AsyncClient, admin: dict[str, str], vehicle_id: str) -> None:
    assert (await progress(client, admin, vehicle_id, isReceived=True)).status_code == 200
    assert (await progress(client, admin, vehicle_id, isInspection="completed")).status_code == 200
    assert (await move(client, admin, [vehicle_id], "approved")).status_code == 200


async def sell(
    db: async_sessionmaker[AsyncSession], vehicle_id: str, buyer_id: str, **after_sale: Any
) -> None:
    """A sale recorded directly, with after-sale steps as the invoice and the gate would set them (the
    auction, invoice and gate flows have tests of their own)."""
    async with db() as session:
        row = await session.get(Vehicle, vehicle_id)
        assert row is not None
        row.status, row.buyer_member_id, row.sold_for = "sold", buyer_id, 97500
        for name, value in after_sale.items():
            setattr(row, name, value)
        await session.commit()


async def test_new_vehicle_is_pending_with_the_next_lot_number(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    first = await create(client, admin, vehicle(seller["_id"], 1))
    second = await create(client, admin, vehicle(seller["_id"], 2))
    v = first["data"]
    assert v["status"] == "pending" and v["requestType"] == "New" and v["isInspection"] == "pending"
    assert second["data"]["vehicleLotNumber"] == v["vehicleLotNumber"] + 1
    assert v["memberProfile"]["_id"] == seller["_id"] and v["memberProfile"]["firstName"] == "Majid"
    assert v["openingPrice"] == 85000 and v["reservePrice"] == 110000 and v["buyerInfo"] is None
    assert second["counts"]["pending"] == 2 and second["counts"]["reviewTotal"] == 2


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"vinNumber": "1HGCM82633A00435"}, "vinNumber", "A VIN has exactly 17 characters."),
        (
            {"vinNumber": "1HGCM82633A00435O"},
            "vinNumber",
            "A VIN has letters and digits only, never I, O or Q.",
        ),
        (
            {"vinNumber": "1HGCM82633A004353"},
            "vinNumber",
            "The check digit (9th character) of this North American VIN is wrong.",
        ),
        ({"year": 1899}, "year", f"The year must be from 1900 to {date.today().year}."),
        ({"year": date.today().year + 1}, "year", f"The year must be from 1900 to {date.today().year}."),
        ({"mileage": -1}, "mileage", "Input should be greater than or equal to 0"),
        ({"cylinders": 7}, "cylinders", "Cylinders must be one of 1, 2, 3, 4, 5, 6, 8, 10, 12."),
        ({"fuelType": "Coal"}, "fuelType", None),
        ({"bodyStyle": "Spaceship"}, "bodyStyle", None),
        ({"reservePrice": 1000}, "body", "The reserve price cannot be below the opening price."),
        (
            {"images": ["https://example.com/x.jpg"]},
            "images.0.url",
            "Upload the image to /api/uploads/vehicles first and send the URLs it answered.",
        ),
    ],
)
async def test_bad_vehicles_answer_422(
    client: AsyncClient,
    admin: dict[str, str],
    seller: dict[str, Any],
    overrides: dict[str, Any],
    field: str,
    message: str | None,
) -> None:
    response = await client.post(
        "/api/vehicles/create", json=vehicle(seller["_id"], **overrides), headers=admin
    )
    assert response.status_code == 422, response.text
    error = response.json()["errors"][0]
    assert error["field"] == field
    assert error["message"] == message or (message is None and error["message"].startswith("Input should be"))


async def test_european_vins_have_no_check_digit(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    created = await create(client, admin, vehicle(seller["_id"], vinNumber="wvwzzz1jzxw000001"))
    assert created["data"]["vinNumber"] == "WVWZZZ1JZXW000001"


async def test_the_seller_must_be_an_approved_seller(client: AsyncClient, admin: dict[str, str]) -> None:
    seller = await approved_seller(client, admin)
    missing = await client.post("/api/vehicles/create", json=vehicle("nope"), headers=admin)
    assert missing.status_code == 422
    assert missing.json()["errors"] == [
        {"field": "memberProfile", "message": "The chosen seller does not exist."}
    ]
    await client.put(
        "/api/members/update-status",
        json={"ids": [seller["_id"]], "status": "deactivated", "reason": "Sold cars with hidden damage."},
        headers=admin,
    )
    response = await client.post("/api/vehicles/create", json=vehicle(seller["_id"]), headers=admin)
    assert response.json()["errors"] == [
        {"field": "memberProfile", "message": "The seller must be an approved member who sells."}
    ]


async def test_duplicate_vin_names_the_lot_that_has_it(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    first = (await create(client, admin, vehicle(seller["_id"], 7)))["data"]
    response = await client.post("/api/vehicles/create", json=vehicle(seller["_id"], 7), headers=admin)
    assert response.status_code == 409
    message = f"Enter Unique Vin Number: Lot {first['vehicleLotNumber']} already has this VIN."
    assert response.json() == {"message": message, "errors": [{"field": "vinNumber", "message": message}]}


async def test_decode_vin_suggests_make_and_year_and_spots_duplicates(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    vin = north_american_vin(9)
    fresh = (
        await client.post("/api/vehicles/decode-vin", json={"vinNumber": vin.lower()}, headers=admin)
    ).json()
    assert fresh == {
        "vinNumber": vin,
        "valid": True,
        "message": None,
        "make": "Honda",
        "country": "United States",
        "year": 2019,
        "duplicate": False,
        "duplicateVehicleId": None,
        "duplicateLotNumber": None,
    }
    holder = (await create(client, admin, vehicle(seller["_id"], 9)))["data"]
    used = (await client.post("/api/vehicles/decode-vin", json={"vinNumber": vin}, headers=admin)).json()
    lot = holder["vehicleLotNumber"]
    assert used["duplicate"] is True
    assert used["message"] == f"Enter Unique Vin Number: Lot {lot} already has this VIN."
    assert (used["duplicateVehicleId"], used["duplicateLotNumber"]) == (holder["_id"], lot)
    bad = (await client.post("/api/vehicles/decode-vin", json={"vinNumber": "123"}, headers=admin)).json()
    assert bad["valid"] is False and bad["message"] == "A VIN has exactly 17 characters."


async def test_approval_needs_receipt_and_completed_inspection(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    lot = v["vehicleLotNumber"]
    early = await move(client, admin, [v["_id"]], "approved")
    assert early.status_code == 409
    assert early.json()["message"] == (
        f"Lot {lot} cannot be approved yet: it has not been received and its inspection is not completed."
    )
    assert early.json()["success"] is False
    assert early.json()["errors"][0]["field"] == v["_id"]
    not_received = await progress(client, admin, v["_id"], isInspection="inInspection")
    assert not_received.status_code == 409
    assert not_received.json()["message"] == f"Receive Lot {lot} at the yard before inspecting it."
    assert (
        await progress(client, admin, v["_id"], isReceived=True, isVehicleDeliveredBySeller=True)
    ).status_code == 200
    counts = await listing(client, admin)
    assert (counts["pending"], counts["received"], counts["reviewTotal"]) == (0, 1, 1)
    assert (await progress(client, admin, v["_id"], isInspection="inInspection")).json()[
        "isInspection"
    ] == "inInspection"
    stages = await listing(client, admin)
    assert (stages["received"], stages["inInspection"], stages["inspectionCompleted"]) == (0, 1, 0)
    half = await move(client, admin, [v["_id"]], "approved")
    assert half.json()["message"] == f"Lot {lot} cannot be approved yet: its inspection is not completed."
    await progress(client, admin, v["_id"], isInspection="completed")
    ready = await listing(client, admin)
    assert (ready["inInspection"], ready["inspectionCompleted"], ready["reviewTotal"]) == (0, 1, 1)
    ok = await move(client, admin, [v["_id"]], "approved")
    assert ok.status_code == 200
    assert ok.json()["success"] is True and ok.json()["errors"] == []
    assert ok.json()["counts"]["approved"] == 1 and ok.json()["counts"]["pending"] == 0
    assert (await listing(client, admin))["vehicles"] == []
    assert [x["_id"] for x in (await listing(client, admin, status="approved"))["vehicles"]] == [v["_id"]]


async def test_reject_resubmit_and_cancel_return(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    a = (await create(client, admin, vehicle(seller["_id"], 1)))["data"]
    b = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]
    assert (await move(client, admin, [a["_id"]], "rejected")).status_code == 200
    assert (await move(client, admin, [a["_id"]], "pending")).status_code == 200
    assert (await listing(client, admin))["vehicles"][-1]["requestType"] == "Update"
    await approve(client, admin, b["_id"])
    cancelled = await move(client, admin, [b["_id"]], "cancelled")
    assert cancelled.status_code == 200 and cancelled.json()["counts"]["unreturned"] == 1
    returned = await progress(client, admin, b["_id"], isReturned=True)
    assert returned.status_code == 200 and returned.json()["isReturned"] is True
    again = await progress(client, admin, b["_id"], isReturned=True)
    assert again.status_code == 409
    assert again.json()["message"] == f"Lot {b['vehicleLotNumber']} has already been returned."
    counts = await listing(client, admin, status="cancelled")
    assert counts["returned"] == 1 and counts["unreturned"] == 0


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("sold", "Lot {lot}: vehicles are sold by auctions, not by hand."),
        ("cancelled", "Lot {lot} cannot go from pending to cancelled."),
    ],
)
async def test_illegal_status_changes_answer_409(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], target: str, message: str
) -> None:
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    response = await move(client, admin, [v["_id"]], target)
    assert response.status_code == 409
    assert response.json()["message"] == message.format(lot=v["vehicleLotNumber"])


async def test_bulk_status_change_is_all_or_nothing(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    a = (await create(client, admin, vehicle(seller["_id"], 1)))["data"]
    b = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]
    await approve(client, admin, a["_id"])
    response = await move(client, admin, [a["_id"], b["_id"]], "cancelled")
    assert response.status_code == 409
    assert [e["field"] for e in response.json()["errors"]] == [b["_id"]]
    assert (await listing(client, admin, status="approved"))["approved"] == 1


async def test_after_sale_steps(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], db: async_sessionmaker[AsyncSession]
) -> None:
    buyer = await approved_seller(client, admin, 2)
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    await approve(client, admin, v["_id"])
    await sell(db, v["_id"], buyer["_id"])
    lot = v["vehicleLotNumber"]
    early = await progress(client, admin, v["_id"], isReleased=True)
    assert early.status_code == 409
    assert early.json()["message"] == f"Lot {lot} is released only once it is paid and picked up."
    by_hand = await progress(client, admin, v["_id"], isPaid=True)
    assert by_hand.status_code == 409
    assert by_hand.json()["message"] == (
        f"Payment of Lot {lot} follows its invoice: record and verify the payment under Payments."
    )
    gate = await progress(client, admin, v["_id"], gatePassStatus="Generated")
    assert gate.status_code == 409
    assert gate.json()["message"] == (
        f"The gate pass of Lot {lot} is issued from its Payment Details once paid, and scanned at the gate."
    )
    await sell(db, v["_id"], buyer["_id"], is_paid=True, gate_pass_status="Picked Up")
    released = await progress(client, admin, v["_id"], isReleased=True)
    assert released.status_code == 200 and released.json()["releaseDate"] is not None
    sold = await listing(client, admin, status="sold")
    assert sold["vehicles"][0]["buyerInfo"]["buyerProfile"]["_id"] == buyer["_id"]
    assert sold["vehicles"][0]["soldFor"] == 97500
    assert (sold["sold"], sold["paid"], sold["released"], sold["unreleased"]) == (1, 1, 1, 0)
    closed = await progress(client, admin, v["_id"], isPaid=False)
    assert closed.status_code == 409


async def test_after_sale_fields_need_a_sold_vehicle(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    v = (await create(client, admin, vehicle(seller["_id"])))["data"]
    response = await progress(client, admin, v["_id"], isPaid=True)
    assert response.status_code == 409
    assert response.json()["message"] == (
        f"Payment, gate pass and release apply to sold vehicles; Lot {v['vehicleLotNumber']} is pending."
    )
    empty = await progress(client, admin, v["_id"])
    assert empty.status_code == 422
    assert empty.json()["message"] == "Send at least one field to change."


async def test_delete_only_pending_or_rejected(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    a = (await create(client, admin, vehicle(seller["_id"], 1)))["data"]
    b = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]
    await approve(client, admin, b["_id"])
    refused = await client.request(
        "DELETE", "/api/vehicles", json={"vehiclesIds": [a["_id"], b["_id"]]}, headers=admin
    )
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        f"Only pending and rejected vehicles can be deleted: Lot {b['vehicleLotNumber']} is approved."
    )
    ok = await client.request("DELETE", "/api/vehicles", json={"vehiclesIds": [a["_id"]]}, headers=admin)
    assert ok.json() == {"success": True, "message": "1 vehicle deleted."}
    assert (await listing(client, admin))["vehicles"] == []


@pytest.mark.parametrize("term", ["land cruiser", "000003", "{lot}", "majid seller1", "TOYOTA"])
async def test_search(client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], term: str) -> None:
    await create(
        client, admin, vehicle(seller["_id"], 1, title="2020 Nissan Patrol", make="Nissan", model="Patrol")
    )
    target = (await create(client, admin, vehicle(seller["_id"], 3)))["data"]
    found = (await listing(client, admin, search=term.format(lot=target["vehicleLotNumber"])))["vehicles"]
    assert target["_id"] in [v["_id"] for v in found]
    if term != "majid seller1":
        assert len(found) == 1


async def test_filters_and_sorting(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    old = (
        await create(
            client,
            admin,
            vehicle(
                seller["_id"],
                1,
                year=2012,
                openingPrice=20000,
                reservePrice=None,
                fuelType="Diesel",
                make="Nissan",
                model="Patrol",
            ),
        )
    )["data"]
    new = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]

    async def ids(**query: Any) -> list[str]:
        return [v["_id"] for v in (await listing(client, admin, **query))["vehicles"]]

    assert await ids(make="Nissan") == [old["_id"]]
    assert await ids(yearFrom=2015) == [new["_id"]]
    assert await ids(fuelType="Diesel") == [old["_id"]]
    assert await ids(priceFrom=50000, priceTo=90000) == [new["_id"]]
    assert await ids(seller=seller["_id"], sortBy="year", sortOrder="asc") == [old["_id"], new["_id"]]
    assert await ids(assigned=True) == []


async def test_update_keeps_status_and_checks_the_vin(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    a = (await create(client, admin, vehicle(seller["_id"], 1)))["data"]
    b = (await create(client, admin, vehicle(seller["_id"], 2)))["data"]
    body = vehicle(seller["_id"], 1, title="2019 Toyota Land Cruiser VXR", status="approved", mileage=90000)
    updated = await client.put(f"/api/vehicles/{a['_id']}", json=body, headers=admin)
    assert updated.status_code == 200
    assert updated.json()["title"] == "2019 Toyota Land Cruiser VXR" and updated.json()["status"] == "pending"
    clash = await client.put(f"/api/vehicles/{b['_id']}", json=vehicle(seller["_id"], 1), headers=admin)
    assert clash.status_code == 409
    assert (
        clash.json()["message"]
        == f"Enter Unique Vin Number: Lot {a['vehicleLotNumber']} already has this VIN."
    )
    assert clash.json()["errors"] == [{"field": "vinNumber", "message": clash.json()["message"]}]
    detail = await client.get(f"/api/vehicles/{a['_id']}", headers=admin)
    assert detail.json()["mileage"] == 90000


async def test_images_keep_their_order_and_the_first_is_the_cover(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any]
) -> None:
    images = [
        {"url": f"/public/vehicles/{n}-car.jpg", "thumbnailUrl": f"/public/vehicles/thumbs/{n}-car.jpg"}
        for n in ("b", "a")
    ]
    v = (await create(client, admin, vehicle(seller["_id"], images=images)))["data"]
    assert [i["url"] for i in v["images"]] == ["/public/vehicles/b-car.jpg", "/public/vehicles/a-car.jpg"]
    assert v["thumbnailImages"][0] == "/public/vehicles/thumbs/b-car.jpg"


async def test_export_and_audit(
    client: AsyncClient, admin: dict[str, str], seller: dict[str, Any], session: AsyncSession
) -> None:
    v = (await create(client, admin, vehicle(seller["_id"], plateNumber="Dubai A 12345")))["data"]
    await progress(client, admin, v["_id"], isReceived=True)
    response = await client.post("/api/vehicles/export", json={"status": "pending"}, headers=admin)
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows[0][:4] == ["Lot", "VIN", "Plate", "Title"] and rows[1][1] == v["vinNumber"]
    exported = dict(zip(rows[0], rows[1], strict=True))
    assert exported["Received"] == "Yes" and exported["Plate"] == "Dubai A 12345"
    actions = (
        await session.scalars(
            select(AuditEvent.action).where(AuditEvent.entity_id == v["_id"]).order_by(AuditEvent.created_at)
        )
    ).all()
    assert actions == ["vehicle.created", "vehicle.progress"]
