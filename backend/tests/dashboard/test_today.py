"""The Today figures against a data set counted by hand: what waits for review, the events of today and this
week, the money waiting, the yard, the failed messages; each on Asia/Dubai days of the app's clock."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.models import AlertMessage
from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START, buyer, moved_clock
from tests.money.conftest import fees, sell
from tests.money.test_payments import payment, record
from tests.vehicles.factory import approved_seller, vehicle

# Sold at 17:00 on Thursday 01/05/2031 for 25,000 AED: with the buyer fee, the gate fee and their VAT the
# invoice is AED 25,472.50, due 48 hours later (Saturday 03/05 at 17:00); 3 free storage days, 01/05 to 03/05.
INVOICE = 25472.5
LATE_FEE = 525.0  # 500 AED + 5 % VAT, once an invoice is overdue
STORAGE_DAY = 36.75  # 35 AED + 5 % VAT, from 04/05 while the vehicle is in the yard


async def today(client: AsyncClient, headers: dict[str, str]) -> dict[str, Any]:
    answer = await client.get("/api/dashboard/summary", headers=headers)
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["today"])


async def test_members_and_vehicles_waiting_for_review(client: AsyncClient, admin: dict[str, str]) -> None:
    seller = await approved_seller(client, admin)  # created pending, then approved: not waiting
    for n in (2, 3):
        created = await client.post("/api/members/create", json=_member(n), headers=admin)
        assert created.status_code == 201, created.text
    made = []
    for serial in (1, 2, 3, 4, 5):
        created = await client.post(
            "/api/vehicles/create", json=vehicle(seller["_id"], serial), headers=admin
        )
        assert created.status_code == 201, created.text
        made.append(created.json()["data"]["_id"])
    steps = {
        made[1]: [{"isReceived": True}],
        made[2]: [{"isReceived": True}, {"isInspection": "inInspection"}],
        made[3]: [{"isReceived": True}, {"isInspection": "completed"}],
        made[4]: [{"isReceived": True}, {"isInspection": "completed"}],
    }
    for vehicle_id, moves in steps.items():
        for step in moves:
            moved = await client.put(
                f"/api/vehicles/update-vehicle-status/{vehicle_id}", json=step, headers=admin
            )
            assert moved.status_code == 200, moved.text
    approved = await client.put(
        "/api/vehicles/update-status", json={"ids": [made[4]], "status": "approved"}, headers=admin
    )
    assert approved.status_code == 200, approved.text

    figures = await today(client, admin)
    assert figures["membersReview"] == 2
    assert figures["vehiclesReview"] == 4, "5 created, 1 approved; inspection completed still waits"
    assert figures["vehiclesReceivedNotInspected"] == 1, "received: 4, of which 1 in inspection, 2 completed"
    badges = (await client.get("/api/dashboard/review-badges", headers=admin)).json()
    assert badges == {"membersPending": 2, "vehiclesReview": 4}, "the top bar says the same"


async def test_the_review_list_opens_at_a_stage_as_the_figure_counts(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    seller = await approved_seller(client, admin)
    made = []
    for serial in (1, 2, 3, 4):
        created = await client.post(
            "/api/vehicles/create", json=vehicle(seller["_id"], serial), headers=admin
        )
        made.append(created.json()["data"]["_id"])
    steps = {
        made[1]: [{"isReceived": True}],
        made[2]: [{"isReceived": True}, {"isInspection": "inInspection"}],
        made[3]: [{"isReceived": True}, {"isInspection": "completed"}],
    }
    for vehicle_id, moves in steps.items():
        for step in moves:
            moved = await client.put(
                f"/api/vehicles/update-vehicle-status/{vehicle_id}", json=step, headers=admin
            )
            assert moved.status_code == 200, moved.text
    expected = {
        "pending": made[0],
        "received": made[1],
        "inInspection": made[2],
        "inspectionCompleted": made[3],
    }
    for stage, vehicle_id in expected.items():
        answer = await client.post("/api/vehicles/get", json={"stage": stage}, headers=admin)
        listed = answer.json()["data"]
        assert [v["_id"] for v in listed["vehicles"]] == [vehicle_id], stage
        assert listed["totalMatching"] == 1, stage
    figures = await today(client, admin)
    assert figures["vehiclesReceivedNotInspected"] == 1
    wrong = await client.post("/api/vehicles/get", json={"stage": "parked"}, headers=admin)
    assert wrong.status_code == 422
    assert wrong.json()["errors"][0]["field"] == "stage"


def _member(n: int) -> dict[str, Any]:
    return {
        "firstName": "Salem",
        "lastName": f"Waiting{n}",
        "email": f"waiting{n}@example.com",
        "phone": f"05066677{n:02d}",
        "memberIdentityNo": f"784-1979-55555{n:02d}-3",
        "memberTypes": ["buyer"],
        "memberEntity": "individual",
        "memberProfile": {"identityType": "passport", "identityExpiry": "2099-01-01"},
    }


async def test_events_money_and_yard_follow_the_dubai_day(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
) -> None:
    await fees(client, admin)
    sale = await sell(client, app, admin, count=3)  # a weekly auction: 01/05, 08/05 and 15/05, 2 lanes
    first, second, _ = sale["invoices"]
    # The first sale is paid in full and verified: the seller's payout waits, a gate pass is issued.
    paid = await record(client, admin, payment(first, INVOICE))
    assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200
    issued = await client.post(
        "/api/gate-passes/issue", json={"vehicleId": sale["cars"][0]["_id"]}, headers=admin
    )
    assert issued.status_code in (200, 201), issued.text
    # The second is paid in part; the payment waits for verification.
    await record(client, admin, payment(second, 1000))
    # Another buyer's deposit (10 % of a 50,000 AED buying power) is asked back.
    saeed = await buyer(client, admin, n=2, buying_power=50000)
    refund = {
        "memberId": saeed["_id"],
        "refundKind": "deposit",
        "refundedAmount": 5000,
        "refundMethod": "cheque",
        "refundReason": "Leaving the auctions",
    }
    asked = await client.post("/api/payments/refunds", json=refund, headers=admin)
    assert asked.status_code == 201, asked.text

    figures = await today(client, admin)  # Thursday 01/05 at 17:00
    assert figures["day"] == "2031-05-01"
    week = {"dateFrom": "2031-04-28", "dateTo": "2031-05-04", "events": 1, "lanes": 2, "vehicles": 3}
    assert figures["eventsToday"] == {**week, "dateFrom": "2031-05-01", "dateTo": "2031-05-01"}
    assert figures["eventsThisWeek"] == week
    assert figures["invoicesDueToday"] == {"count": 0, "amount": 0}
    assert figures["invoicesOverdue"] == {"count": 0, "amount": 0}
    assert figures["paymentsToVerify"] == {"count": 1, "amount": 1000}
    assert figures["payoutsWaiting"] == {"count": 1, "amount": 25000}, "no seller fees: the whole price"
    assert figures["refundsWaiting"] == {"count": 1, "amount": 5000}
    assert figures["gatePassesNotPickedUp"] == 1
    assert figures["vehiclesPastFreeDays"] == {"count": 0, "soldOnOrBefore": "2031-04-28"}

    moved_clock(app, SALE_START + timedelta(days=2))  # Saturday 03/05 at 16:00: the two unpaid are due today
    figures = await today(client, admin)
    assert figures["invoicesDueToday"] == {"count": 2, "amount": 2 * INVOICE}, "a pending payment is not paid"
    assert figures["eventsToday"]["events"] == 0 and figures["eventsThisWeek"]["events"] == 1
    assert figures["vehiclesPastFreeDays"]["count"] == 0, "03/05 is the last free day"
    # The figure opens the invoice list at the day's due invoices still open: the same two.
    due = {"dueFrom": "2031-05-03", "dueTo": "2031-05-03", "open": True}
    listed = (await client.post("/api/invoices/get", json=due, headers=admin)).json()
    assert sorted(i["_id"] for i in listed["data"]) == sorted(i["_id"] for i in sale["invoices"][1:])
    assert listed["totalMatching"] == 2
    wrong = await client.post("/api/invoices/get", json={**due, "dueTo": "03/05/2031"}, headers=admin)
    assert wrong.status_code == 422 and wrong.json()["errors"][0]["field"] == "dueTo"

    clock = moved_clock(app, SALE_START + timedelta(days=3))  # Sunday 04/05 at 16:00
    await run_once(db, clock)  # the late fees and the first storage day
    figures = await today(client, admin)
    owed = INVOICE + LATE_FEE + STORAGE_DAY
    assert figures["invoicesOverdue"] == {"count": 2, "amount": 2 * owed}
    assert figures["invoicesDueToday"] == {"count": 0, "amount": 0}
    assert figures["vehiclesPastFreeDays"] == {"count": 3, "soldOnOrBefore": "2031-05-01"}, "none has left"
    # The yard figures open the Sold list filtered on the same conditions.
    sold = {"status": "sold", "inYardSoldBy": "2031-05-01"}
    in_yard = (await client.post("/api/vehicles/get", json=sold, headers=admin)).json()["data"]
    assert in_yard["totalMatching"] == 3
    sold = {"status": "sold", "gatePassIssued": True}
    at_gate = (await client.post("/api/vehicles/get", json=sold, headers=admin)).json()["data"]
    assert [v["_id"] for v in at_gate["vehicles"]] == [sale["cars"][0]["_id"]]
    assert figures["gatePassesNotPickedUp"] == at_gate["totalMatching"] == 1

    moved_clock(app, SALE_START + timedelta(days=4))  # Monday 05/05: a new week, the next event on 08/05
    figures = await today(client, admin)
    assert figures["eventsThisWeek"] == {
        "dateFrom": "2031-05-05",
        "dateTo": "2031-05-11",
        "events": 1,
        "lanes": 2,
        "vehicles": 0,
    }


async def test_failed_messages_are_counted_per_channel(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], admin: dict[str, str]
) -> None:
    async with db() as session:
        for channel, status in [
            ("sms", "failed"),
            ("sms", "failed"),
            ("email", "failed"),
            ("email", "sent"),
            ("whatsapp", "queued"),
        ]:
            recipient = "ops@example.com" if channel == "email" else "+971501234567"
            session.add(
                AlertMessage(channel=channel, status=status, recipient=recipient, body="Your invoice")
            )
        await session.commit()
    figures = await today(client, admin)
    assert figures["failedMessages"] == {"sms": 2, "whatsapp": 0, "email": 1, "total": 3}
