"""A deposit can pay an invoice (method `deposit`, no reference to quote): it is verified by a second person
like any payment, then lowers the deposit held, and with it the buying power."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient

from tests.auctions.factory import SALE_START
from tests.money_out_ledger.conftest import BUYER_TOTAL, DEPOSIT, POWER, ledger, power


def _from_deposit(invoice_id: str, amount: float) -> dict[str, Any]:
    return {
        "invoiceId": invoice_id,
        "amount": amount,
        "paymentMethod": "deposit",
        "paymentDateAndTime": (SALE_START + timedelta(hours=1)).isoformat(),
    }


async def test_an_invoice_paid_from_the_deposit_lowers_the_deposit_and_the_buying_power(
    client: AsyncClient, admin: dict[str, str], cashier: dict[str, str], sale: dict[str, Any]
) -> None:
    invoice, buyer = sale["invoice"], sale["buyer"]["_id"]
    deposits = await client.post(
        "/api/invoices/get", json={"memberId": buyer, "kind": "deposit"}, headers=admin
    )
    (deposit_invoice,) = deposits.json()["data"]
    itself = await client.post(
        "/api/payments/inbound", json=_from_deposit(deposit_invoice["_id"], 10), headers=admin
    )
    assert itself.status_code == 422
    assert itself.json()["errors"] == [
        {"field": "paymentMethod", "message": "A deposit is not paid from the deposit itself."}
    ]

    recorded = await client.post(
        "/api/payments/inbound", json=_from_deposit(invoice["_id"], BUYER_TOTAL), headers=admin
    )
    assert recorded.status_code == 201, recorded.text
    assert recorded.json()["data"]["paymentReferenceId"] is None
    before = await power(client, admin, buyer)
    assert before["depositHeld"] == DEPOSIT, "nothing is taken before a second person verifies it"
    verified = await client.put(f"/api/payments/{recorded.json()['data']['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text

    paid = (await client.get(f"/api/invoices/{invoice['_id']}", headers=admin)).json()
    assert paid["status"] == "paid"
    after = await power(client, admin, buyer)
    held = DEPOSIT - BUYER_TOTAL
    assert after["depositHeld"] == held
    assert after["planBuyingPower"] == int(POWER * held / DEPOSIT * 100) / 100  # in proportion, to the fils
    (use,) = [e for e in (await ledger(client, admin, buyer))["data"] if e["kind"] == "depositUse"]
    assert (use["owesUs"], use["deposit"], use["depositBalance"]) == (-BUYER_TOTAL, -BUYER_TOTAL, held)
