"""Cancelling a sale whose buyer defaulted: allowed once the invoice is overdue for the days of Business
settings, with nothing paid and the vehicle still in the yard. The invoice gets its credit note, the vehicle
goes back to the approved unassigned vehicles, and the penalty (with VAT, like every fee) is taken from the
deposit; the rest of the deposit stays held."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auctions.models import Run
from gavel.audit.models import AuditEvent
from gavel.jobs.clock_jobs import run_once
from gavel.statements.check import check_ledger
from gavel.vehicles.models import Vehicle
from tests.auctions.factory import SALE_START, moved_clock
from tests.money.counting import assert_the_lists_count_every_row
from tests.money_out_ledger.conftest import DEPOSIT, PENALTY, PENALTY_TOTAL, POWER, ledger, pay, power

REASON = {"reason": "No payment after three reminders"}
DEFAULTED = SALE_START + timedelta(days=16, hours=2)  # 17/05/2031 18:00: due 03/05 17:00, 14 days overdue


@pytest.fixture
async def penalty(client: AsyncClient, admin: dict[str, str]) -> dict[str, Any]:
    created = await client.post("/api/charge/create", json=PENALTY, headers=admin)
    assert created.status_code == 201, created.text
    return dict(created.json())


async def cancel(client: AsyncClient, headers: dict[str, str], invoice: dict[str, Any]) -> Any:
    return await client.put(f"/api/invoices/{invoice['_id']}/cancel-default", json=REASON, headers=headers)


async def test_a_defaulted_sale_returns_the_vehicle_and_takes_the_penalty(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
    penalty: dict[str, Any],
) -> None:
    invoice, car, buyer = sale["invoice"], sale["cars"][0], sale["buyer"]["_id"]
    clock = moved_clock(app, DEFAULTED)
    await run_once(db, clock)  # overdue, the late fee and the storage days
    done = await cancel(client, cashier, invoice)
    assert done.status_code == 200, done.text
    body = done.json()
    note, fine = body["creditNote"], body["penaltyInvoice"]
    assert body["invoice"]["status"] == "cancelled" and note["creditFor"] == invoice["_id"]
    assert note["total"] == -body["invoice"]["total"] and note["kind"] == "creditNote"
    assert fine["kind"] == "penalty" and fine["invoiceNo"] == "INV-P-2031-000001"
    assert (fine["total"], fine["vatTotal"], fine["paidAmount"], fine["status"]) == (
        PENALTY_TOTAL,
        100,
        2100,
        "paid",
    )
    assert (body["penaltyTaken"], body["depositHeld"]) == (PENALTY_TOTAL, DEPOSIT - PENALTY_TOTAL)
    assert body["buyingPower"] == POWER * (DEPOSIT - PENALTY_TOTAL) / DEPOSIT  # in proportion to what is held
    assert body["message"] == (
        f"The sale of Lot {car['vehicleLotNumber']} is cancelled: credit note {note['invoiceNo']} issued, "
        "the vehicle is back among the approved vehicles, penalty INV-P-2031-000001 with AED 2,100.00 taken "
        "from the deposit."
    )

    async with db() as session:
        vehicle = await session.get_one(Vehicle, car["_id"])
        assert (vehicle.status, vehicle.buyer_member_id, vehicle.sold_for, vehicle.is_paid) == (
            "approved",
            None,
            None,
            False,
        )
        assert (vehicle.event_id, vehicle.auction_id, vehicle.gate_pass_status) == (None, None, "Pending")
        (run,) = (await session.scalars(select(Run).where(Run.vehicle_id == car["_id"]))).unique().all()
        assert (run.is_current, run.outcome, run.buyer_id) == (False, "sold", buyer), (
            "the run stays as history"
        )
        audit = await session.scalar(select(AuditEvent).where(AuditEvent.action == "vehicle.sale_defaulted"))
        assert audit is not None and audit.entity_id == car["_id"]
        assert await check_ledger(session) == []
    unassigned = await client.post("/api/vehicles/get-unassigned-approved-vehicles", json={}, headers=admin)
    assert car["_id"] in {v["_id"] for v in unassigned.json()["data"]["vehicles"]}

    entries = (await ledger(client, admin, buyer))["data"]
    assert [(e["kind"], e["owesUs"], e["deposit"]) for e in entries[:3]] == [
        ("penalty", -PENALTY_TOTAL, -PENALTY_TOTAL),
        ("invoice", PENALTY_TOTAL, 0),
        ("creditNote", note["total"], 0),
    ]
    assert (entries[0]["owesUsBalance"], entries[0]["depositBalance"]) == (0, DEPOSIT - PENALTY_TOTAL)
    after = await power(client, admin, buyer)
    assert (after["overdueInvoice"], after["unpaidPurchases"], after["available"]) == (None, 0, 979000)

    again = await cancel(client, cashier, invoice)
    assert again.status_code == 409
    assert again.json()["message"] == (
        f"{invoice['invoiceNo']} was already cancelled; the sale of Lot {car['vehicleLotNumber']} is undone "
        "and its penalty, if any, was collected then."
    )
    await assert_the_lists_count_every_row(client, admin, db)


async def test_refused_before_the_days_pass(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    cashier: dict[str, str],
    sale: dict[str, Any],
    penalty: dict[str, Any],
) -> None:
    invoice = sale["invoice"]
    early = await cancel(client, cashier, invoice)
    assert early.status_code == 409
    assert early.json()["message"] == (
        f"{invoice['invoiceNo']} is not overdue (due 03/05/2031); a sale is cancelled for default once its "
        "invoice is 14 days overdue."
    )
    clock = moved_clock(app, SALE_START + timedelta(days=3))
    await run_once(db, clock)
    late = await cancel(client, cashier, invoice)
    assert late.status_code == 409
    assert late.json()["message"] == (
        f"{invoice['invoiceNo']} is 1 day overdue; a sale is cancelled for default once its invoice is 14 "
        "days overdue, from 17/05/2031."
    )
    moved_clock(app, DEFAULTED - timedelta(days=1))
    almost = await cancel(client, cashier, invoice)
    assert almost.status_code == 409 and "is 13 days overdue" in almost.json()["message"]


async def test_refused_once_paid_or_for_another_document(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
    penalty: dict[str, Any],
) -> None:
    invoice = sale["invoice"]
    clock = moved_clock(app, DEFAULTED)
    await run_once(db, clock)
    part = await client.post(
        "/api/payments/inbound",
        json={
            "invoiceId": invoice["_id"],
            "amount": 1000,
            "paymentMethod": "cash",
            "paymentDateAndTime": (clock.now() - timedelta(minutes=5)).isoformat(),
        },
        headers=admin,
    )
    assert part.status_code == 201, part.text
    waiting = await cancel(client, cashier, invoice)
    assert waiting.status_code == 409
    assert waiting.json()["message"] == (
        f"{invoice['invoiceNo']} has payments waiting for verification (AED 1,000.00); verify or reject them "
        "before cancelling the sale for default."
    )
    rejected = await client.put(
        f"/api/payments/{part.json()['data']['_id']}/reject",
        json={"reason": "Cheque bounced"},
        headers=cashier,
    )
    assert rejected.status_code == 200, rejected.text
    await pay(client, admin, cashier, invoice["_id"], clock.now())
    paid = await cancel(client, cashier, invoice)
    assert paid.status_code == 409
    assert (
        paid.json()["message"] == f"{invoice['invoiceNo']} is paid; a paid sale is not cancelled for default."
    )

    deposits = await client.post("/api/invoices/get", json={"kind": "deposit"}, headers=admin)
    deposit = deposits.json()["data"][0]
    other = await cancel(client, cashier, deposit)
    assert other.status_code == 409
    assert other.json()["message"] == (
        f"{deposit['invoiceNo']} is not a sale's tax invoice; only a sale is cancelled for default."
    )
    missing = await client.put("/api/invoices/nothing/cancel-default", json=REASON, headers=cashier)
    assert missing.status_code == 404
    short = await client.put(
        f"/api/invoices/{invoice['_id']}/cancel-default", json={"reason": " x "}, headers=cashier
    )
    assert short.status_code == 422 and "Give a reason for cancelling the sale." in short.text


async def test_without_a_penalty_charge_the_deposit_stays_whole(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    await run_once(db, moved_clock(app, DEFAULTED))
    done = await cancel(client, cashier, sale["invoice"])
    assert done.status_code == 200, done.text
    body = done.json()
    assert (body["penaltyInvoice"], body["penaltyTaken"], body["depositHeld"], body["buyingPower"]) == (
        None,
        0,
        DEPOSIT,
        POWER,
    )
    assert body["message"].endswith(
        "the vehicle is back among the approved vehicles, no penalty charge is active."
    )


async def test_a_penalty_above_the_deposit_takes_all_of_it_and_the_rest_stays_owed(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    big = {**PENALTY, "charges": 150000}  # 157,500 AED with VAT, more than the 100,000 AED deposit
    assert (await client.post("/api/charge/create", json=big, headers=admin)).status_code == 201
    await run_once(db, moved_clock(app, DEFAULTED))
    done = await cancel(client, cashier, sale["invoice"])
    assert done.status_code == 200, done.text
    body = done.json()
    fine = body["penaltyInvoice"]
    assert (body["penaltyTaken"], body["depositHeld"], body["buyingPower"]) == (DEPOSIT, 0, 0)
    assert (fine["total"], fine["paidAmount"], fine["dueAmount"], fine["status"]) == (
        157500,
        DEPOSIT,
        57500,
        "partiallyPaid",
    )
    balances = (await ledger(client, admin, sale["buyer"]["_id"]))["balances"]
    assert balances == {"owesUs": 57500, "weOwe": 0, "depositHeld": 0}
    async with db() as session:
        assert await check_ledger(session) == []


async def test_a_seller_side_penalty_is_refused(client: AsyncClient, admin: dict[str, str]) -> None:
    answer = await client.post("/api/charge/create", json={**PENALTY, "appliesTo": "seller"}, headers=admin)
    assert answer.status_code == 422
    assert "A default penalty is charged to the buyer who defaulted: choose buyer." in answer.text


async def test_a_part_paid_before_the_default_is_the_buyers_credit_refunded_as_a_cancelled_sale(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
    penalty: dict[str, Any],
) -> None:
    invoice, buyer = sale["invoice"], sale["buyer"]["_id"]
    clock = moved_clock(app, DEFAULTED)
    await run_once(db, clock)
    part = await client.post(
        "/api/payments/inbound",
        json={
            "invoiceId": invoice["_id"],
            "amount": 5000,
            "paymentMethod": "cash",
            "paymentDateAndTime": (clock.now() - timedelta(minutes=5)).isoformat(),
        },
        headers=admin,
    )
    assert part.status_code == 201, part.text
    verified = await client.put(f"/api/payments/{part.json()['data']['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text

    cancelled = await cancel(client, cashier, invoice)
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["message"].endswith(
        "The AED 5,000.00 paid on it is the buyer's credit: refund it as a cancelled sale."
    )
    assert (cancelled.json()["invoice"]["status"], cancelled.json()["invoice"]["paidAmount"]) == (
        "cancelled",
        5000,
    )
    balances = (await ledger(client, admin, buyer))["balances"]
    assert balances["owesUs"] == -5000, "the part paid is owed back to the buyer"

    too_much = await client.post(
        "/api/payments/refunds",
        json={
            "memberId": buyer,
            "refundKind": "cancelledSale",
            "refundedAmount": 5000.01,
            "refundMethod": "cash",
            "refundReason": "The sale was cancelled",
            "invoiceId": invoice["_id"],
        },
        headers=admin,
    )
    assert too_much.status_code == 409
    requested = await client.post(
        "/api/payments/refunds",
        json={
            "memberId": buyer,
            "refundKind": "cancelledSale",
            "refundedAmount": 5000,
            "refundMethod": "cash",
            "refundReason": "The sale was cancelled",
            "invoiceId": invoice["_id"],
        },
        headers=admin,
    )
    assert requested.status_code == 201, requested.text
    refund_id = requested.json()["data"]["_id"]
    done = await client.put(
        f"/api/payments/{refund_id}/complete",
        json={"paymentMethod": "cash", "paymentDateAndTime": clock.now().isoformat()},
        headers=cashier,
    )
    assert done.status_code == 200, done.text
    after = (await ledger(client, admin, buyer))["balances"]
    assert (after["owesUs"], after["weOwe"]) == (0, 0)
    async with db() as session:
        assert await check_ledger(session) == []
