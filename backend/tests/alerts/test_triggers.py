"""Each event writes its messages in the same transaction as the change that causes it: queued, one per
channel switched on, in the member's language; a refused or rolled-back change writes none."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import event, func, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.alerts.models import AlertMessage
from gavel.jobs.clock_jobs import run_once
from tests.alerts.conftest import by_channel, detail, messages, pending_member, set_status
from tests.auctions.factory import (
    SALE_START,
    approved_vehicles,
    buyer,
    create_auction,
    events,
    moved_clock,
    yard,
)
from tests.money.test_payments import payment, record
from tests.money_out.conftest import BUYER_TOTAL, completion, outbound, seller_fees
from tests.money_out.test_refunds import refund
from tests.vehicles.factory import approved_seller, vehicle


async def count(db: async_sessionmaker[AsyncSession]) -> int:
    async with db() as session:
        return int(await session.scalar(select(func.count()).select_from(AlertMessage)) or 0)


async def test_approving_a_member_queues_an_sms_a_whatsapp_and_an_email_in_english(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    aisha = await pending_member(client, admin)
    assert await messages(client, admin, memberId=aisha["_id"]) == [], "registering sends nothing"
    assert (await set_status(client, admin, [aisha["_id"]], "approved")).status_code == 200
    sent = by_channel(await messages(client, admin, memberId=aisha["_id"]))
    assert set(sent) == {"sms", "whatsapp", "email"}
    assert (sent["sms"]["recipient"], sent["whatsapp"]["recipient"]) == ("+971506667701", "+971506667701")
    assert sent["email"]["recipient"] == "aisha1@example.com"
    for message in sent.values():
        assert (message["status"], message["event"], message["origin"]) == (
            "queued",
            "memberApproved",
            "event",
        )
        assert (message["language"], message["attempts"], message["recipientName"]) == (
            "en",
            0,
            "Aisha Member1",
        )
    assert sent["sms"]["snippet"] == (
        "Gavel: Hello Aisha, your registration has been approved. You can now take part in our auctions."
    )
    email = await detail(client, admin, sent["email"]["_id"])
    assert email["subject"] == "Your registration is approved"
    assert email["body"].startswith("Dear Aisha Member1,\n\nWelcome to Gavel")
    assert (
        email["bodyHtml"].startswith("<!DOCTYPE html>") and "<p>Dear Aisha Member1,</p>" in email["bodyHtml"]
    )
    whatsapp = await detail(client, admin, sent["whatsapp"]["_id"])
    assert whatsapp["whatsappTemplate"] == "gavel_member_approved"
    assert whatsapp["templateParams"] == ["Aisha", "Gavel"]
    sms = await detail(client, admin, sent["sms"]["_id"])
    assert sms["sms"] == {
        "encoding": "GSM-7", "characters": 95, "units": 95, "segments": 1, "perSegment": 160, "remaining": 65,
    }  # fmt: skip
    assert sms["timeline"] == [{"at": sms["createdAt"], "status": "queued", "detail": "Written"}]

    again = await set_status(client, admin, [aisha["_id"]], "approved")
    assert again.status_code == 200
    assert len(await messages(client, admin, memberId=aisha["_id"])) == 3, "a repeated change sends nothing"
    deactivated = await set_status(client, admin, [aisha["_id"]], "deactivated", "Left the business")
    assert deactivated.status_code == 200
    reactivated = await set_status(client, admin, [aisha["_id"]], "approved")
    assert reactivated.status_code == 200
    assert len(await messages(client, admin, memberId=aisha["_id"])) == 3, "only a registration approval"


async def test_a_member_who_prefers_arabic_is_written_to_in_arabic(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    aisha = await pending_member(client, admin, preferredLanguage="ar", firstName="عائشة")
    assert aisha["preferredLanguage"] == "ar"
    rejected = await set_status(client, admin, [aisha["_id"]], "rejected", "The passport copy cannot be read")
    assert rejected.status_code == 200
    sent = by_channel(await messages(client, admin, memberId=aisha["_id"]))
    assert {m["event"] for m in sent.values()} == {"memberRejected"}
    assert {m["language"] for m in sent.values()} == {"ar"}
    assert sent["sms"]["snippet"].startswith(
        "Gavel: مرحباً عائشة، لم نتمكن من الموافقة على تسجيلك: The passport copy cannot be read."
    )
    email = await detail(client, admin, sent["email"]["_id"])
    assert email["subject"] == "بخصوص تسجيلك"
    assert '<html lang="ar" dir="rtl">' in email["bodyHtml"]
    assert "The passport copy cannot be read" in email["body"]
    sms = await detail(client, admin, sent["sms"]["_id"])
    assert (sms["sms"]["encoding"], sms["sms"]["segments"]) == ("UCS-2", 2)


async def test_a_refused_status_change_writes_no_message(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    first = await pending_member(client, admin, 1)
    second = await pending_member(client, admin, 2)
    assert (
        await set_status(client, admin, [second["_id"]], "rejected", "Duplicate account")
    ).status_code == 200
    before = await count(db)
    # The first could be approved, the second (rejected) cannot: the whole change is refused.
    refused = await set_status(client, admin, [first["_id"], second["_id"]], "approved")
    assert refused.status_code == 409
    assert await count(db) == before
    assert await messages(client, admin, memberId=first["_id"]) == []


async def test_a_switched_off_channel_sends_nothing_on_it(client: AsyncClient, admin: dict[str, str]) -> None:
    off = await client.put(
        "/api/alerts/switches",
        json={"event": "memberApproved", "channel": "sms", "enabled": False},
        headers=admin,
    )
    assert off.status_code == 200, off.text
    aisha = await pending_member(client, admin)
    await set_status(client, admin, [aisha["_id"]], "approved")
    assert set(by_channel(await messages(client, admin, memberId=aisha["_id"]))) == {"whatsapp", "email"}
    for channel in ("whatsapp", "email"):
        await client.put(
            "/api/alerts/switches", json={"event": "memberApproved", "channel": channel, "enabled": False},
            headers=admin,
        )  # fmt: skip
    other = await pending_member(client, admin, 2)
    await set_status(client, admin, [other["_id"]], "approved")
    assert await messages(client, admin, memberId=other["_id"]) == []


async def test_an_edited_template_is_used_by_the_next_message(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    listed = await client.post("/api/alerts/templates/get", json={"channel": "sms"}, headers=admin)
    template = next(t for t in listed.json()["data"] if t["event"] == "memberApproved")
    changed = await client.put(
        f"/api/alerts/templates/{template['_id']}",
        json={
            **template,
            "bodyEn": "Welcome aboard, {{ member.fullName }}!",
            "bodyAr": "أهلاً {{ member.fullName }}",
        },
        headers=admin,
    )
    assert changed.status_code == 200, changed.text
    aisha = await pending_member(client, admin)
    await set_status(client, admin, [aisha["_id"]], "approved")
    sent = by_channel(await messages(client, admin, memberId=aisha["_id"]))
    assert sent["sms"]["snippet"] == "Welcome aboard, Aisha Member1!"


async def test_approving_and_rejecting_a_vehicle_tells_its_seller(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    seller = await approved_seller(client, admin, 5)
    cars = []
    for serial in (1, 2):
        created = await client.post(
            "/api/vehicles/create", json=vehicle(seller["_id"], serial), headers=admin
        )
        assert created.status_code == 201, created.text
        cars.append(created.json()["data"])
    for step in ({"isReceived": True}, {"isInspection": "completed"}):
        await client.put(f"/api/vehicles/update-vehicle-status/{cars[0]['_id']}", json=step, headers=admin)
    approved = await client.put(
        "/api/vehicles/update-status", json={"ids": [cars[0]["_id"]], "status": "approved"}, headers=admin
    )
    assert approved.status_code == 200, approved.text
    rejected = await client.put(
        "/api/vehicles/update-status",
        json={"ids": [cars[1]["_id"]], "status": "rejected", "reason": "The chassis number was altered"},
        headers=admin,
    )
    assert rejected.status_code == 200, rejected.text
    lots = [c["vehicleLotNumber"] for c in cars]
    approval = by_channel(await messages(client, admin, memberId=seller["_id"], event="vehicleApproved"))
    assert approval["sms"]["snippet"] == (
        f"Gavel: Your vehicle 2019 Toyota Land Cruiser GXR (Lot {lots[0]}) has been approved and will be "
        "offered in an upcoming auction."
    )
    rejection = by_channel(await messages(client, admin, memberId=seller["_id"], event="vehicleRejected"))
    assert "The chassis number was altered" in rejection["whatsapp"]["snippet"]
    assert f"Lot {lots[1]}" in rejection["email"]["subject"]


async def _sale_ready(client: AsyncClient, app: Any, admin: dict[str, str]) -> dict[str, Any]:
    """Two vehicles of one seller in a published event on its sale day, and an approved buyer."""
    location = await yard(client, admin)
    auction = (await create_auction(client, admin, location))["data"]
    event = (await events(client, admin, auction["_id"]))[0]["_id"]
    cars = await approved_vehicles(client, admin, 2)
    await client.post(
        f"/api/auction-event/add-vehicle/{event}",
        json={"vehicles": [{"vehicleId": c["_id"]} for c in cars]},
        headers=admin,
    )
    await client.put(
        "/api/auctions/status", json={"auctionIds": [auction["_id"]], "status": "publish"}, headers=admin
    )
    moved_clock(app, SALE_START + timedelta(hours=1))
    khalid = await buyer(client, admin, buying_power=1_000_000)
    return {"event": event, "cars": cars, "buyer": khalid}


async def test_a_sale_tells_the_seller_and_sends_the_buyer_the_invoice_in_one_transaction(
    client: AsyncClient, app: Any, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    ready = await _sale_ready(client, app, admin)
    car, other = ready["cars"]
    seller = car["memberProfile"]["_id"] if isinstance(car["memberProfile"], dict) else car["memberProfile"]
    before = await count(db)
    # The second result is refused (the seller cannot buy their own vehicle): the batch records nothing, so
    # the first result's messages (written before the refusal) are rolled back with it.
    refused = await client.put(
        f"/api/auction-event/results/{ready['event']}",
        json={"results": [
            {"vehicleId": car["_id"], "outcome": "sold", "buyerId": ready["buyer"]["_id"], "soldFor": 25000},
            {"vehicleId": other["_id"], "outcome": "sold", "buyerId": seller, "soldFor": 25000},
        ]},
        headers=admin,
    )  # fmt: skip
    assert refused.status_code == 422, refused.text
    assert refused.json()["message"] == "Majid Seller91 is not an approved member who buys."
    assert await count(db) == before, "a refused batch of results writes no message"

    sold = await client.put(
        f"/api/auction-event/results/{ready['event']}",
        json={"results": [
            {"vehicleId": car["_id"], "outcome": "sold", "buyerId": ready["buyer"]["_id"], "soldFor": 25000},
        ]},
        headers=admin,
    )  # fmt: skip
    assert sold.status_code == 200, sold.text
    to_seller = by_channel(await messages(client, admin, event="vehicleSold"))
    assert {m["memberId"] for m in to_seller.values()} == {seller}
    assert to_seller["sms"]["snippet"].startswith(
        f"Gavel: Good news! Your vehicle {car['title']} (Lot {car['vehicleLotNumber']}) sold for "
        "AED 25,000.00 on 01/05/2031."
    )
    invoice = (await client.post("/api/invoices/get", json={"kind": "invoice"}, headers=admin)).json()[
        "data"
    ][0]
    to_buyer = by_channel(await messages(client, admin, event="invoiceIssued"))
    assert {m["memberId"] for m in to_buyer.values()} == {ready["buyer"]["_id"]}
    assert (to_buyer["email"]["attachmentKind"], to_buyer["email"]["attachmentId"]) == (
        "invoice",
        invoice["_id"],
    )
    assert to_buyer["sms"]["attachmentKind"] is None
    assert to_buyer["sms"]["snippet"] == (
        f"Gavel: Congratulations on winning {car['title']} (Lot {car['vehicleLotNumber']}). Invoice "
        f"{invoice['invoiceNo']}: AED 25,000.00, due by 03/05/2031 17:00."
    )  # no fees in this test: the total is the price


async def test_payment_due_and_overdue_are_sent_once_by_the_clock_job(
    client: AsyncClient,
    app: Any,
    admin: dict[str, str],
    db: async_sessionmaker[AsyncSession],
    sale: dict[str, Any],
) -> None:
    khalid = sale["buyer"]["_id"]
    # Sold at 17:00 on 01/05 with 48 hours to pay: due 03/05 17:00. A day before, nothing yet.
    clock = moved_clock(app, SALE_START + timedelta(hours=24))
    await run_once(db, clock)
    assert await messages(client, admin, memberId=khalid, event="paymentDue") == []
    clock = moved_clock(app, SALE_START + timedelta(hours=25, minutes=30))  # 23.5 hours before it is due
    await run_once(db, clock)
    due = by_channel(await messages(client, admin, memberId=khalid, event="paymentDue"))
    assert due["sms"]["snippet"] == (
        f"Gavel: Reminder: invoice {sale['invoice']['invoiceNo']} has AED 25,472.50 to pay by "
        "03/05/2031 17:00. Please pay on time to avoid a late fee."
    )
    await run_once(db, moved_clock(app, SALE_START + timedelta(hours=30)))
    assert len(await messages(client, admin, memberId=khalid, event="paymentDue")) == 3, "once per invoice"

    clock = moved_clock(app, SALE_START + timedelta(hours=49, minutes=30))
    await run_once(db, clock)
    await run_once(db, moved_clock(app, SALE_START + timedelta(hours=60)))
    overdue = by_channel(await messages(client, admin, memberId=khalid, event="invoiceOverdue"))
    assert overdue["sms"]["snippet"].startswith(
        f"Gavel: Invoice {sale['invoice']['invoiceNo']} is overdue since 03/05/2031: AED 25,997.50 to pay."
    )  # the late fee (500 AED and its VAT) is already on it


async def test_a_verified_payment_and_the_gate_pass_are_sent_to_the_buyer(
    client: AsyncClient, app: Any, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    khalid = sale["buyer"]["_id"]
    part = await record(client, admin, payment(sale["invoice"], 10000))
    await client.put(f"/api/payments/{part['_id']}/verify", headers=cashier)
    verified = by_channel(
        await messages(client, admin, memberId=khalid, event="paymentVerified", search="15,472.50")
    )
    assert verified["sms"]["snippet"] == (
        f"Gavel: We received your payment of AED 10,000.00 ({part['transactionId']}) for invoice "
        f"{sale['invoice']['invoiceNo']}. Still to pay: AED 15,472.50."
    )
    rest = await record(client, admin, payment(sale["invoice"], BUYER_TOTAL - 10000))
    await client.put(f"/api/payments/{rest['_id']}/verify", headers=cashier)
    newest = await messages(client, admin, memberId=khalid, event="paymentVerified", search="paid in full")
    paid = by_channel(newest[:3])  # newest first; the deposit paid earlier was paid in full too
    assert paid["whatsapp"]["snippet"].endswith("It is now paid in full.")

    issued = await client.post(
        "/api/gate-passes/issue", json={"vehicleId": sale["cars"][0]["_id"]}, headers=cashier
    )
    assert issued.status_code in (200, 201), issued.text
    gate = by_channel(await messages(client, admin, memberId=khalid, event="gatePassIssued"))
    pass_id = issued.json()["data"]["_id"]
    assert (gate["email"]["attachmentKind"], gate["email"]["attachmentId"]) == ("gatePass", pass_id)
    assert "valid until 03/05/2031 17:00" in gate["sms"]["snippet"]  # 48 hours from issue, Dubai time


async def test_a_completed_payout_and_a_deposit_refund_tell_the_member(
    client: AsyncClient, app: Any, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    await seller_fees(client, admin)
    paid = await record(client, admin, payment(sale["invoice"], BUYER_TOTAL))
    assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200
    payout = (await outbound(client, admin, kind="payout"))["data"][0]
    moved_clock(app, SALE_START + timedelta(days=1))
    done = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    assert done.status_code == 200, done.text
    seller = payout["member"]["_id"]
    told = by_channel(await messages(client, admin, memberId=seller, event="payoutCompleted"))
    lot = sale["cars"][0]["vehicleLotNumber"]
    assert told["sms"]["snippet"] == (
        f"Gavel: We have paid you AED 24,475.00 for {sale['cars'][0]['title']} (Lot {lot}) by cheque, "
        "reference CHQ-000731."
    )
    email = await detail(client, admin, told["email"]["_id"])
    assert f"(payout {payout['transactionId']}, settlement " in email["body"]

    other = await buyer(client, admin, n=7)
    requested = await client.post("/api/payments/refunds", json=refund(other["_id"], 10000), headers=admin)
    assert requested.status_code == 201, requested.text
    later = SALE_START + timedelta(days=2)
    moved_clock(app, later)
    completed = await client.put(
        f"/api/payments/{requested.json()['data']['_id']}/complete",
        json=completion("cash", None, at=later),
        headers=cashier,
    )
    assert completed.status_code == 200, completed.text
    refunded = by_channel(await messages(client, admin, memberId=other["_id"], event="depositRefunded"))
    assert refunded["sms"]["snippet"] == (
        "Gavel: We have refunded your security deposit of AED 10,000.00 by cash."
    )


async def test_a_batch_of_approvals_reads_the_templates_once(
    client: AsyncClient, admin: dict[str, str], engine: AsyncEngine
) -> None:
    members = [await pending_member(client, admin, n) for n in range(1, 11)]
    reads: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if "FROM alert_template" in statement:
            reads.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", seen)
    try:
        moved = await set_status(client, admin, [m["_id"] for m in members], "approved")
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", seen)
    assert moved.status_code == 200, moved.text
    assert len(reads) == 1, "one read of the event's templates and switches for the whole batch"
    assert len(await messages(client, admin, event="memberApproved")) == 30


async def test_an_overdue_deposit_invoice_is_sent_without_a_vehicle_and_a_short_window_is_not_reminded(
    client: AsyncClient, app: Any, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    settings = (await client.get("/api/business/settings", headers=admin)).json()
    settings.pop("updatedAt")
    await client.put("/api/business/settings", json={**settings, "paymentWindowHours": 12}, headers=admin)
    moved_clock(app, SALE_START)
    plan = await client.post(
        "/api/plan/create", json={"name": "Silver", "planAmount": 5000, "buyingPower": 50000}, headers=admin
    )
    aisha = await pending_member(
        client, admin, securityPlan=plan.json()["_id"]
    )  # a 5,000 AED deposit invoice
    await run_once(db, moved_clock(app, SALE_START + timedelta(hours=1)))
    assert await messages(client, admin, memberId=aisha["_id"], event="paymentDue") == [], (
        "12 hours to pay: the invoice already said when it is due"
    )
    await run_once(db, moved_clock(app, SALE_START + timedelta(hours=13)))
    overdue = by_channel(await messages(client, admin, memberId=aisha["_id"], event="invoiceOverdue"))
    email = await detail(client, admin, overdue["email"]["_id"])
    assert "Lot" not in email["body"] and "AED 5,000.00 is still to pay" in email["body"]
    await run_once(db, moved_clock(app, SALE_START + timedelta(hours=20)))
    assert len(await messages(client, admin, memberId=aisha["_id"], event="invoiceOverdue")) == 3
