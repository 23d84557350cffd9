"""A new buyer's deposit invoice paid twice at once (two clerks at the desk, or a double click), on a really
committing app: one payment is recorded, the other refused with a sentence, and once verified the deposit is
held once and gives the plan's buying power once."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from gavel.statements.check import check_ledger
from tests.auctions.factory import deposit_desk
from tests.committing import committing_app
from tests.factories import admin_headers
from tests.money_out_ledger.conftest import member_on_plan, plan, power


@pytest.fixture
async def racing(
    settings: Settings, tmp_path: Path
) -> AsyncIterator[tuple[Any, AsyncClient, dict[str, str], dict[str, str]]]:
    async with committing_app(settings, tmp_path) as (app, client):
        admin = await admin_headers(client)
        yield app, client, admin, await deposit_desk(client, admin)


async def test_a_deposit_invoice_paid_twice_at_once_is_recorded_once(
    racing: tuple[Any, AsyncClient, dict[str, str], dict[str, str]],
) -> None:
    app, client, admin, desk = racing
    gold = await plan(client, admin, "Gold", 10000, 100000)
    member = await member_on_plan(client, admin, gold, 9)
    listed = await client.post("/api/invoices/get", json={"payable": True}, headers=admin)
    (invoice,) = listed.json()["data"]
    body = {
        "invoiceId": invoice["_id"],
        "amount": 10000,
        "paymentMethod": "cash",
        "paymentDateAndTime": invoice["invoiceCreatedDate"],
    }
    answers = await asyncio.gather(
        client.post("/api/payments/inbound", json=body, headers=admin),
        client.post("/api/payments/inbound", json=body, headers=desk),
    )
    assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
    (refused,) = [a for a in answers if a.status_code == 409]
    assert refused.json()["message"] == (
        f"{invoice['invoiceNo']} has nothing left to pay: the payments recorded against it wait for "
        "verification."
    )
    (recorded,) = [a.json()["data"] for a in answers if a.status_code == 201]
    seen = (await client.get(f"/api/payments/{recorded['_id']}", headers=admin)).json()
    verifier = admin if seen["canVerify"]["allowed"] else desk  # whoever did not record it
    verified = await client.put(f"/api/payments/{recorded['_id']}/verify", headers=verifier)
    assert verified.status_code == 200, verified.text
    held = await power(client, admin, member["_id"])
    assert (held["depositHeld"], held["available"]) == (10000, 100000)
    async with app.state.sessionmaker() as session:
        assert await check_ledger(session) == []
