"""Buying power and why: a plan gives it once its deposit is paid; unpaid purchases use it up; an overdue
invoice takes it all; paying frees it; a deposit refund ends it. The figure is the one a sale is checked
with."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START, moved_clock, pay_deposit
from tests.money_out_ledger.conftest import DEPOSIT, POWER, member_on_plan, pay, plan, power


async def test_a_plan_gives_buying_power_once_its_deposit_is_paid(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    gold = await plan(client, admin, "Gold", 20000, 200000)
    mariam = await member_on_plan(client, admin, gold, 7)
    before = await power(client, admin, mariam["_id"])
    assert before["plan"] == {"_id": gold, "name": "Gold", "buyingPower": 200000, "requiredDeposit": 20000}
    assert (before["depositHeld"], before["planBuyingPower"], before["available"]) == (0, 0, 0)
    assert before["reason"] == "The Gold plan's deposit of AED 20,000.00 is not paid yet: no buying power."

    await pay_deposit(client, admin, mariam["_id"])
    after = await power(client, admin, mariam["_id"])
    assert (after["depositHeld"], after["planBuyingPower"], after["available"]) == (20000, 200000, 200000)
    assert after["unpaidPurchases"] == 0 and after["overdueInvoice"] is None
    assert after["reason"] == (
        "AED 200,000.00 available: the Gold plan gives AED 200,000.00 on the AED 20,000.00 deposit held."
    )


async def test_without_a_plan_or_a_member(client: AsyncClient, admin: dict[str, str]) -> None:
    mariam = await member_on_plan(client, admin, None, 8)
    answer = await power(client, admin, mariam["_id"])
    assert answer["plan"] is None and answer["available"] == 0
    assert answer["reason"] == "Mariam Bidder8 has no security plan: no buying power."
    missing = await client.get("/api/members/nobody/buying-power", headers=admin)
    assert missing.status_code == 404
    assert missing.json()["message"] == "This member does not exist."


async def test_buying_power_through_purchase_overdue_payment_and_refund(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    buyer = sale["buyer"]["_id"]
    bought = await power(client, admin, buyer)
    assert bought["depositHeld"] == DEPOSIT and bought["planBuyingPower"] == POWER
    assert bought["unpaidPurchases"] == 25000 and bought["available"] == POWER - 25000
    assert bought["reason"] == (
        "AED 975,000.00 available: the Plan 1 plan gives AED 1,000,000.00 on the AED 100,000.00 deposit "
        "held, less AED 25,000.00 of unpaid purchases."
    )

    clock = moved_clock(app, SALE_START + timedelta(hours=49, minutes=30))  # 48 hours to pay, passed
    await run_once(db, clock)
    overdue = await power(client, admin, buyer)
    assert overdue["available"] == 0
    assert overdue["overdueInvoice"] == {
        "_id": sale["invoice"]["_id"],
        "invoiceNo": sale["invoice"]["invoiceNo"],
        "daysOverdue": 0,
    }
    assert (
        overdue["reason"] == f"{sale['invoice']['invoiceNo']} is overdue: no buying power until it is paid."
    )

    await pay(client, admin, cashier, sale["invoice"]["_id"], clock.now())
    paid = await power(client, admin, buyer)
    assert (paid["unpaidPurchases"], paid["overdueInvoice"], paid["available"]) == (0, None, POWER)

    refund = await client.post(
        "/api/payments/refunds",
        json={
            "memberId": buyer,
            "refundKind": "deposit",
            "refundedAmount": DEPOSIT,
            "refundMethod": "cheque",
            "refundReason": "The member stops buying",
        },
        headers=admin,
    )
    assert refund.status_code == 201, refund.text
    refunded = await power(client, admin, buyer)
    assert (refunded["depositHeld"], refunded["planBuyingPower"], refunded["available"]) == (0, 0, 0)
