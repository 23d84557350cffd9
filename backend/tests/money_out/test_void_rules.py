"""Only what a member pays is voided by a credit note: a seller's settlement is settled by its payout and a
credit note is final. A payout pays its settlement only while the settlement is issued."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.invoices.models import Invoice
from gavel.statements.check import check_ledger
from tests.money_out.conftest import PAYOUT, completion, outbound

REASON = {"reason": "Issued by mistake"}


async def test_a_settlement_is_not_voided_and_its_payout_still_pays_it(
    client: AsyncClient,
    admin: dict[str, str],
    paid_sale: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
) -> None:
    listed = await client.post("/api/invoices/get", json={"kind": "settlement"}, headers=admin)
    (settlement,) = listed.json()["data"]
    voided = await client.put(f"/api/invoices/{settlement['_id']}/void", json=REASON, headers=admin)
    assert voided.status_code == 409
    assert voided.json()["message"] == (
        f"{settlement['invoiceNo']} is a seller's settlement; only a tax invoice, a deposit or a penalty "
        "invoice is cancelled by a credit note."
    )
    notes = await client.post("/api/invoices/get", json={"kind": "creditNote"}, headers=admin)
    assert notes.json()["data"] == []
    paid = await client.put(
        f"/api/payments/{paid_sale['payout']['_id']}/complete", json=completion(), headers=admin
    )
    assert paid.status_code == 200, paid.text
    after = await outbound(client, admin)
    assert after["totals"]["Completed"] == {"count": 1, "amount": PAYOUT}
    async with db() as session:
        assert await check_ledger(session) == []


async def test_a_credit_note_is_final(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    voided = await client.put(f"/api/invoices/{sale['invoice']['_id']}/void", json=REASON, headers=admin)
    assert voided.status_code == 200, voided.text
    note = voided.json()["creditNote"]
    again = await client.put(f"/api/invoices/{note['_id']}/void", json=REASON, headers=admin)
    assert again.status_code == 409
    assert again.json()["message"] == (
        f"{note['invoiceNo']} is a credit note; only a tax invoice, a deposit or a penalty invoice is "
        "cancelled by a credit note."
    )


async def test_a_payout_of_a_settlement_no_longer_issued_is_neither_completed_nor_cancelled(
    client: AsyncClient,
    admin: dict[str, str],
    paid_sale: dict[str, Any],
    db: async_sessionmaker[AsyncSession],
) -> None:
    """A settlement cancelled before settlements could no longer be voided: its pending payout stays as it
    is (no money leaves, nothing replaces it)."""
    payout = paid_sale["payout"]
    async with db() as session:
        settlement = await session.get_one(Invoice, payout["invoice"]["_id"])
        settlement.status = "cancelled"
        number = settlement.number
        await session.commit()
    message = (
        f"{payout['transactionId']} pays settlement {number}, which is cancelled; the payout can no longer "
        "be completed or cancelled."
    )
    paid = await client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
    assert (paid.status_code, paid.json()["message"]) == (409, message)
    cancelled = await client.put(f"/api/payments/{payout['_id']}/cancel", json=REASON, headers=admin)
    assert (cancelled.status_code, cancelled.json()["message"]) == (409, message)
    after = await outbound(client, admin)
    assert after["totals"]["Pending"] == {"count": 1, "amount": PAYOUT}
