"""More of the money rules: no voiding once money was recorded, a corrected sale re-invoiced, how overdue an
invoice is, the gate refusing a pass whose invoice owes storage again, every scan audited, and the clock
catching up the late fee and the storage days after days without a run."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START, buyer, moved_clock
from tests.conftest import ADMIN_EMAIL
from tests.money.test_gate import issue
from tests.money.test_payments import payment, record

# The sale fixture: 25,000 AED, buyer fee 350 + 17.50 VAT, gate fee 100 + 5 VAT; sold on 01/05/2031 at 17:00
# Dubai time, due 48 hours later (03/05 17:00); 01/05 to 03/05 are the free storage days.
TOTAL = 25472.5
LATE_FEE = 525  # 500 + 5% VAT
STORAGE_DAY = 36.75  # 35 + 5% VAT


@pytest.fixture
async def paid_in_full(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> dict[str, Any]:
    paid = await record(client, admin, payment(sale["invoice"], TOTAL))
    verified = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    return sale


async def gate_actions(db: async_sessionmaker[AsyncSession]) -> list[AuditEvent]:
    async with db() as session:
        stmt = select(AuditEvent).where(AuditEvent.action.like("gate.%")).order_by(AuditEvent.created_at)
        return list(await session.scalars(stmt))


# ------------------------------------------------------------------------------------------------ voiding


async def test_an_invoice_with_a_pending_payment_cannot_be_voided(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    invoice = sale["invoice"]
    await record(client, admin, payment(invoice, 100))
    refused = await client.put(
        f"/api/invoices/{invoice['_id']}/void", json={"reason": "Buyer withdrew before paying"}, headers=admin
    )
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "INV-2031-000001 has payments recorded against it; it can no longer be cancelled."
    )
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert (detail["status"], detail["pendingAmount"]) == ("unpaid", 100)
    notes = (await client.post("/api/invoices/get", json={"kind": "creditNote"}, headers=admin)).json()
    assert notes["data"] == []


async def test_a_paid_invoice_cannot_be_voided(
    client: AsyncClient, admin: dict[str, str], paid_in_full: dict[str, Any]
) -> None:
    invoice = paid_in_full["invoice"]
    refused = await client.put(
        f"/api/invoices/{invoice['_id']}/void", json={"reason": "Buyer changed their mind"}, headers=admin
    )
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "INV-2031-000001 has payments recorded against it; it can no longer be cancelled."
    )
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert (detail["status"], detail["paidAmount"], detail["dueAmount"]) == ("paid", TOTAL, 0)
    vehicle = (await client.get(f"/api/vehicles/{paid_in_full['cars'][0]['_id']}", headers=admin)).json()
    assert vehicle["isPaid"] is True


# ------------------------------------------------------------------------------------ correcting a sale


async def documents_of(client: AsyncClient, admin: dict[str, str], vehicle_id: str) -> dict[str, Any]:
    listed = await client.post("/api/invoices/get", json={"vehicleId": vehicle_id}, headers=admin)
    assert listed.status_code == 200, listed.text
    return {d["invoiceNo"]: d for d in listed.json()["data"]}


async def detail_of(client: AsyncClient, admin: dict[str, str], document: dict[str, Any]) -> Any:
    return (await client.get(f"/api/invoices/{document['_id']}", headers=admin)).json()


def negated(lines: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (
            line["kind"],
            f"Credit: {line['description']}",
            -line["quantity"],
            -line["amount"],
            line["vatRate"],
            -line["vat"],
            -line["total"],
        )
        for line in lines
    ]


def as_rows(lines: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (
            line["kind"],
            line["description"],
            line["quantity"],
            line["amount"],
            line["vatRate"],
            line["vat"],
            line["total"],
        )
        for line in lines
    ]


async def test_correcting_the_buyer_then_the_price_re_invoices_by_credit_notes(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    car, event = sale["cars"][0], sale["event"]
    first = await detail_of(client, admin, sale["invoice"])
    other = await buyer(client, admin, n=2, buying_power=1_000_000)

    # Another buyer, another price, while the event is still open.
    result = {"vehicleId": car["_id"], "outcome": "sold", "buyerId": other["_id"], "soldFor": 26000}
    corrected = await client.put(
        f"/api/auction-event/results/{event}", json={"results": [result]}, headers=admin
    )
    assert corrected.status_code == 200, corrected.text
    documents = await documents_of(client, admin, car["_id"])
    assert sorted(documents) == ["INV-2031-000001", "INV-2031-000002", "INV-CN-2031-000001"]
    old, note, new = (
        documents["INV-2031-000001"],
        documents["INV-CN-2031-000001"],
        documents["INV-2031-000002"],
    )
    assert (old["status"], old["total"], old["buyer"]["name"]) == ("cancelled", TOTAL, "Khalid Buyer1")
    assert (note["kind"], note["status"], note["creditFor"]) == ("creditNote", "issued", old["_id"])
    assert note["voidReason"] == "The sale result was corrected."
    assert (note["total"], note["dueAmount"], note["buyer"]["name"]) == (-TOTAL, 0, "Khalid Buyer1")
    note_detail = await detail_of(client, admin, note)
    assert as_rows(note_detail["lines"]) == negated(first["lines"])
    assert (note_detail["subtotal"], note_detail["vatTotal"]) == (-first["subtotal"], -first["vatTotal"])

    assert (new["kind"], new["status"], new["buyer"]["_id"]) == ("invoice", "unpaid", other["_id"])
    assert new["buyer"]["name"] == "Khalid Buyer2"
    new_detail = await detail_of(client, admin, new)
    assert [(line["kind"], line["amount"], line["total"]) for line in new_detail["lines"]] == [
        ("vehicle", 26000, 26000),
        ("sale", 350, 367.5),
        ("gatePass", 100, 105),
    ]
    assert (new["total"], new["dueAmount"]) == (26472.5, 26472.5)
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert vehicle["invoice"] == {
        "_id": new["_id"],
        "invoiceNo": "INV-2031-000002",
        "status": "unpaid",
        "dueAmount": 26472.5,
    }

    # The same buyer at another price, in the next band of buyer fees.
    result["soldFor"] = 40000
    again = await client.put(f"/api/auction-event/results/{event}", json={"results": [result]}, headers=admin)
    assert again.status_code == 200, again.text
    documents = await documents_of(client, admin, car["_id"])
    assert sorted(documents) == [
        "INV-2031-000001",
        "INV-2031-000002",
        "INV-2031-000003",
        "INV-CN-2031-000001",
        "INV-CN-2031-000002",
    ]
    assert documents["INV-2031-000002"]["status"] == "cancelled"
    second_note = documents["INV-CN-2031-000002"]
    assert (second_note["creditFor"], second_note["total"]) == (new["_id"], -26472.5)
    assert as_rows((await detail_of(client, admin, second_note))["lines"]) == negated(new_detail["lines"])
    third = documents["INV-2031-000003"]
    assert (third["status"], third["buyer"]["_id"], third["total"]) == (
        "unpaid",
        other["_id"],
        40000 + 750 + 37.5 + 100 + 5,
    )
    assert [line["description"] for line in (await detail_of(client, admin, third))["lines"]][1] == (
        "Buyer fee above 30,000 AED"
    )
    listed = (await client.post("/api/invoices/get", json={}, headers=admin)).json()
    assert listed["totals"]["cancelled"] == {"count": 2, "amount": TOTAL + 26472.5, "stillToPay": None}
    assert listed["totals"]["unpaid"] == {"count": 1, "amount": 40892.5, "stillToPay": 40892.5}


async def test_a_sale_with_a_recorded_payment_cannot_be_corrected(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    car = sale["cars"][0]
    await record(client, admin, payment(sale["invoice"], 1000))
    result = {"vehicleId": car["_id"], "outcome": "sold", "buyerId": sale["buyer"]["_id"], "soldFor": 24000}
    refused = await client.put(
        f"/api/auction-event/results/{sale['event']}", json={"results": [result]}, headers=admin
    )
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "INV-2031-000001 has payments recorded against it; it can no longer be cancelled."
    )
    assert sorted(await documents_of(client, admin, car["_id"])) == ["INV-2031-000001"]


# ------------------------------------------------------------------------------------------ overdue


async def test_an_overdue_invoice_says_how_much_and_for_how_many_days(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    invoice = sale["invoice"]
    assert (invoice["daysOverdue"], invoice["overdueAmount"]) == (0, 0)
    part = await record(client, admin, payment(invoice, 10000))
    await client.put(f"/api/payments/{part['_id']}/verify", headers=cashier)

    clock = moved_clock(app, SALE_START + timedelta(days=5))  # 06/05 16:00, three Dubai days after 03/05
    assert await run_once(db, clock) == 1
    owed = TOTAL + LATE_FEE + 3 * STORAGE_DAY - 10000  # storage for 04/05, 05/05 and 06/05
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert detail["status"] == "overdue"
    assert (detail["daysOverdue"], detail["overdueAmount"], detail["dueAmount"]) == (3, owed, owed)
    listed = (await client.post("/api/invoices/get", json={"status": "overdue"}, headers=admin)).json()
    assert [(i["invoiceNo"], i["daysOverdue"], i["overdueAmount"]) for i in listed["data"]] == [
        ("INV-2031-000001", 3, owed)
    ]

    # Paid in full (storage included): no longer overdue, nothing overdue.
    rest = await record(client, admin, payment(invoice, owed, paymentDateAndTime=clock.now().isoformat()))
    await client.put(f"/api/payments/{rest['_id']}/verify", headers=cashier)
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert (detail["status"], detail["daysOverdue"], detail["overdueAmount"]) == ("paid", 0, 0)


# --------------------------------------------------------------------------------------------- the gate


async def test_the_gate_refuses_a_valid_pass_once_storage_is_owed_again(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    paid_in_full: dict[str, Any],
) -> None:
    car = paid_in_full["cars"][0]
    lot = car["vehicleLotNumber"]
    moved_clock(app, SALE_START + timedelta(days=1, hours=20))  # 03/05 12:00, the last free day
    issued = await issue(client, admin, car["_id"])
    assert issued.status_code == 201, issued.text
    token = issued.json()["data"]["token"]

    clock = moved_clock(app, SALE_START + timedelta(days=2, hours=18))  # 04/05 10:00: a day of storage
    refused = await client.post("/api/gate/scan", json={"token": token}, headers=admin)
    assert refused.status_code == 200, refused.text
    answer = refused.json()
    assert (answer["allowed"], answer["reason"]) == (False, "notPaid")
    assert answer["message"] == f"Lot {lot} is not paid: INV-2031-000001 still owes AED 36.75."
    no_pick_up = await client.post(
        "/api/gate/pick-up",
        json={"token": token, "driverName": "Rashid Driver", "driverEmiratesId": "784-1990-1234567-6"},
        headers=admin,
    )
    assert no_pick_up.status_code == 409
    assert no_pick_up.json()["message"] == answer["message"]
    assert no_pick_up.json()["reason"] == "notPaid"
    detail = (await client.get(f"/api/invoices/{paid_in_full['invoice']['_id']}", headers=admin)).json()
    assert (detail["status"], detail["dueAmount"], detail["daysOverdue"]) == ("partiallyPaid", 36.75, 0)
    vehicle = (await client.get(f"/api/vehicles/{car['_id']}", headers=admin)).json()
    assert (vehicle["isPaid"], vehicle["gatePassStatus"]) == (False, "Generated")

    storage = await record(
        client, admin, payment(paid_in_full["invoice"], 36.75, paymentDateAndTime=clock.now().isoformat())
    )
    await client.put(f"/api/payments/{storage['_id']}/verify", headers=cashier)
    allowed = (await client.post("/api/gate/scan", json={"token": token}, headers=admin)).json()
    assert allowed["allowed"] is True, allowed
    refusals = [e.new_values for e in await gate_actions(db) if e.action == "gate.scan_refused"]
    assert [r["reason"] if r else None for r in refusals] == ["notPaid", "notPaid"]


async def test_an_allowed_scan_is_audited(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    paid_in_full: dict[str, Any],
) -> None:
    car = paid_in_full["cars"][0]
    issued = (await issue(client, admin, car["_id"])).json()["data"]
    scanned = await client.post("/api/gate/scan", json={"token": issued["token"]}, headers=admin)
    assert scanned.json()["allowed"] is True, scanned.text
    events = await gate_actions(db)
    assert [(e.action, e.entity, e.entity_id, e.actor_email) for e in events] == [
        ("gate.scanned", "vehicle", car["_id"], ADMIN_EMAIL)
    ]
    assert events[0].new_values == {"gatePass": issued["_id"], "allowed": True, "reason": None}

    taken = await client.post(
        "/api/gate/pick-up",
        json={
            "token": issued["token"],
            "driverName": "Rashid Driver",
            "driverEmiratesId": "784-1990-1234567-6",
        },
        headers=admin,
    )
    assert taken.status_code == 200, taken.text
    assert sorted(e.action for e in await gate_actions(db)) == [
        "gate.picked_up",
        "gate.scanned",
        "gate.scanned",
    ]


# ------------------------------------------------------------------------------------------- the clock


async def test_one_run_after_days_of_downtime_adds_one_late_fee_and_every_missed_storage_day(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    sale: dict[str, Any],
) -> None:
    invoice = sale["invoice"]
    # The job never ran since the sale: now 07/05 16:00, four days after the due date and the free days.
    clock = moved_clock(app, SALE_START + timedelta(days=6))
    assert await run_once(db, clock) == 1
    assert await run_once(db, clock) == 0, "a second run finds nothing to do"
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    added = [(line["kind"], line["serviceDate"], line["total"]) for line in detail["lines"][3:]]
    assert added == [
        ("latePayment", None, LATE_FEE),
        ("storagePerDay", "2031-05-04", STORAGE_DAY),
        ("storagePerDay", "2031-05-05", STORAGE_DAY),
        ("storagePerDay", "2031-05-06", STORAGE_DAY),
        ("storagePerDay", "2031-05-07", STORAGE_DAY),
    ]
    assert detail["total"] == TOTAL + LATE_FEE + 4 * STORAGE_DAY
    assert (detail["status"], detail["daysOverdue"]) == ("overdue", 4)

    # The next day: one more storage day, never a second late fee.
    clock = moved_clock(app, SALE_START + timedelta(days=7))
    assert await run_once(db, clock) == 1
    kinds = [
        line["kind"]
        for line in (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()["lines"]
    ]
    assert (kinds.count("latePayment"), kinds.count("storagePerDay")) == (1, 5)
