"""One number, one meaning: the dashboard's 'Overdue invoices' and the invoices list's 'Overdue' card are the
same figure, what is still to pay on the overdue invoices (their totals less the verified payments), from one
function (invoices/repository.still_to_pay)."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.jobs.clock_jobs import run_once
from tests.auctions.factory import SALE_START, moved_clock
from tests.money.conftest import fees, sell
from tests.money.test_payments import payment, record

INVOICE = 25472.5  # each sale's invoice (see test_today.py)
LATE_FEE = 525.0
STORAGE_DAY = 36.75


async def test_the_dashboard_and_the_invoices_card_show_the_same_overdue_figure(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
) -> None:
    await fees(client, admin)
    sale = await sell(client, app, admin, count=2)
    paid = await record(client, admin, payment(sale["invoices"][0], 10000))  # one paid in part, verified
    assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=cashier)).status_code == 200
    clock = moved_clock(app, SALE_START + timedelta(days=3))  # past the due time of both
    await run_once(db, clock)

    dashboard = (await client.get("/api/dashboard/summary", headers=admin)).json()["today"]["invoicesOverdue"]
    listed = await client.post("/api/invoices/get", json={}, headers=admin)
    assert listed.status_code == 200, listed.text
    card = listed.json()["totals"]["overdue"]
    still = 2 * (INVOICE + LATE_FEE + STORAGE_DAY) - 10000
    assert dashboard == {"count": 2, "amount": still}
    assert (card["count"], card["stillToPay"]) == (dashboard["count"], dashboard["amount"])
    assert card["amount"] == still + 10000, "the invoices' totals stay what they were"
    assert listed.json()["totals"]["paid"]["stillToPay"] is None  # a state with nothing to pay
