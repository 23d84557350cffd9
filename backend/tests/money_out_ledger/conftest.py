"""The money tests' sale (a buyer with a paid deposit of 100,000 AED for 1,000,000 AED of buying power buys a
25,000 AED vehicle), plus the steps of money out the ledger tests walk through."""

from datetime import UTC, datetime, timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.payments.models import Payment
from tests.money.conftest import admin, cashier, fees, sale, sell  # noqa: F401 (fixtures)

BUYER_TOTAL = 25472.5  # the sale fixture's invoice: 25,000 + buyer fee 350 + gate 100, 5% VAT on the fees
DEPOSIT = 100000  # the sale fixture's buyer: a plan of 100,000 AED giving 1,000,000 AED of buying power
POWER = 1000000
PENALTY = {"title": "Default penalty", "charges": 2000, "appliesTo": "buyer", "kind": "defaultPenalty"}
PENALTY_TOTAL = 2100.0  # 2,000 and 5% VAT


async def pay(
    client: AsyncClient, staff: dict[str, str], verifier: dict[str, str], invoice_id: str, at: datetime
) -> dict[str, Any]:
    """Pays what is due on an invoice: recorded by `staff`, verified by a second person."""
    detail = (await client.get(f"/api/invoices/{invoice_id}", headers=staff)).json()
    recorded = await client.post(
        "/api/payments/inbound",
        json={
            "invoiceId": invoice_id,
            "amount": detail["dueAmount"],
            "paymentMethod": "cash",
            "paymentDateAndTime": (at - timedelta(minutes=5)).isoformat(),
        },
        headers=staff,
    )
    assert recorded.status_code == 201, recorded.text
    payment = recorded.json()["data"]
    verified = await client.put(f"/api/payments/{payment['_id']}/verify", headers=verifier)
    assert verified.status_code == 200, verified.text
    return dict(payment)


async def payouts(db: async_sessionmaker[AsyncSession], member_id: str) -> list[Payment]:
    async with db() as session:
        stmt = select(Payment).where(Payment.member_id == member_id, Payment.kind == "payout")
        return list((await session.scalars(stmt)).unique().all())


async def ledger(client: AsyncClient, headers: dict[str, str], member_id: str, **body: Any) -> Any:
    answer = await client.post(
        f"/api/members/{member_id}/ledger", json={"limit": 100, **body}, headers=headers
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


async def power(client: AsyncClient, headers: dict[str, str], member_id: str) -> Any:
    answer = await client.get(f"/api/members/{member_id}/buying-power", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def member_on_plan(
    client: AsyncClient, staff: dict[str, str], plan_id: str | None, n: int, first_name: str = "Mariam"
) -> dict[str, Any]:
    """An approved buyer who chose a plan (if any) and has not paid its deposit yet."""
    created = await client.post(
        "/api/members/create",
        json={
            "firstName": first_name,
            "lastName": f"Bidder{n}",
            "email": f"bidder{n}@example.com",
            "phone": f"05677788{n:02d}",
            "memberIdentityNo": f"784-1991-12345{n:02d}-3",
            "memberTypes": ["buyer"],
            "memberEntity": "individual",
            "securityPlan": plan_id,
            "memberProfile": {
                "identityType": "passport",
                "identityExpiry": (datetime.now(UTC).date() + timedelta(days=900)).isoformat(),
            },
        },
        headers=staff,
    )
    assert created.status_code == 201, created.text
    member = created.json()["data"]
    moved = await client.put(
        "/api/members/update-status", json={"ids": [member["_id"]], "status": "approved"}, headers=staff
    )
    assert moved.status_code == 200, moved.text
    return dict(member)


async def plan(client: AsyncClient, staff: dict[str, str], name: str, amount: int, gives: int) -> str:
    created = await client.post(
        "/api/plan/create", json={"name": name, "planAmount": amount, "buyingPower": gives}, headers=staff
    )
    assert created.status_code == 201, created.text
    return str(created.json()["_id"])
