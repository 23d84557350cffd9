"""Deposit and penalty invoices have no vehicle, yet fall overdue like a sale's invoice: the clock job marks
them once, without a late fee, and an overdue one takes the member's buying power away until it is paid."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START, moved_clock
from tests.money_out_ledger.conftest import member_on_plan, pay, plan, power


async def _deposit_invoice(client: AsyncClient, admin: dict[str, str], member_id: str) -> dict[str, Any]:
    listed = await client.post(
        "/api/invoices/get", json={"memberId": member_id, "kind": "deposit"}, headers=admin
    )
    (invoice,) = listed.json()["data"]
    return dict(invoice)


async def test_an_unpaid_deposit_invoice_falls_overdue_once_without_a_fee(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
) -> None:
    moved_clock(app, SALE_START)
    gold = await plan(client, admin, "Gold", 20000, 200000)
    mariam = (await member_on_plan(client, admin, gold, 7))["_id"]
    issued = await _deposit_invoice(client, admin, mariam)
    assert issued["status"] == "unpaid"

    clock = moved_clock(app, SALE_START + timedelta(days=3))  # 48 hours to pay, passed a day ago
    await run_once(db, clock)
    await run_once(db, clock)  # a second run changes nothing
    overdue = await _deposit_invoice(client, admin, mariam)
    assert (overdue["status"], overdue["daysOverdue"], overdue["total"]) == ("overdue", 1, issued["total"])
    detail = (await client.get(f"/api/invoices/{overdue['_id']}", headers=admin)).json()
    assert [line["kind"] for line in detail["lines"]] == ["deposit"], "a deposit takes no late fee"
    blocked = await power(client, admin, mariam)
    assert blocked["available"] == 0
    assert blocked["overdueInvoice"]["invoiceNo"] == issued["invoiceNo"]

    await pay(client, admin, cashier, overdue["_id"], clock.now())
    paid = await _deposit_invoice(client, admin, mariam)
    assert paid["status"] == "paid"
    after = await power(client, admin, mariam)
    assert (after["overdueInvoice"], after["available"]) == (None, 200000)
