"""The audit log's search box: a lot number, a VIN, an invoice or payment number, a member's or a staff user's
name; each finds the events of the records it names (a vehicle with its invoice and payment), nothing else."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.factories import admin_headers
from tests.money.conftest import fees, sell


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


@pytest.fixture
async def paid_sale(client: AsyncClient, app: Any, admin: dict[str, str]) -> dict[str, Any]:
    """Two cars sold to one buyer; the first car's invoice partly paid."""
    await fees(client, admin)
    sale = await sell(client, app, admin, count=2)
    invoice = sale["invoice"]
    paid = await client.post(
        "/api/payments/inbound",
        json={
            "invoiceId": invoice["_id"],
            "amount": 1000,
            "paymentMethod": "cash",
            "paymentDateAndTime": invoice["invoiceCreatedDate"],
        },
        headers=admin,
    )
    assert paid.status_code == 201, paid.text
    vehicle = (await client.get(f"/api/vehicles/{sale['cars'][0]['_id']}", headers=admin)).json()
    return {**sale, "payment": paid.json()["data"], "vehicle": vehicle}


async def searched(
    client: AsyncClient, admin: dict[str, str], words: str, **more: Any
) -> list[dict[str, Any]]:
    response = await client.get(
        "/api/audit-events", params={"search": words, "limit": 100, **more}, headers=admin
    )
    assert response.status_code == 200, response.text
    return list(response.json()["data"])


def records(events: list[dict[str, Any]]) -> set[tuple[str, str]]:
    return {(e["entity"], e["entityId"]) for e in events}


async def test_a_lot_number_finds_the_vehicle_its_invoice_and_payment(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    vehicle, invoice, payment = paid_sale["vehicle"], paid_sale["invoice"], paid_sale["payment"]
    lot = str(vehicle["vehicleLotNumber"])
    wanted = {("vehicle", vehicle["_id"]), ("invoice", invoice["_id"]), ("payment", payment["_id"])}
    for words in (lot, f"Lot {lot}", f"#{lot}"):
        found = await searched(client, admin, words)
        assert records(found) == wanted, words
    other_car = paid_sale["cars"][1]["_id"]
    assert ("vehicle", other_car) not in records(found)


async def test_a_vin_finds_its_vehicle_in_any_case(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    vehicle = paid_sale["vehicle"]
    found = await searched(client, admin, f"  {vehicle['vinNumber'].lower()} ")
    assert ("vehicle", vehicle["_id"]) in records(found)
    assert {"vehicle.created"} <= {e["action"] for e in found}


async def test_an_invoice_number_finds_the_invoice_and_its_payments(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    invoice, payment = paid_sale["invoice"], paid_sale["payment"]
    found = await searched(client, admin, invoice["invoiceNo"].lower())
    assert records(found) == {("invoice", invoice["_id"]), ("payment", payment["_id"])}


async def test_a_payment_number_finds_the_payment(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    payment = paid_sale["payment"]
    found = await searched(client, admin, payment["transactionId"])
    assert records(found) == {("payment", payment["_id"])}
    assert [e["action"] for e in found] == ["payment.recorded"]


async def test_a_member_name_finds_the_members_events(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    buyer = paid_sale["buyer"]
    name = f"{buyer['firstName']} {buyer['lastName']}"
    found = await searched(client, admin, name.upper())
    assert found and all(e["entity"] == "member" and e["entityId"] == buyer["_id"] for e in found)


async def test_a_staff_name_finds_what_they_did_and_what_was_done_to_them(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    found = await searched(client, admin, "administr")
    assert found and all(e["actorId"] == me["_id"] or e["entityId"] == me["_id"] for e in found)
    everything = (await client.get("/api/audit-events", params={"limit": 100}, headers=admin)).json()
    by_admin = [e for e in everything["data"] if e["actorId"] == me["_id"]]
    assert len(found) >= len(by_admin) > 0


async def test_words_that_name_nothing_find_nothing_and_filters_still_apply(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    assert await searched(client, admin, "INV-1999-999999") == []
    assert await searched(client, admin, "Zzyzx Nobody") == []
    invoice = paid_sale["invoice"]
    only_payments = await searched(client, admin, invoice["invoiceNo"], module="Payments", entity="payment")
    assert records(only_payments) == {("payment", paid_sale["payment"]["_id"])}
    blank = await client.get("/api/audit-events", params={"search": "   "}, headers=admin)
    assert blank.status_code == 200 and blank.json()["total"] > 0  # no words: no search


async def test_the_export_follows_the_search(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    payment = paid_sale["payment"]
    csv = await client.get(
        "/api/audit-events/export.csv", params={"search": payment["transactionId"]}, headers=admin
    )
    assert csv.status_code == 200, csv.text
    lines = csv.text.strip().splitlines()
    assert len(lines) == 2 and payment["transactionId"] in lines[1]
