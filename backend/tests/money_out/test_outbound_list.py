"""`POST /api/payment/get-payments` with direction outbound: payouts and refunds with SPEC.md's refund fields,
their filters, the totals per status (together and per kind) and what was completed this month."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import buyer, moved_clock
from tests.money_out.conftest import LATER, PAYOUT, completion, outbound


async def test_outbound_payments_are_listed_filtered_and_counted(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    inbound_before = (await client.post("/api/payment/get-payments", json={}, headers=admin)).json()
    leaver = await buyer(client, admin, n=2)  # a 10,000 AED deposit
    requested = await client.post(
        "/api/payments/refunds",
        json={
            "memberId": leaver["_id"],
            "refundKind": "deposit",
            "refundedAmount": 10000,
            "refundMethod": "bankTransfer",
            "refundReason": "Leaves the auction",
        },
        headers=admin,
    )
    assert requested.status_code == 201, requested.text
    refund_no = requested.json()["data"]["transactionId"]

    everything = await outbound(client, admin)
    assert [(p["kind"], p["status"]) for p in everything["data"]] == [
        ("refund", "Pending"),
        ("payout", "Pending"),
    ]
    assert everything["totals"] == {
        "Pending": {"count": 2, "amount": PAYOUT + 10000},
        "Completed": {"count": 0, "amount": 0},
        "Canceled": {"count": 0, "amount": 0},
    }
    assert everything["totalsByKind"]["payout"]["Pending"] == {"count": 1, "amount": PAYOUT}
    assert everything["totalsByKind"]["refund"]["Pending"] == {"count": 1, "amount": 10000}
    assert everything["completedThisMonth"] == {"count": 0, "amount": 0}
    refund = everything["data"][0]
    assert {
        k: refund[k] for k in ("refundTransactionId", "refundedAmount", "refundMethod", "refundStatus")
    } == {
        "refundTransactionId": refund_no,
        "refundedAmount": 10000,
        "refundMethod": "bankTransfer",
        "refundStatus": "Pending",
    }
    assert (refund["refundReason"], refund["refundDateAndTime"]) == ("Leaves the auction", None)
    # The inbound list shows none of them, and its totals are the inbound ones.
    inbound = (await client.post("/api/payment/get-payments", json={}, headers=admin)).json()
    assert all(p["direction"] == "inbound" for p in inbound["data"])
    assert inbound["totalMatching"] == inbound_before["totalMatching"] + 1  # the leaver's deposit payment
    assert inbound["totalsByKind"] is None and inbound["completedThisMonth"] is None

    async def transactions(**filters: Any) -> list[str]:
        return [p["transactionId"] for p in (await outbound(client, admin, **filters))["data"]]

    assert await transactions(kind="payout") == ["OUT-2031-000001"]
    assert await transactions(kind="refund") == [refund_no]
    assert await transactions(method="cheque") == ["OUT-2031-000001"]
    assert await transactions(method="bankTransfer") == [refund_no]
    assert await transactions(memberId=paid_sale["seller"]) == ["OUT-2031-000001"]
    assert await transactions(memberId=leaver["_id"]) == [refund_no]
    assert await transactions(search="seller91") == ["OUT-2031-000001"]
    assert await transactions(search=refund_no.lower()) == [refund_no]
    assert await transactions(search="INV-S-2031") == ["OUT-2031-000001"]
    lot = paid_sale["payout"]["vehicle"]["vehicleLotNumber"]
    assert await transactions(search=str(lot)) == ["OUT-2031-000001"]  # a payout is found by its lot and VIN
    assert await transactions(search=paid_sale["payout"]["vehicle"]["vinNumber"][-6:]) == ["OUT-2031-000001"]
    # Dubai days: the payout was issued on 01/05/2031, the refund requested on 02/05/2031.
    assert await transactions(dateTo="2031-05-01") == ["OUT-2031-000001"]
    assert await transactions(dateFrom="2031-05-02") == [refund_no]
    assert await transactions(status="Completed") == []

    done = await client.put(
        f"/api/payments/{paid_sale['payout']['_id']}/complete", json=completion(), headers=admin
    )
    assert done.status_code == 200, done.text
    after = await outbound(client, admin)
    assert after["totals"]["Pending"] == {"count": 1, "amount": 10000}
    assert after["totals"]["Completed"] == {"count": 1, "amount": PAYOUT}
    assert after["completedThisMonth"] == {"count": 1, "amount": PAYOUT}
    assert await transactions(status="Completed") == ["OUT-2031-000001"]
    assert await transactions(search="chq-000731") == ["OUT-2031-000001"]  # the cheque's reference
    assert await transactions(confirmation="Pending") == [refund_no]
    assert await transactions(status="Pending", kind="payout") == []
    # Dated on the day it was paid, not the day it was issued.
    assert await transactions(dateFrom="2031-05-02", kind="payout") == ["OUT-2031-000001"]
    paged = await outbound(client, admin, limit=1, pageNo=2)
    assert (paged["totalPages"], paged["currentPage"], paged["totalMatching"]) == (2, 2, 2)
    assert len(paged["data"]) == 1


async def test_a_payout_completed_in_an_earlier_month_is_not_this_months(
    client: AsyncClient, app: Any, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    done = await client.put(
        f"/api/payments/{paid_sale['payout']['_id']}/complete", json=completion(), headers=admin
    )
    assert done.status_code == 200, done.text
    assert (await outbound(client, admin))["completedThisMonth"]["count"] == 1
    moved_clock(app, LATER + timedelta(days=31))  # June 2031
    later = await outbound(client, admin)
    assert later["completedThisMonth"] == {"count": 0, "amount": 0}
    assert later["totals"]["Completed"] == {"count": 1, "amount": PAYOUT}


async def test_outbound_filters_are_checked(client: AsyncClient, admin: dict[str, str]) -> None:
    for body, field, message in (
        (
            {"direction": "outbound", "confirmation": "Verified"},
            "confirmation",
            "An outbound payment is Pending, Completed or Canceled.",
        ),
        (
            {"direction": "outbound", "status": "paid"},
            "status",
            "An outbound payment is Pending, Completed or Canceled.",
        ),
        (
            {"confirmation": "Completed"},
            "confirmation",
            "An inbound payment is Pending, Verified or Rejected.",
        ),
        (
            {"kind": "payout"},
            "kind",
            "Payouts and refunds are outbound: send direction outbound with kind.",
        ),
        ({"direction": "sideways"}, "direction", None),
    ):
        answer = await client.post("/api/payment/get-payments", json=body, headers=admin)
        assert answer.status_code == 422, body
        assert answer.json()["errors"][0]["field"] == field
        if message:
            assert answer.json()["errors"][0]["message"] == message
