"""Refunds: a deposit refund only with nothing owed; an overpayment or a cancelled sale's refund never more
than the member paid and we still hold; completed by someone other than the requester; a cancelled refund
gives the money back."""

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.ledger.service import ledger_service
from tests.auctions.factory import buyer
from tests.money.test_payments import payment, record
from tests.money_out.conftest import BUYER_TOTAL


def refund(member_id: str, amount: float, kind: str = "deposit", **overrides: Any) -> dict[str, Any]:
    body = {
        "memberId": member_id,
        "refundKind": kind,
        "refundedAmount": amount,
        "refundMethod": "cash",
        "refundReason": "The member leaves the auction",
    }
    body.update(overrides)
    return body


def now_body(method: str = "cash", reference: str | None = None) -> dict[str, Any]:
    return {
        "paymentMethod": method,
        "paymentReferenceId": reference,
        "paymentDateAndTime": datetime.now(UTC).isoformat(),
    }


async def member(client: AsyncClient, admin: dict[str, str], member_id: str) -> Any:
    return (await client.get(f"/api/members/{member_id}", headers=admin)).json()


async def test_a_deposit_is_not_refunded_while_an_invoice_is_open(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    khalid = sale["buyer"]["_id"]
    refused = await client.post("/api/payments/refunds", json=refund(khalid, 100000), headers=admin)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "Khalid Buyer1 still has INV-2031-000001 open; the deposit is refunded once nothing is owed."
    )


async def test_a_deposit_refund_is_completed_by_another_person_and_a_cancelled_one_gives_it_back(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str]
) -> None:
    khalid = (await buyer(client, admin))["_id"]  # a 10,000 AED deposit for 100,000 AED of buying power
    before = await member(client, admin, khalid)
    assert (before["depositHeld"], before["buyingPower"]) == (10000, 100000)
    too_much = await client.post("/api/payments/refunds", json=refund(khalid, 10000.01), headers=admin)
    assert too_much.status_code == 409
    assert (
        too_much.json()["message"]
        == "The refund of AED 10,000.01 is more than the deposit held (AED 10,000.00)."
    )
    no_reason = await client.post(
        "/api/payments/refunds", json=refund(khalid, 10, refundReason=" "), headers=admin
    )
    assert no_reason.status_code == 422
    assert no_reason.json()["errors"] == [
        {"field": "refundReason", "message": "Give the reason for the refund."}
    ]

    requested = await client.post(
        "/api/payments/refunds", json=refund(khalid, 10000, refundMethod="bankTransfer"), headers=admin
    )
    assert requested.status_code == 201, requested.text
    data = requested.json()["data"]
    assert (
        requested.json()["message"]
        == f"Refund {data['transactionId']} requested; another staff user completes it."
    )
    assert {k: data[k] for k in ("kind", "refundKind", "refundedAmount", "refundMethod", "refundStatus")} == {
        "kind": "refund",
        "refundKind": "deposit",
        "refundedAmount": 10000,
        "refundMethod": "bankTransfer",
        "refundStatus": "Pending",
    }
    assert data["refundTransactionId"] == data["transactionId"]
    assert (data["refundReason"], data["refundDateAndTime"]) == ("The member leaves the auction", None)
    assert data["invoice"]["invoiceNo"].startswith("INV-D-")  # the deposit invoice it refunds
    after = await member(client, admin, khalid)
    assert (after["depositHeld"], after["buyingPower"]) == (0, 0)

    own = await client.put(f"/api/payments/{data['_id']}/complete", json=now_body(), headers=admin)
    assert own.status_code == 409
    assert own.json()["message"] == f"You requested {data['transactionId']}; another staff user completes it."
    no_iban = await client.put(
        f"/api/payments/{data['_id']}/complete", json=now_body("bankTransfer", "FT-1"), headers=cashier
    )
    assert no_iban.status_code == 409
    assert no_iban.json()["message"].startswith("Khalid Buyer1 has no valid IBAN on file")

    cancelled = await client.put(
        f"/api/payments/{data['_id']}/cancel", json={"reason": "The member stays after all"}, headers=cashier
    )
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["message"] == f"{data['transactionId']} cancelled."
    assert cancelled.json()["data"]["refundStatus"] == "Canceled"
    back = await member(client, admin, khalid)
    assert (back["depositHeld"], back["buyingPower"]) == (10000, 100000)

    again = await client.post("/api/payments/refunds", json=refund(khalid, 10000), headers=admin)
    assert again.status_code == 201, again.text
    done = await client.put(
        f"/api/payments/{again.json()['data']['_id']}/complete", json=now_body(), headers=cashier
    )
    assert done.status_code == 200, done.text
    assert done.json()["message"] == f"{again.json()['data']['transactionId']} completed: paid by cash."
    completed = done.json()["data"]
    assert (completed["refundStatus"], completed["paidAmount"]) == ("Completed", 10000)
    assert completed["refundDateAndTime"] is not None
    gone = await member(client, admin, khalid)
    assert (gone["depositHeld"], gone["buyingPower"]) == (0, 0)


async def credit(db: async_sessionmaker[AsyncSession], member_id: str, amount: str) -> None:
    """The member paid `amount` more than they owe (as a payment counted twice would leave them)."""
    async with db() as session:
        await ledger_service.post(
            session,
            member_id=member_id,
            at=datetime.now(UTC),
            kind="payment",
            description="Paid twice by mistake",
            owes_us=-Decimal(amount),
        )
        await session.commit()


async def test_an_overpayment_or_a_cancelled_sale_is_refunded_up_to_what_is_held(
    client: AsyncClient,
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
) -> None:
    khalid, invoice = sale["buyer"]["_id"], sale["invoice"]
    paid = await record(client, admin, payment(invoice, BUYER_TOTAL))
    assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200

    no_invoice = await client.post(
        "/api/payments/refunds", json=refund(khalid, 1, "overpayment"), headers=admin
    )
    assert no_invoice.status_code == 422
    assert no_invoice.json()["errors"] == [
        {"field": "invoiceId", "message": "Choose the invoice the refund is for."}
    ]
    nothing_held = await client.post(
        "/api/payments/refunds",
        json=refund(khalid, 1, "overpayment", invoiceId=invoice["_id"]),
        headers=admin,
    )
    assert nothing_held.status_code == 409
    assert nothing_held.json()["message"] == (
        "The refund of AED 1.00 is more than what Khalid Buyer1 paid beyond what they owe (AED 0.00)."
    )
    not_cancelled = await client.post(
        "/api/payments/refunds",
        json=refund(khalid, 1, "cancelledSale", invoiceId=invoice["_id"]),
        headers=admin,
    )
    assert not_cancelled.status_code == 422
    assert not_cancelled.json()["errors"][0] == {
        "field": "invoiceId",
        "message": "INV-2031-000001 is not a cancelled sale; choose the cancelled sale's invoice.",
    }

    await credit(db, khalid, "200")
    above = await client.post(
        "/api/payments/refunds",
        json=refund(khalid, 200.01, "overpayment", invoiceId=invoice["_id"]),
        headers=admin,
    )
    assert above.status_code == 409
    assert above.json()["message"].endswith("paid beyond what they owe (AED 200.00).")
    body = refund(khalid, 200, "overpayment", invoiceId=invoice["_id"], refundReason="Paid twice by mistake")
    first = await client.post("/api/payments/refunds", json=body, headers=admin)
    assert first.status_code == 201, first.text
    second = await client.post("/api/payments/refunds", json=body, headers=admin)
    assert second.status_code == 409, "the pending refund already took what was held"
    assert second.json()["message"].endswith("(AED 0.00).")
    cancelled = await client.put(
        f"/api/payments/{first.json()['data']['_id']}/cancel",
        json={"reason": "Asked by mistake"},
        headers=admin,
    )
    assert cancelled.status_code == 200, cancelled.text
    third = await client.post("/api/payments/refunds", json=body, headers=admin)
    assert third.status_code == 201, "the cancelled refund gave the money back"

    # Never more than was paid on the invoice, whatever the member's credit.
    await credit(db, khalid, "30000")
    beyond = await client.post(
        "/api/payments/refunds",
        json=refund(khalid, 25472.51, "overpayment", invoiceId=invoice["_id"]),
        headers=admin,
    )
    assert beyond.status_code == 409
    assert beyond.json()["message"] == (
        "The refund of AED 25,472.51 is more than what was paid on INV-2031-000001 and not refunded yet "
        "(AED 25,272.50)."
    )
