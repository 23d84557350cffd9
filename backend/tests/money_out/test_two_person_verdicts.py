"""Two-person rules shown before anyone acts: each payment tells the staff user asking whether they may verify
or reject it (`canVerify`, `canReject`) and each payout or refund whether they may complete it
(`canComplete`), from the rules that refuse the request, so that the verdict and the refusal say the same."""

from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import moved_clock
from tests.money.test_payments import payment, record
from tests.money_out.conftest import BUYER_TOTAL, LATER, completion, outbound
from tests.money_out.test_refunds import refund

ALLOWED = {"allowed": True, "reason": None}


async def inbound_row(client: AsyncClient, headers: dict[str, str], payment_id: str) -> dict[str, Any]:
    listed = await client.post("/api/payment/get-payments", json={"limit": 100}, headers=headers)
    assert listed.status_code == 200, listed.text
    (row,) = [p for p in listed.json()["data"] if p["_id"] == payment_id]
    return dict(row)


async def test_the_recorder_sees_verify_and_reject_refused_with_the_servers_reason(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    paid = await record(client, admin, payment(sale["invoice"], BUYER_TOTAL))
    assert "canComplete" not in paid or paid["canComplete"] is None, "an inbound payment is not completed"
    mine = await inbound_row(client, admin, paid["_id"])
    assert mine["canVerify"]["allowed"] is False and mine["canReject"]["allowed"] is False
    one = (await client.get(f"/api/payments/{paid['_id']}", headers=admin)).json()
    assert (one["canVerify"], one["canReject"]) == (mine["canVerify"], mine["canReject"])

    verify = await client.put(f"/api/payments/{paid['_id']}/verify", headers=admin)
    reject = await client.put(
        f"/api/payments/{paid['_id']}/reject", json={"reason": "Slip unreadable"}, headers=admin
    )
    assert (verify.status_code, reject.status_code) == (409, 409)
    assert verify.json()["message"] == mine["canVerify"]["reason"]
    assert reject.json()["message"] == mine["canReject"]["reason"]

    theirs = await inbound_row(client, cashier, paid["_id"])
    assert (theirs["canVerify"], theirs["canReject"]) == (ALLOWED, ALLOWED)
    verified = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    after = verified.json()["data"]
    assert after["canVerify"]["allowed"] is False, "verified already"
    assert after["canReject"]["allowed"] is False
    late = await client.put(
        f"/api/payments/{paid['_id']}/reject", json={"reason": "Slip unreadable"}, headers=admin
    )
    assert late.status_code == 409
    assert late.json()["message"] == (await inbound_row(client, admin, paid["_id"]))["canReject"]["reason"]


async def test_the_verifier_of_the_buyers_payment_sees_the_payouts_complete_refused(
    client: AsyncClient, app: Any, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    paid = await record(client, admin, payment(sale["invoice"], BUYER_TOTAL))
    assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200
    (payout,) = (await outbound(client, cashier, kind="payout"))["data"]
    verdict = payout["canComplete"]
    assert verdict["allowed"] is False and "another staff user completes" in verdict["reason"]
    assert payout.get("canVerify") is None
    refused = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=cashier)
    assert refused.status_code == 409
    assert refused.json()["message"] == verdict["reason"]

    (for_admin,) = (await outbound(client, admin, kind="payout"))["data"]
    assert for_admin["canComplete"] == ALLOWED
    moved_clock(app, LATER)
    done = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    assert done.status_code == 200, done.text
    assert done.json()["data"]["canComplete"]["allowed"] is False, "completed already"


async def test_the_requester_of_a_refund_sees_complete_refused(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    paid = await record(client, admin, payment(sale["invoice"], BUYER_TOTAL))
    assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200
    asked = await client.post(
        "/api/payments/refunds", json=refund(sale["buyer"]["_id"], 5000), headers=cashier
    )
    assert asked.status_code == 201, asked.text
    requested = asked.json()["data"]
    assert requested["canComplete"]["allowed"] is False
    refused = await client.put(
        f"/api/payments/{requested['_id']}/complete", json=completion("cash", None), headers=cashier
    )
    assert refused.status_code == 409
    assert refused.json()["message"] == requested["canComplete"]["reason"]
    (for_admin,) = (await outbound(client, admin, kind="refund"))["data"]
    assert for_admin["canComplete"] == ALLOWED
