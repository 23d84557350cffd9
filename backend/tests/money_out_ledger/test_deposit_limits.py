"""Paying from the deposit never takes more than it holds: a payment from it is recorded only up to what the
payments from it still waiting for verification leave, and verified only while the deposit holds it (a penalty
may have taken from it meanwhile)."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.jobs.clock_jobs import run_once
from gavel.statements.check import check_ledger
from tests.auctions.factory import SALE_START, moved_clock
from tests.money.conftest import fees, sell
from tests.money_out_ledger.conftest import BUYER_TOTAL, DEPOSIT, POWER, power

DEFAULTED = SALE_START + timedelta(days=16, hours=2)  # the first sale is 14 days overdue
# A penalty that takes most of the deposit: 90,000 AED and 5% VAT.
BIG_PENALTY = {"title": "Default penalty", "charges": 90000, "appliesTo": "buyer", "kind": "defaultPenalty"}


def from_deposit(invoice: dict[str, Any], amount: float) -> dict[str, Any]:
    return {
        "invoiceId": invoice["_id"],
        "amount": amount,
        "paymentMethod": "deposit",
        "paymentDateAndTime": (SALE_START + timedelta(hours=1)).isoformat(),
    }


async def test_payments_waiting_from_the_deposit_count_against_it(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
) -> None:
    await fees(client, admin)
    sold = await sell(client, app, admin, count=5)  # five invoices of AED 25,472.50; 100,000 AED held
    waiting = []
    for invoice in sold["invoices"][:3]:
        recorded = await client.post(
            "/api/payments/inbound", json=from_deposit(invoice, BUYER_TOTAL), headers=admin
        )
        assert recorded.status_code == 201, recorded.text
        waiting.append(recorded.json()["data"])
    left = DEPOSIT - 3 * BUYER_TOTAL  # AED 23,582.50

    beyond = await client.post(
        "/api/payments/inbound", json=from_deposit(sold["invoices"][3], BUYER_TOTAL), headers=admin
    )
    assert beyond.status_code == 409
    assert beyond.json() == {
        "message": "AED 25,472.50 is more than the deposit left to pay from: AED 23,582.50 (AED 100,000.00 "
        "held, of which AED 76,417.50 is taken by payments from it waiting for verification).",
        "errors": [{"field": "amount", "message": "At most AED 23,582.50."}],
    }
    rest = await client.post(
        "/api/payments/inbound", json=from_deposit(sold["invoices"][3], left), headers=admin
    )
    assert rest.status_code == 201, rest.text
    waiting.append(rest.json()["data"])
    nothing = await client.post(
        "/api/payments/inbound", json=from_deposit(sold["invoices"][4], 0.01), headers=admin
    )
    assert nothing.status_code == 409 and "left to pay from: AED 0.00" in nothing.json()["message"]

    for paid in waiting:
        verified = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
        assert verified.status_code == 200, verified.text
    after = await power(client, admin, sold["buyer"]["_id"])
    assert (after["depositHeld"], after["planBuyingPower"]) == (0, 0)
    async with db() as session:
        assert await check_ledger(session) == []


async def test_a_payment_from_the_deposit_is_verified_only_while_the_deposit_holds_it(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
) -> None:
    await fees(client, admin)
    penalty = await client.post("/api/charge/create", json=BIG_PENALTY, headers=admin)
    assert penalty.status_code == 201, penalty.text
    sold = await sell(client, app, admin, count=2)
    first, second = sold["invoices"]
    recorded = await client.post(
        "/api/payments/inbound", json=from_deposit(second, BUYER_TOTAL), headers=admin
    )
    assert recorded.status_code == 201, recorded.text
    paid = recorded.json()["data"]

    clock = moved_clock(app, DEFAULTED)
    await run_once(db, clock)
    defaulted = await client.put(
        f"/api/invoices/{first['_id']}/cancel-default", json={"reason": "Never paid"}, headers=cashier
    )
    assert defaulted.status_code == 200, defaulted.text
    held = DEPOSIT - 94500  # the penalty (90,000 AED and VAT) taken from the deposit
    assert (defaulted.json()["penaltyTaken"], defaulted.json()["depositHeld"]) == (94500, held)
    assert defaulted.json()["buyingPower"] == POWER * held / DEPOSIT

    refused = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        f"{paid['transactionId']} takes AED 25,472.50 from the deposit, but only AED 5,500.00 is held now; "
        "reject it and record the payment another way."
    )
    after = await power(client, admin, sold["buyer"]["_id"])
    assert after["depositHeld"] == held
    rejected = await client.put(
        f"/api/payments/{paid['_id']}/reject", json={"reason": "The deposit was used"}, headers=cashier
    )
    assert rejected.status_code == 200, rejected.text
    async with db() as session:
        assert await check_ledger(session) == []
