"""Inbound payments: recorded against an invoice, counted as paid only once a second person verified them."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient

from tests.auctions.factory import SALE_START


def payment(invoice: dict[str, Any], amount: float, **overrides: Any) -> dict[str, Any]:
    body = {
        "invoiceId": invoice["_id"],
        "amount": amount,
        "paymentMethod": "card",
        "paymentReferenceId": "SLIP-0042",
        "paymentDateAndTime": (SALE_START + timedelta(minutes=60)).isoformat(),
    }
    body.update(overrides)
    return body


async def record(client: AsyncClient, headers: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    answer = await client.post("/api/payments/inbound", json=body, headers=headers)
    assert answer.status_code == 201, answer.text
    return dict(answer.json()["data"])


async def test_a_payment_counts_once_a_second_person_verifies_it(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    invoice = sale["invoice"]
    paid = await record(client, admin, payment(invoice, 25472.5))
    assert (paid["paymentConfirmationStatus"], paid["transactionId"]) == ("Pending", "PAY-2031-000002")
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert (detail["status"], detail["pendingAmount"], detail["paidAmount"]) == ("unpaid", 25472.5, 0)

    own = await client.put(f"/api/payments/{paid['_id']}/verify", headers=admin)
    assert own.status_code == 409
    assert own.json()["message"] == "You recorded PAY-2031-000002; another staff user must verify it."

    verified = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    assert verified.json()["data"]["paymentConfirmationStatus"] == "Verified"
    assert verified.json()["data"]["verifiedBy"]["name"] == "Test Staff"
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert (detail["status"], detail["paidAmount"], detail["dueAmount"]) == ("paid", 25472.5, 0)
    vehicle = (await client.get(f"/api/vehicles/{sale['cars'][0]['_id']}", headers=admin)).json()
    assert vehicle["isPaid"] is True
    assert vehicle["invoice"] == {
        "_id": invoice["_id"],
        "invoiceNo": "INV-2031-000001",
        "status": "paid",
        "dueAmount": 0,
    }
    sold = (await client.post("/api/vehicles/get", json={"status": "sold"}, headers=admin)).json()
    assert sold["data"]["vehicles"][0]["invoice"]["status"] == "paid"
    again = await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)
    assert again.status_code == 200, "a second press changes nothing"
    listed = (await client.post("/api/payment/get-payments", json={}, headers=admin)).json()
    # The buyer's deposit (100,000 AED, paid when they joined) and this payment.
    assert listed["totals"]["Verified"] == {"count": 2, "amount": 125472.5}
    assert {p["invoice"]["invoiceNo"] for p in listed["data"]} == {"INV-2031-000001", "INV-D-2031-000001"}


async def test_part_payments_and_rejection(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    invoice = sale["invoice"]
    first = await record(client, admin, payment(invoice, 10000))
    await client.put(f"/api/payments/{first['_id']}/verify", headers=cashier)
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert (detail["status"], detail["dueAmount"]) == ("partiallyPaid", 15472.5)
    second = await record(
        client, admin, payment(invoice, 15472.5, paymentMethod="cash", paymentReferenceId=None)
    )
    short = await client.put(f"/api/payments/{second['_id']}/reject", json={"reason": "no"}, headers=cashier)
    assert short.status_code == 422
    rejected = await client.put(
        f"/api/payments/{second['_id']}/reject", json={"reason": "Cash was not in the safe"}, headers=cashier
    )
    assert rejected.status_code == 200, rejected.text
    assert rejected.json()["data"]["rejectReason"] == "Cash was not in the safe"
    detail = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert (detail["pendingAmount"], detail["status"]) == (0, "partiallyPaid")
    late = await client.put(f"/api/payments/{second['_id']}/verify", headers=cashier)
    assert late.status_code == 409


@pytest.mark.parametrize(
    ("overrides", "status", "message"),
    [
        (
            {"amount": 25472.51},
            409,
            "AED 25,472.51 is more than the AED 25,472.50 still open on INV-2031-000001.",
        ),
        ({"amount": 0}, 422, "The amount must be more than AED 0.00."),
        (
            {"paymentReferenceId": None},
            422,
            "Enter the payment reference (card slip, transfer or cheque number).",
        ),
        (
            {"paymentMethod": "crypto"},
            422,
            "Input should be 'cash', 'card', 'bankTransfer', 'cheque' or 'deposit'",
        ),
        (
            {"paymentDateAndTime": (SALE_START + timedelta(days=2)).isoformat()},
            422,
            "The payment cannot be dated in the future.",
        ),
    ],
)
async def test_bad_payments_are_refused(
    client: AsyncClient,
    admin: dict[str, str],
    sale: dict[str, Any],
    overrides: dict[str, Any],
    status: int,
    message: str,
) -> None:
    answer = await client.post(
        "/api/payments/inbound", json={**payment(sale["invoice"], 100), **overrides}, headers=admin
    )
    assert answer.status_code == status, answer.text
    assert answer.json()["message"] == message


async def test_pending_payments_count_against_what_is_open(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    await record(client, admin, payment(sale["invoice"], 25000))
    more = await client.post("/api/payments/inbound", json=payment(sale["invoice"], 500), headers=admin)
    assert more.status_code == 409
    assert more.json()["message"] == "AED 500.00 is more than the AED 472.50 still open on INV-2031-000001."


async def test_the_list_filters_and_searches(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    card = await record(client, admin, payment(sale["invoice"], 100))
    await record(client, admin, payment(sale["invoice"], 200, paymentMethod="cash", paymentReferenceId=None))
    await client.put(f"/api/payments/{card['_id']}/verify", headers=cashier)

    async def ids(**body: Any) -> list[str]:
        answer = await client.post("/api/payment/get-payments", json=body, headers=admin)
        assert answer.status_code == 200, answer.text
        return sorted(p["transactionId"] for p in answer.json()["data"])

    # PAY-2031-000001 is the buyer's deposit, paid in cash when they joined.
    invoice = sale["invoice"]["_id"]
    assert await ids(method="cash", invoiceId=invoice) == ["PAY-2031-000003"]
    assert await ids(confirmation="Verified", invoiceId=invoice) == ["PAY-2031-000002"]
    assert await ids(search="slip-0042") == ["PAY-2031-000002"]
    assert await ids(search="inv-2031-000001") == ["PAY-2031-000002", "PAY-2031-000003"]
    assert await ids(memberId=sale["buyer"]["_id"], dateFrom="2031-05-01", dateTo="2031-05-01") == [
        "PAY-2031-000001",
        "PAY-2031-000002",
        "PAY-2031-000003",
    ]
    assert await ids(dateFrom="2031-05-02") == []
