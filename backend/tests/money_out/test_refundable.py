"""What is owed is said before the refund form is filled in: GET /members/{id}/refundable answers the open
invoices, the deposit's verdict and the credit from the rule that refuses a refund request, so that a storage
charge left open is named there, not only when the refund is refused."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START, moved_clock
from tests.money_out.test_refunds import refund
from tests.money_out_ledger.conftest import pay

STORED = SALE_START + timedelta(days=9, hours=2)  # the vehicle still in the yard past its free days


async def refundable(client: AsyncClient, headers: dict[str, str], member_id: str) -> dict[str, Any]:
    answer = await client.get(f"/api/members/{member_id}/refundable", headers=headers)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def test_an_open_storage_charge_is_owed_before_the_refund_is_asked(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    khalid, sold = sale["buyer"]["_id"], sale["invoice"]
    await pay(client, admin, cashier, sold["_id"], sale["clock"].now())
    await run_once(db, moved_clock(app, STORED))
    stored = (await client.get(f"/api/invoices/{sold['_id']}", headers=admin)).json()
    assert stored["status"] == "partiallyPaid" and stored["dueAmount"] > 0

    position = await refundable(client, admin, khalid)
    assert position["owed"] == [
        {
            "_id": sold["_id"],
            "invoiceNo": sold["invoiceNo"],
            "kind": "invoice",
            "status": "partiallyPaid",
            "dueAmount": stored["dueAmount"],
        }
    ]
    assert (position["owedTotal"], position["depositHeld"]) == (stored["dueAmount"], 100000)
    assert position["deposit"]["allowed"] is False
    refused = await client.post("/api/payments/refunds", json=refund(khalid, 100000), headers=admin)
    assert refused.status_code == 409
    assert refused.json()["message"] == position["deposit"]["reason"]
    assert sold["invoiceNo"] in position["deposit"]["reason"]

    await pay(client, admin, cashier, sold["_id"], STORED)
    cleared = await refundable(client, admin, khalid)
    assert (cleared["owed"], cleared["owedTotal"]) == ([], 0)
    assert cleared["deposit"] == {"allowed": True, "reason": None}
    assert cleared["credit"] == 0 and cleared["overpayment"]["allowed"] is False
    over = await client.post(
        "/api/payments/refunds",
        json=refund(khalid, 1, "overpayment", invoiceId=sold["_id"]),
        headers=admin,
    )
    assert over.status_code == 409, "no credit: nothing paid beyond what is owed"
    asked = await client.post("/api/payments/refunds", json=refund(khalid, 100000), headers=admin)
    assert asked.status_code == 201, asked.text
    after = await refundable(client, admin, khalid)
    assert after["depositHeld"] == 0 and after["deposit"]["allowed"] is False
    again = await client.post("/api/payments/refunds", json=refund(khalid, 1), headers=admin)
    assert again.status_code == 409


async def test_an_unknown_member_is_not_found(client: AsyncClient, admin: dict[str, str]) -> None:
    missing = await client.get("/api/members/none/refundable", headers=admin)
    assert missing.status_code == 404
    assert missing.json()["message"] == "This member does not exist."
