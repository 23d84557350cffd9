"""Seller settlements and payouts: issued once when the buyer's invoice is paid, completed by someone other
than the person who verified the buyer's payment, never twice, by bank transfer only to a valid IBAN; a
cancelled payout is replaced by a new one; the settlement statement and the payout receipt as PDFs."""

import re
from datetime import timedelta
from io import BytesIO
from typing import Any

from httpx import AsyncClient
from pypdf import PdfReader
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from tests.auctions.factory import SALE_START, moved_clock
from tests.money.conftest import fees, sell
from tests.money.counting import assert_the_lists_count_every_row
from tests.money_out.conftest import (
    BAD_IBAN,
    IBAN,
    LATER,
    PAYOUT,
    completion,
    outbound,
    update_member,
)
from tests.money_out.test_bank_details import IBAN_MESSAGE


def pdf_text(content: bytes) -> str:
    return "".join(page.extract_text() for page in PdfReader(BytesIO(content)).pages)


async def settlements(client: AsyncClient, admin: dict[str, str]) -> list[dict[str, Any]]:
    listed = await client.post("/api/invoices/get", json={"kind": "settlement"}, headers=admin)
    assert listed.status_code == 200, listed.text
    return list(listed.json()["data"])


async def test_a_paid_sale_issues_one_settlement_and_a_pending_payout(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    (settlement,) = await settlements(client, admin)
    assert re.fullmatch(r"INV-S-2031-\d{6}", settlement["invoiceNo"])
    assert settlement["invoiceNo"] == "INV-S-2031-000001"
    assert (settlement["status"], settlement["total"]) == ("issued", PAYOUT)
    assert (settlement["buyer"]["name"], settlement["vehicle"]["_id"]) == (
        "Majid Seller91",
        paid_sale["cars"][0]["_id"],
    )
    detail = (await client.get(f"/api/invoices/{settlement['_id']}", headers=admin)).json()
    assert [(line["kind"], line["amount"], line["vat"], line["total"]) for line in detail["lines"]] == [
        ("vehicle", 25000, 0, 25000),
        ("sellerFee", -500, -25, -525),
    ]
    assert (detail["subtotal"], detail["vatTotal"]) == (24500, -25)

    payout = paid_sale["payout"]
    assert (payout["transactionId"], payout["kind"], payout["direction"]) == (
        "OUT-2031-000001",
        "payout",
        "outbound",
    )
    assert (payout["status"], payout["paymentConfirmationStatus"], payout["amount"]) == (
        "Pending",
        "Pending",
        PAYOUT,
    )
    assert (payout["paidAmount"], payout["paymentMethod"]) == (0, "cheque")  # no IBAN on file: a cheque
    assert payout["invoice"]["invoiceNo"] == "INV-S-2031-000001"
    assert payout["invoice"]["dueAmount"] == 0
    assert payout["member"]["name"] == "Majid Seller91"
    assert payout["payee"] == {
        "_id": paid_sale["seller"],
        "name": "Majid Seller91",
        "bankAccountName": None,
        "bankIban": None,
        "bankName": None,
    }
    assert payout["refundTransactionId"] is None and payout["refundStatus"] is None

    # Pressing verify again issues nothing more; a payout is not verified by the inbound route.
    again = await client.put(f"/api/payments/{paid_sale['payment']['_id']}/verify", headers=cashier)
    assert again.status_code == 200
    assert len(await settlements(client, admin)) == 1
    assert len((await outbound(client, admin))["data"]) == 1
    wrong = await client.put(f"/api/payments/{payout['_id']}/verify", headers=cashier)
    assert wrong.status_code == 409
    assert wrong.json()["message"] == (
        "OUT-2031-000001 is a payout to a member: it is completed or cancelled, not verified or rejected."
    )


async def test_the_payout_is_completed_by_someone_other_than_the_verifier_and_never_twice(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    payout = paid_sale["payout"]
    lot = paid_sale["cars"][0]["vehicleLotNumber"]
    refused = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=cashier)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        f"You verified the buyer's payment for Lot {lot}; another staff user completes the seller's payout "
        "(two people see every vehicle's money)."
    )

    done = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    assert done.status_code == 200, done.text
    assert done.json()["message"] == "OUT-2031-000001 completed: paid by cheque."
    data = done.json()["data"]
    assert (data["status"], data["paidAmount"], data["paymentReferenceId"]) == (
        "Completed",
        PAYOUT,
        "CHQ-000731",
    )
    assert data["completedBy"]["name"] == "Administrator" and data["completedAt"]
    assert data["paymentStatus"] == "paidOut"
    (settlement,) = await settlements(client, admin)
    assert settlement["status"] == "paidOut"

    twice = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    assert twice.status_code == 409
    assert twice.json()["message"] == "OUT-2031-000001 was already completed; money is never sent twice."
    late = await client.put(
        f"/api/payments/{payout['_id']}/cancel", json={"reason": "Too late"}, headers=admin
    )
    assert late.status_code == 409
    assert late.json()["message"] == "OUT-2031-000001 was completed; it can no longer be cancelled."


async def test_a_bank_transfer_needs_a_valid_iban_on_file(
    client: AsyncClient,
    admin: dict[str, str],
    paid_sale: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
) -> None:
    payout = paid_sale["payout"]
    url = f"/api/payments/{payout['_id']}/complete"
    transfer = completion("bankTransfer", "FT-2031-0042")
    refused = await client.put(url, json=transfer, headers=admin)
    assert refused.status_code == 409
    assert refused.json()["message"] == (
        "Majid Seller91 has no valid IBAN on file: enter their bank details before paying by bank transfer."
    )
    bad = await update_member(client, admin, paid_sale["seller"], bankIban=BAD_IBAN)
    assert bad.status_code == 422
    assert bad.json()["errors"] == [{"field": "bankIban", "message": IBAN_MESSAGE}]
    no_reference = await client.put(url, json=completion("bankTransfer", None), headers=admin)
    assert no_reference.status_code == 422
    assert no_reference.json()["errors"] == [
        {"field": "paymentReferenceId", "message": "Enter the transfer or cheque reference."}
    ]
    future = await client.put(url, json=completion(at=LATER + timedelta(hours=3)), headers=admin)
    assert future.status_code == 422
    assert future.json()["message"] == "The payment cannot be dated in the future."
    early = await client.put(url, json=completion(at=SALE_START), headers=admin)
    assert early.status_code == 422
    assert early.json()["message"].startswith(
        "The payment cannot be dated before OUT-2031-000001 was issued ("
    )

    saved = await update_member(
        client,
        admin,
        paid_sale["seller"],
        bankAccountName="Majid Seller",
        bankIban=IBAN,
        bankName="Emirates NBD",
    )
    assert saved.status_code == 200, saved.text
    assert saved.json()["bankIban"] == "AE070331234567890123456"
    paid = await client.put(url, json=transfer, headers=admin)
    assert paid.status_code == 200, paid.text
    assert paid.json()["message"] == "OUT-2031-000001 completed: paid by bank transfer."
    assert paid.json()["data"]["payee"]["bankIban"] == "AE070331234567890123456"
    async with db() as session:
        (event,) = await session.scalars(select(AuditEvent).where(AuditEvent.action == "payout.completed"))
    assert event.entity_id == payout["_id"]
    assert (event.old_values, event.new_values["iban"]) == ({"status": "Pending"}, "AE070331234567890123456")

    inbound = await client.put(
        f"/api/payments/{paid_sale['payment']['_id']}/complete", json=completion("cash", None), headers=admin
    )
    assert inbound.status_code == 404
    assert inbound.json()["message"] == "This payout or refund does not exist."


async def test_a_cancelled_payout_is_replaced_by_a_new_one(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    paid_sale: dict[str, Any],
) -> None:
    payout = paid_sale["payout"]
    url = f"/api/payments/{payout['_id']}/cancel"
    short = await client.put(url, json={"reason": " ok "}, headers=admin)
    assert short.status_code == 422
    assert short.json()["errors"] == [
        {"field": "reason", "message": "Give the reason for cancelling (at least 3 characters)."}
    ]
    reason = "The seller's cheque was returned: pay again"
    cancelled = await client.put(url, json={"reason": reason}, headers=cashier)
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["message"] == (
        "OUT-2031-000001 cancelled. The seller is still owed: OUT-2031-000002 replaces it."
    )
    assert (cancelled.json()["data"]["status"], cancelled.json()["data"]["cancelReason"]) == (
        "Canceled",
        reason,
    )
    again = await client.put(url, json={"reason": reason}, headers=cashier)
    assert again.status_code == 200, "a repeated cancel changes nothing"
    assert again.json()["message"] == "OUT-2031-000001 cancelled."

    listed = await outbound(client, admin, kind="payout")
    assert [(p["transactionId"], p["status"], p["amount"]) for p in listed["data"]] == [
        ("OUT-2031-000002", "Pending", PAYOUT),
        ("OUT-2031-000001", "Canceled", PAYOUT),
    ]
    assert listed["totalsByKind"]["payout"]["Pending"] == {"count": 1, "amount": PAYOUT}
    assert listed["totalsByKind"]["payout"]["Canceled"] == {"count": 1, "amount": PAYOUT}
    replacement = listed["data"][0]
    moved_clock(app, LATER + timedelta(hours=3))  # the new payout was issued when the first was cancelled
    done = await client.put(
        f"/api/payments/{replacement['_id']}/complete",
        json=completion("cash", None, at=LATER + timedelta(hours=3)),
        headers=admin,
    )
    assert done.status_code == 200, done.text
    (settlement,) = await settlements(client, admin)
    assert settlement["status"] == "paidOut"
    await assert_the_lists_count_every_row(client, admin, db)


async def test_fees_above_the_price_leave_nothing_to_pay_out(
    client: AsyncClient, app: Any, admin: dict[str, str], cashier: dict[str, str]
) -> None:
    await fees(client, admin)
    fee = {"title": "Recovery and handling", "charges": 30000, "appliesTo": "seller"}
    assert (await client.post("/api/charge/create", json=fee, headers=admin)).status_code == 201
    sold = await sell(client, app, admin)
    paid = await client.post(
        "/api/payments/inbound",
        json={
            "invoiceId": sold["invoice"]["_id"],
            "amount": sold["invoice"]["total"],
            "paymentMethod": "cash",
            "paymentDateAndTime": (SALE_START + timedelta(minutes=60)).isoformat(),
        },
        headers=admin,
    )
    assert paid.status_code == 201, paid.text
    assert (
        await client.put(f"/api/payments/{paid.json()['data']['_id']}/verify", headers=cashier)
    ).status_code == 200
    (settlement,) = await settlements(client, admin)
    assert settlement["total"] == -6500  # 25,000 - 30,000 - 1,500 VAT
    assert (await outbound(client, admin))["data"] == []
    statement = await client.get(f"/api/invoices/{settlement['_id']}/pdf", headers=admin)
    assert "nothing is paid out" in pdf_text(statement.content)


async def test_the_settlement_statement_and_the_receipts_are_pdfs(
    client: AsyncClient, admin: dict[str, str], paid_sale: dict[str, Any]
) -> None:
    (settlement,) = await settlements(client, admin)
    statement = await client.get(f"/api/invoices/{settlement['_id']}/pdf", headers=admin)
    assert statement.status_code == 200
    assert statement.headers["content-type"] == "application/pdf"
    assert statement.headers["content-disposition"] == 'attachment; filename="INV-S-2031-000001.pdf"'
    text = pdf_text(statement.content)
    for words in (
        "Settlement Statement",
        "INV-S-2031-000001",
        "Pay to: Majid Seller91",
        f"Lot {paid_sale['cars'][0]['vehicleLotNumber']}",
        "Seller fee up to 30,000 AED",
        "Less seller fees",
        "-500.00",
        "Less VAT on the fees",
        "-25.00",
        "Payout in AED",
        "24,475.00",
        "OUT-2031-000001",
        "Pending",
    ):
        assert words in text, words
    assert "Bill to" not in text

    payout = paid_sale["payout"]
    receipt = await client.get(f"/api/payments/{payout['_id']}/pdf", headers=admin)
    assert receipt.status_code == 200
    assert receipt.headers["content-disposition"] == 'attachment; filename="OUT-2031-000001.pdf"'
    text = pdf_text(receipt.content)
    for words in (
        "Payout Receipt",
        "Paid to: Majid Seller91",
        "INV-S-2031-000001",
        "24,475.00",
        "Not paid yet",
    ):
        assert words in text, words

    await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    text = pdf_text((await client.get(f"/api/payments/{payout['_id']}/pdf", headers=admin)).content)
    assert "CHQ-000731" in text and "Completed" in text and "Not paid yet" not in text
    text = pdf_text((await client.get(f"/api/invoices/{settlement['_id']}/pdf", headers=admin)).content)
    assert "Completed" in text and "CHQ-000731" in text

    inbound = await client.get(f"/api/payments/{paid_sale['payment']['_id']}/pdf", headers=admin)
    text = pdf_text(inbound.content)
    assert "Payment Receipt" in text and "Received from: Khalid Buyer1" in text and "25,472.50" in text
