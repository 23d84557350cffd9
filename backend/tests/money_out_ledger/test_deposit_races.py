"""Verifying and paying from the deposit under concurrency, on a really committing app: a payment verified
twice at once counts once, two payments of one invoice verified at once both count, a verification and a
rejection at once leave one of them, payments from one deposit recorded at once never take more than it holds,
and a penalty taken while a payment from the deposit is verified never leaves the deposit below zero.

Each request locks what it changes and reads it afresh under the lock (PostgreSQL; SQLite takes turns)."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from gavel.jobs.clock_jobs import run_once
from gavel.statements.check import check_ledger
from tests.auctions.factory import deposit_desk, moved_clock
from tests.committing import committing_app
from tests.factories import admin_headers
from tests.money.conftest import fees, sell
from tests.money.counting import assert_the_lists_count_every_row
from tests.money.test_payments import payment, record
from tests.money_out_ledger.conftest import BUYER_TOTAL, DEPOSIT, member_on_plan, plan, power
from tests.money_out_ledger.test_deposit_limits import BIG_PENALTY, DEFAULTED, from_deposit


@pytest.fixture
async def racing(
    settings: Settings, tmp_path: Path
) -> AsyncIterator[tuple[Any, AsyncClient, dict[str, str], dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        yield app, client, admin, await deposit_desk(client, admin)


async def _books_agree(app: Any, client: AsyncClient, admin: dict[str, str]) -> None:
    async with app.state.sessionmaker() as session:
        assert await check_ledger(session) == []
    await assert_the_lists_count_every_row(client, admin, app.state.sessionmaker)


async def test_a_deposit_verified_twice_at_once_is_held_once(
    racing: tuple[Any, AsyncClient, dict[str, str], dict[str, str]],
) -> None:
    app, client, admin, desk = racing
    gold = await plan(client, admin, "Gold", 10000, 100000)
    member = await member_on_plan(client, admin, gold, 8)
    listed = await client.post(
        "/api/invoices/get", json={"memberId": member["_id"], "kind": "deposit"}, headers=admin
    )
    (invoice,) = listed.json()["data"]
    paid = await record(
        client,
        admin,
        payment(invoice, 10000, paymentMethod="cash", paymentDateAndTime=invoice["invoiceCreatedDate"]),
    )
    answers = await asyncio.gather(
        *(client.put(f"/api/payments/{paid['_id']}/verify", headers=desk) for _ in range(2))
    )
    assert [a.status_code for a in answers] == [200, 200], "the second press changes nothing"
    held = await power(client, admin, member["_id"])
    assert (held["depositHeld"], held["available"]) == (10000, 100000)
    await _books_agree(app, client, admin)


async def test_two_payments_of_one_invoice_verified_at_once_both_count(
    racing: tuple[Any, AsyncClient, dict[str, str], dict[str, str]],
) -> None:
    app, client, admin, desk = racing
    await fees(client, admin)
    sold = await sell(client, app, admin)
    parts = [
        await record(client, admin, payment(sold["invoice"], amount))
        for amount in (10000, BUYER_TOTAL - 10000)
    ]
    answers = await asyncio.gather(
        *(client.put(f"/api/payments/{p['_id']}/verify", headers=desk) for p in parts)
    )
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    invoice = (await client.get(f"/api/invoices/{sold['invoice']['_id']}", headers=admin)).json()
    assert (invoice["status"], invoice["paidAmount"], invoice["pendingAmount"]) == ("paid", BUYER_TOTAL, 0)
    settlements = await client.post("/api/invoices/get", json={"kind": "settlement"}, headers=admin)
    assert len(settlements.json()["data"]) == 1, "the seller's settlement is issued once"
    await _books_agree(app, client, admin)


async def test_a_payment_verified_and_rejected_at_once_is_one_or_the_other(
    racing: tuple[Any, AsyncClient, dict[str, str], dict[str, str]],
) -> None:
    app, client, admin, desk = racing
    await fees(client, admin)
    sold = await sell(client, app, admin)
    paid = await record(client, admin, payment(sold["invoice"], BUYER_TOTAL))
    verified, rejected = await asyncio.gather(
        client.put(f"/api/payments/{paid['_id']}/verify", headers=desk),
        client.put(f"/api/payments/{paid['_id']}/reject", json={"reason": "Slip unreadable"}, headers=desk),
    )
    assert sorted([verified.status_code, rejected.status_code]) == [200, 409]
    invoice = (await client.get(f"/api/invoices/{sold['invoice']['_id']}", headers=admin)).json()
    if verified.status_code == 200:
        assert (invoice["status"], invoice["paidAmount"], invoice["pendingAmount"]) == (
            "paid",
            BUYER_TOTAL,
            0,
        )
    else:
        assert (invoice["status"], invoice["paidAmount"], invoice["pendingAmount"]) == ("unpaid", 0, 0)
    await _books_agree(app, client, admin)


async def test_payments_from_one_deposit_recorded_at_once_never_take_more_than_it_holds(
    racing: tuple[Any, AsyncClient, dict[str, str], dict[str, str]],
) -> None:
    app, client, admin, desk = racing
    await fees(client, admin)
    sold = await sell(client, app, admin, count=4)  # 4 x AED 25,472.50 against 100,000 AED held
    answers = await asyncio.gather(
        *(
            client.post("/api/payments/inbound", json=from_deposit(invoice, BUYER_TOTAL), headers=admin)
            for invoice in sold["invoices"]
        )
    )
    assert sorted(a.status_code for a in answers) == [201, 201, 201, 409], [a.text for a in answers]
    accepted = [a.json()["data"] for a in answers if a.status_code == 201]
    verified = await asyncio.gather(
        *(client.put(f"/api/payments/{p['_id']}/verify", headers=desk) for p in accepted)
    )
    assert [v.status_code for v in verified] == [200, 200, 200], [v.text for v in verified]
    after = await power(client, admin, sold["buyer"]["_id"])
    assert after["depositHeld"] == DEPOSIT - 3 * BUYER_TOTAL
    await _books_agree(app, client, admin)


async def test_a_penalty_taken_while_a_deposit_payment_is_verified_never_overdraws_it(
    racing: tuple[Any, AsyncClient, dict[str, str], dict[str, str]],
) -> None:
    app, client, admin, desk = racing
    await fees(client, admin)
    created = await client.post("/api/charge/create", json=BIG_PENALTY, headers=admin)
    assert created.status_code == 201, created.text
    sold = await sell(client, app, admin, count=2)
    first, second = sold["invoices"]
    paid = await record(client, admin, from_deposit(second, BUYER_TOTAL))
    clock = moved_clock(app, DEFAULTED)
    await run_once(app.state.sessionmaker, clock)

    verified, defaulted = await asyncio.gather(
        client.put(f"/api/payments/{paid['_id']}/verify", headers=desk),
        client.put(
            f"/api/invoices/{first['_id']}/cancel-default", json={"reason": "Never paid"}, headers=desk
        ),
    )
    assert defaulted.status_code == 200, defaulted.text
    held = (await power(client, admin, sold["buyer"]["_id"]))["depositHeld"]
    if verified.status_code == 200:  # verified first: the penalty takes what is left (AED 74,527.50)
        assert (defaulted.json()["penaltyTaken"], held) == (DEPOSIT - BUYER_TOTAL, 0)
    else:  # the penalty first (94,500 AED): 5,500 AED left, less than the payment
        assert verified.status_code == 409, verified.text
        assert (defaulted.json()["penaltyTaken"], held) == (94500, DEPOSIT - 94500)
    assert defaulted.json()["depositHeld"] == held
    await _books_agree(app, client, admin)
