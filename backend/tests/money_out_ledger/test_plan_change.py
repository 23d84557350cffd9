"""Changing plan: a bigger plan asks for the difference by a deposit invoice; a smaller plan (or none) gives
the deposit beyond it back by a refund asked for at once, completed by another staff user; while something is
owed the excess stays held."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.auctions.factory import pay_deposit
from tests.factories import STAFF_PASSWORD, bearer, login, make_staff
from tests.money_out_ledger.conftest import member_on_plan, plan, power


async def _change_plan(
    client: AsyncClient, admin: dict[str, str], member: dict[str, Any], plan_id: str | None
) -> None:
    body = {
        "firstName": member["firstName"],
        "lastName": member["lastName"],
        "memberIdentityNo": member["memberIdentityNo"],
        "memberTypes": ["buyer"],
        "memberEntity": "individual",
        "securityPlan": plan_id,
        "memberProfile": {
            "identityType": "passport",
            "identityExpiry": member["memberProfile"]["identityExpiry"],
        },
    }
    changed = await client.put(f"/api/members/update-member/{member['_id']}", json=body, headers=admin)
    assert changed.status_code == 200, changed.text


async def _outbound(client: AsyncClient, admin: dict[str, str], member_id: str) -> list[dict[str, Any]]:
    listed = await client.post(
        "/api/payment/get-payments", json={"direction": "outbound", "memberId": member_id}, headers=admin
    )
    return list(listed.json()["data"])


async def test_a_bigger_plan_asks_for_the_difference_a_smaller_one_refunds_it(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str]
) -> None:
    silver = await plan(client, admin, "Silver", 10000, 100000)
    gold = await plan(client, admin, "Gold", 30000, 300000)
    mariam = await member_on_plan(client, admin, silver, 8)
    await pay_deposit(client, admin, mariam["_id"])

    await _change_plan(client, admin, mariam, gold)
    deposits = await client.post(
        "/api/invoices/get", json={"memberId": mariam["_id"], "kind": "deposit"}, headers=admin
    )
    assert sorted(i["total"] for i in deposits.json()["data"]) == [10000, 20000], "the difference is invoiced"
    await pay_deposit(client, admin, mariam["_id"])
    assert (await power(client, admin, mariam["_id"]))["available"] == 300000
    assert await _outbound(client, admin, mariam["_id"]) == []

    await _change_plan(client, admin, mariam, silver)
    (refund,) = await _outbound(client, admin, mariam["_id"])
    assert (refund["kind"], refund["refundKind"], refund["status"], refund["amount"]) == (
        "refund",
        "deposit",
        "Pending",
        20000,
    )
    assert refund["refundMethod"] == "cheque", "no IBAN on file: a cheque"
    assert refund["refundReason"] == "Security plan changed to Silver: the deposit beyond what it needs."
    after = await power(client, admin, mariam["_id"])
    assert (after["depositHeld"], after["available"]) == (10000, 100000)

    await _change_plan(client, admin, mariam, None)  # leaves the plans: the rest of the deposit is refunded
    refunds = await _outbound(client, admin, mariam["_id"])
    assert sorted(r["amount"] for r in refunds) == [10000, 20000]
    assert (await power(client, admin, mariam["_id"]))["depositHeld"] == 0


async def test_while_something_is_owed_the_excess_stays_held(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    """The sale's buyer (a 100,000 AED deposit) still owes the sale's invoice when moved to a smaller plan."""
    buyer_id = sale["buyer"]["_id"]
    buyer = (await client.get(f"/api/members/{buyer_id}", headers=admin)).json()
    silver = await plan(client, admin, "Silver", 10000, 100000)
    await _change_plan(client, admin, buyer, silver)
    assert await _outbound(client, admin, buyer_id) == []
    held = await power(client, admin, buyer_id)
    assert held["depositHeld"] == 100000, "held until nothing is owed, then refunded from the member's page"


async def test_a_clerk_who_may_not_request_refunds_leaves_the_excess_held(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], admin: dict[str, str], cashier: dict[str, str]
) -> None:
    """Members edit alone changes the plan; the refund is money out, Payments add's to ask for."""
    silver = await plan(client, admin, "Silver", 10000, 100000)
    gold = await plan(client, admin, "Gold", 30000, 300000)
    mariam = await member_on_plan(client, admin, gold, 10)
    await pay_deposit(client, admin, mariam["_id"])
    grants = {Module.MEMBERS: {Privilege.VIEW, Privilege.EDIT}}
    await make_staff(db, "members.clerk@example.com", grants=grants)
    clerk = bearer((await login(client, "members.clerk@example.com", STAFF_PASSWORD))["token"])
    await _change_plan(client, clerk, mariam, silver)
    assert await _outbound(client, admin, mariam["_id"]) == []
    held = await power(client, admin, mariam["_id"])
    assert (held["depositHeld"], held["available"]) == (30000, 100000), "held; Silver's buying power"
