"""The buying power of a plan: the plan's figure once the deposit held covers the plan's deposit; short of it,
never more than the member had nor more than the plan's share of what is held. So a bigger plan gives nothing
more until the difference is paid, a deposit refunded lowers it, and a refund cancelled that gives the whole
deposit back gives the plan's figure back."""

from httpx import AsyncClient

from tests.auctions.factory import pay_deposit
from tests.money_out.conftest import update_member
from tests.money_out_ledger.conftest import member_on_plan, plan, power


async def test_a_bigger_plan_gives_its_buying_power_once_the_difference_is_paid(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str]
) -> None:
    basic = await plan(client, admin, "Basic", 10000, 50000)
    vip = await plan(client, admin, "VIP", 11000, 1000000)
    member = await member_on_plan(client, admin, basic, 8)
    assert (await power(client, admin, member["_id"]))["available"] == 0, "nothing before the deposit"
    await pay_deposit(client, admin, member["_id"])
    assert (await power(client, admin, member["_id"]))["available"] == 50000

    changed = await update_member(client, admin, member["_id"], securityPlan=vip)
    assert changed.status_code == 200, changed.text
    upgraded = await power(client, admin, member["_id"])
    # The VIP plan's share of 10,000 AED would be AED 909,090.90, bought with 1,000 AED not paid yet.
    assert (upgraded["depositHeld"], upgraded["available"]) == (10000, 50000)

    await pay_deposit(client, admin, member["_id"])  # the 1,000 AED difference
    paid = await power(client, admin, member["_id"])
    assert (paid["depositHeld"], paid["available"]) == (11000, 1000000)


async def test_a_refund_lowers_the_buying_power_and_cancelled_gives_it_back(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str]
) -> None:
    gold = await plan(client, admin, "Gold", 20000, 200000)
    member = await member_on_plan(client, admin, gold, 9)
    await pay_deposit(client, admin, member["_id"])
    asked = await client.post(
        "/api/payments/refunds",
        json={
            "memberId": member["_id"],
            "refundKind": "deposit",
            "refundedAmount": 5000,
            "refundMethod": "cash",
            "refundReason": "Part of the deposit back",
        },
        headers=admin,
    )
    assert asked.status_code == 201, asked.text
    lowered = await power(client, admin, member["_id"])
    assert (lowered["depositHeld"], lowered["available"]) == (15000, 150000), "in proportion"

    cancelled = await client.put(
        f"/api/payments/{asked.json()['data']['_id']}/cancel",
        json={"reason": "The member stays on Gold"},
        headers=cashier,
    )
    assert cancelled.status_code == 200, cancelled.text
    restored = await power(client, admin, member["_id"])
    assert (restored["depositHeld"], restored["available"]) == (20000, 200000)
