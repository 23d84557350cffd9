"""Gate passes: only against a paid invoice, scanned at the gate, used once, never forged."""

from datetime import timedelta
from io import BytesIO
from typing import Any

import pytest
from httpx import AsyncClient
from pypdf import PdfReader

from tests.auctions.factory import SALE_START, moved_clock
from tests.money.gate_factory import issue, pay


@pytest.fixture
async def paid(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> Any:
    return await pay(client, admin, cashier, sale)


async def test_no_gate_pass_while_money_is_owed(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    refused = await issue(client, admin, sale["cars"][0]["_id"])
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "INV-2031-000001 still owes AED 25,472.50 (storage to 01/05/2031 included); "
        "a gate pass is issued once it is paid in full and verified."
    )


async def test_a_pass_lets_the_vehicle_out_once(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any]
) -> None:
    car = paid["cars"][0]
    issued = await issue(client, admin, car["_id"])
    assert issued.status_code == 201, issued.text
    token = issued.json()["data"]["token"]
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert vehicle["gatePassStatus"] == "Generated"

    scanned = await client.post("/api/gate/scan", json={"token": token}, headers=admin)
    assert scanned.status_code == 200, scanned.text
    assert scanned.json()["allowed"] is True
    assert scanned.json()["message"].startswith(f"Khalid Buyer1 may take Lot {car['vehicleLotNumber']}")

    no_id = await client.post(
        "/api/gate/pick-up",
        json={"token": token, "driverName": "Rashid Driver", "driverEmiratesId": "784"},
        headers=admin,
    )
    assert no_id.status_code == 422
    taken = await client.post(
        "/api/gate/pick-up",
        json={"token": token, "driverName": "Rashid Driver", "driverEmiratesId": "784-1990-1234567-6"},
        headers=admin,
    )
    assert taken.status_code == 200, taken.text
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert (vehicle["gatePassStatus"], vehicle["isReleased"]) == ("Picked Up", True)

    again = await client.post("/api/gate/scan", json={"token": token}, headers=admin)
    assert (again.json()["allowed"], again.json()["reason"]) == (False, "pickedUp")
    assert "was already picked up" in again.json()["message"]
    # The pick-up released the vehicle (issue 23): there is nothing left to release by hand.
    released = await client.put(
        f"/api/vehicles/update-vehicle-status/{car['_id']}", json={"isReleased": True}, headers=admin
    )
    assert released.status_code == 409, released.text


async def test_forged_expired_and_replaced_passes_are_refused(
    client: AsyncClient, app: Any, admin: dict[str, str], paid: dict[str, Any]
) -> None:
    car = paid["cars"][0]
    first_pass = (await issue(client, admin, car["_id"])).json()["data"]
    first = first_pass["token"]
    forged = first[:-2] + ("AA" if not first.endswith("AA") else "BB")
    answer = (await client.post("/api/gate/scan", json={"token": forged}, headers=admin)).json()
    assert (answer["allowed"], answer["reason"]) == (False, "forged")
    assert (await client.post("/api/gate/scan", json={"token": "hello"}, headers=admin)).json()[
        "reason"
    ] == "forged"

    second = (await issue(client, admin, car["_id"], replaces=first_pass["_id"])).json()["data"]["token"]
    replaced = (await client.post("/api/gate/scan", json={"token": first}, headers=admin)).json()
    assert (replaced["allowed"], replaced["reason"]) == (False, "cancelled")

    moved_clock(app, SALE_START + timedelta(hours=50))
    expired = (await client.post("/api/gate/scan", json={"token": second}, headers=admin)).json()
    assert (expired["allowed"], expired["reason"]) == (False, "expired")


async def test_the_gate_pass_pdf_carries_the_qr_code(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any]
) -> None:
    issued = (await issue(client, admin, paid["cars"][0]["_id"])).json()["data"]
    document = await client.get(f"/api/gate-passes/{issued['_id']}/pdf", headers=admin)
    assert document.status_code == 200
    assert document.content.startswith(b"%PDF")
    assert b"/Subtype /Image" in document.content or b"/Image" in document.content
    lines = PdfReader(BytesIO(document.content)).pages[0].extract_text().splitlines()
    assert issued["code"] in lines, "the gate code beside the QR code, on one line"
    listed = (await client.get(f"/api/gate-passes/vehicle/{paid['cars'][0]['_id']}", headers=admin)).json()
    assert [p["status"] for p in listed["data"]] == ["Generated"]


async def test_a_refused_pick_up_is_answered_and_its_scan_audited(
    client: AsyncClient, admin: dict[str, str], paid: dict[str, Any], db: Any
) -> None:
    from sqlalchemy import select

    from gavel.audit.models import AuditEvent

    refused = await client.post(
        "/api/gate/pick-up",
        json={
            "token": "GP1.x.1.forged",
            "driverName": "Rashid Driver",
            "driverEmiratesId": "784-1990-1234567-6",
        },
        headers=admin,
    )
    assert refused.status_code == 409
    assert refused.json()["reason"] == "forged"
    async with db() as session:
        actions = list(
            await session.scalars(select(AuditEvent.action).where(AuditEvent.action.like("gate.%")))
        )
    assert actions == ["gate.scan_refused"]
    by_vehicle = await client.post(
        "/api/payment/get-payments", json={"vehicleId": paid["cars"][0]["_id"]}, headers=admin
    )
    assert [p["paymentConfirmationStatus"] for p in by_vehicle.json()["data"]] == ["Verified"]
