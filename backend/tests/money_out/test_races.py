"""Money out under concurrency, on a really committing app: a payout completed twice at once is paid once (one
200, one 409), two refunds of one deposit at once never refund it twice, and payouts completed while other
sales are verified never deadlock on the shared document_total rows."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from gavel.statements.check import check_ledger
from tests.auctions.factory import buyer, deposit_desk, moved_clock
from tests.committing import committing_app
from tests.factories import admin_headers
from tests.money.conftest import fees, sell
from tests.money.counting import assert_document_totals_are_the_rows, assert_the_lists_count_every_row
from tests.money.test_payments import payment, record
from tests.money_out.conftest import BUYER_TOTAL, LATER, PAYOUT, completion, outbound, seller_fees


@pytest.fixture
async def racing(
    settings: Settings, tmp_path: Path
) -> AsyncIterator[tuple[Any, AsyncClient, dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (app, client):
        yield app, client, await admin_headers(client)


async def test_a_payout_completed_twice_at_once_is_paid_once(
    racing: tuple[Any, AsyncClient, dict[str, str]],
) -> None:
    app, client, admin = racing
    await fees(client, admin)
    await seller_fees(client, admin)
    sold = await sell(client, app, admin)
    paid = await record(client, admin, payment(sold["invoice"], BUYER_TOTAL))
    verified = await client.put(
        f"/api/payments/{paid['_id']}/verify", headers=await deposit_desk(client, admin)
    )
    assert verified.status_code == 200, verified.text
    moved_clock(app, LATER)
    (payout,) = (await outbound(client, admin))["data"]

    answers = await asyncio.gather(
        *(
            client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin)
            for _ in range(2)
        )
    )
    assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 409)
    assert refused.json()["message"] == "OUT-2031-000001 was already completed; money is never sent twice."
    after = await outbound(client, admin)
    assert after["totals"]["Completed"] == {"count": 1, "amount": PAYOUT}
    assert after["totals"]["Pending"] == {"count": 0, "amount": 0}
    settlement = (await client.post("/api/invoices/get", json={"kind": "settlement"}, headers=admin)).json()
    assert [s["status"] for s in settlement["data"]] == ["paidOut"]


async def test_two_refunds_of_one_deposit_at_once_refund_it_once(
    racing: tuple[Any, AsyncClient, dict[str, str]],
) -> None:
    _, client, admin = racing
    khalid = (await buyer(client, admin))["_id"]  # a 10,000 AED deposit
    body = {
        "memberId": khalid,
        "refundKind": "deposit",
        "refundedAmount": 10000,
        "refundMethod": "cash",
        "refundReason": "Leaves the auction",
    }
    answers = await asyncio.gather(
        *(client.post("/api/payments/refunds", json=body, headers=admin) for _ in range(2))
    )
    assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 409)
    assert (
        refused.json()["message"] == "The refund of AED 10,000.00 is more than the deposit held (AED 0.00)."
    )
    member = (await client.get(f"/api/members/{khalid}", headers=admin)).json()
    assert (member["depositHeld"], member["buyingPower"]) == (0, 0)


async def test_payouts_completed_while_other_sales_are_verified_never_deadlock(
    racing: tuple[Any, AsyncClient, dict[str, str]],
) -> None:
    """A completion locks its payout, then moves the payout and settlement totals; a verification locks the
    buyer's invoice and payment, then moves the invoice and payment totals and issues a settlement and a
    payout. The totals are written at commit in one order, so these never wait on each other in a circle
    (PostgreSQL answered 503 on a deadlock when each flow wrote its totals as it went)."""
    app, client, admin = racing
    desk = await deposit_desk(client, admin)
    await fees(client, admin)
    await seller_fees(client, admin)
    n = 4
    sold = await sell(client, app, admin, count=2 * n)
    for invoice in sold["invoices"][:n]:
        paid = await record(client, admin, payment(invoice, BUYER_TOTAL))
        assert (await client.put(f"/api/payments/{paid['_id']}/verify", headers=desk)).status_code == 200
    waiting = [await record(client, admin, payment(invoice, BUYER_TOTAL)) for invoice in sold["invoices"][n:]]
    moved_clock(app, LATER)
    payouts = (await outbound(client, admin, kind="payout", limit=100))["data"]
    assert len(payouts) == n

    calls = []
    for payout, paid in zip(payouts, waiting, strict=True):
        calls.append(client.put(f"/api/payments/{payout['_id']}/complete", json=completion(), headers=admin))
        calls.append(client.put(f"/api/payments/{paid['_id']}/verify", headers=desk))
    answers = await asyncio.gather(*calls)
    assert [a.status_code for a in answers] == [200] * 2 * n, [
        a.text for a in answers if a.status_code != 200
    ]

    after = await outbound(client, admin, kind="payout", limit=100)
    assert after["totals"]["Completed"] == {"count": n, "amount": PAYOUT * n}
    assert after["totals"]["Pending"] == {"count": n, "amount": PAYOUT * n}
    await assert_document_totals_are_the_rows(app.state.sessionmaker)
    await assert_the_lists_count_every_row(client, admin, app.state.sessionmaker)
    async with app.state.sessionmaker() as session:
        assert await check_ledger(session) == []
