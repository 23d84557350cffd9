"""What a member owes can be paid, whatever its kind: a new buyer's deposit invoice, a penalty the deposit
did not cover, a sale's late fee and storage days added after it was paid. Record payment's picker searches
with the same rule the server records by (`payable`), each invoice says whether a payment can be recorded
against it (`canRecordPayment`), and a verified payment has its effects: a deposit gives buying power, a
penalty or a fee is settled; the ledger and the documents still agree."""

from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.jobs.clock_jobs import run_once
from gavel.statements.check import check_ledger
from tests.auctions.factory import SALE_START, moved_clock
from tests.money_out_ledger.conftest import PENALTY, ledger, member_on_plan, pay, plan, power
from tests.money_out_ledger.test_default import DEFAULTED, cancel


async def payable(client: AsyncClient, headers: dict[str, str], search: str) -> list[dict[str, Any]]:
    """What Record payment's picker offers for a search."""
    answer = await client.post(
        "/api/invoices/get", json={"payable": True, "search": search, "limit": 10}, headers=headers
    )
    assert answer.status_code == 200, answer.text
    return list(answer.json()["data"])


async def invoice(client: AsyncClient, headers: dict[str, str], invoice_id: str) -> dict[str, Any]:
    answer = await client.get(f"/api/invoices/{invoice_id}", headers=headers)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def books_agree(db: async_sessionmaker[AsyncSession]) -> None:
    async with db() as session:
        assert await check_ledger(session) == []


async def test_a_new_buyers_deposit_invoice_is_found_paid_and_gives_buying_power(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
) -> None:
    gold = await plan(client, admin, "Gold", 10000, 100000)
    member = await member_on_plan(client, admin, gold, 31)
    before = await power(client, admin, member["_id"])
    assert (before["depositHeld"], before["available"]) == (0, 0)

    (found,) = await payable(client, admin, "INV-D")
    assert (found["kind"], found["buyer"]["_id"], found["dueAmount"]) == ("deposit", member["_id"], 10000)
    assert found["canRecordPayment"] == {"allowed": True, "reason": None}
    assert await payable(client, admin, "Mariam Bidder31") == [found]

    recorded = await client.post(
        "/api/payments/inbound",
        json={
            "invoiceId": found["_id"],
            "amount": 10000,
            "paymentMethod": "bankTransfer",
            "paymentReferenceId": "TT-884211",
            "paymentDateAndTime": found["invoiceCreatedDate"],
        },
        headers=admin,
    )
    assert recorded.status_code == 201, recorded.text
    waiting = await invoice(client, admin, found["_id"])
    assert waiting["canRecordPayment"]["allowed"] is False
    assert "wait for verification" in waiting["canRecordPayment"]["reason"]
    assert await payable(client, admin, "INV-D") == [], "nothing is left to record against it"

    verified = await client.put(f"/api/payments/{recorded.json()['data']['_id']}/verify", headers=cashier)
    assert verified.status_code == 200, verified.text
    after = await power(client, admin, member["_id"])
    assert (after["depositHeld"], after["planBuyingPower"], after["available"]) == (10000, 100000, 100000)
    paid = await invoice(client, admin, found["_id"])
    assert (paid["status"], paid["dueAmount"]) == ("paid", 0)
    assert paid["canRecordPayment"] == {
        "allowed": False,
        "reason": f"{paid['invoiceNo']} is paid; nothing is left to pay.",
    }
    balances = (await ledger(client, admin, member["_id"]))["balances"]
    assert balances == {"owesUs": 0, "weOwe": 0, "depositHeld": 10000}
    await books_agree(db)


async def test_a_penalty_the_deposit_did_not_cover_is_found_paid_and_settled(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    big = {**PENALTY, "charges": 150000}  # 157,500 AED with VAT: the 100,000 AED deposit leaves 57,500 owed
    assert (await client.post("/api/charge/create", json=big, headers=admin)).status_code == 201
    clock = moved_clock(app, DEFAULTED)
    await run_once(db, clock)
    done = await cancel(client, cashier, sale["invoice"])
    assert done.status_code == 200, done.text
    fine = done.json()["penaltyInvoice"]

    (found,) = await payable(client, admin, fine["invoiceNo"])
    assert (found["kind"], found["status"], found["dueAmount"]) == ("penalty", "partiallyPaid", 57500)
    assert found["canRecordPayment"]["allowed"] is True
    await pay(client, admin, cashier, fine["_id"], DEFAULTED)

    settled = await invoice(client, admin, fine["_id"])
    assert (settled["status"], settled["paidAmount"], settled["dueAmount"]) == ("paid", 157500, 0)
    assert await payable(client, admin, fine["invoiceNo"]) == []
    balances = (await ledger(client, admin, sale["buyer"]["_id"]))["balances"]
    assert balances == {"owesUs": 0, "weOwe": 0, "depositHeld": 0}
    await books_agree(db)


async def test_a_sales_late_fee_and_storage_days_are_found_and_paid(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    sold, buyer = sale["invoice"], sale["buyer"]["_id"]
    late = SALE_START + timedelta(days=9, hours=2)  # past the due time and the free storage days
    await run_once(db, moved_clock(app, late))
    overdue = await invoice(client, admin, sold["_id"])
    kinds = {line["kind"] for line in overdue["lines"]}
    assert {"latePayment", "storagePerDay"} <= kinds and overdue["status"] == "overdue"
    (found,) = await payable(client, admin, sold["invoiceNo"])
    assert found["dueAmount"] == overdue["total"] > sold["total"]
    await pay(client, admin, cashier, sold["_id"], late)
    assert (await invoice(client, admin, sold["_id"]))["status"] == "paid"
    assert await payable(client, admin, sold["invoiceNo"]) == []

    # The vehicle stays in the yard: the next days' storage is owed on the same invoice, and paid on it.
    later = late + timedelta(days=2)
    await run_once(db, moved_clock(app, later))
    (storage,) = await payable(client, admin, sold["invoiceNo"])
    assert storage["status"] == "partiallyPaid" and storage["dueAmount"] > 0
    assert storage["canRecordPayment"]["allowed"] is True
    await pay(client, admin, cashier, sold["_id"], later)
    assert (await invoice(client, admin, sold["_id"]))["status"] == "paid"
    assert (await ledger(client, admin, buyer))["balances"]["owesUs"] == 0
    await books_agree(db)


async def test_what_is_not_payable_is_refused_with_the_sentence_the_invoice_shows(
    client: AsyncClient,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    await pay(client, admin, cashier, sale["invoice"]["_id"], sale["clock"].now())
    (settlement,) = (
        await client.post("/api/invoices/get", json={"kind": "settlement"}, headers=admin)
    ).json()["data"]
    refused = []
    for document in (sale["invoice"], settlement):
        shown = (await invoice(client, admin, document["_id"]))["canRecordPayment"]
        assert shown["allowed"] is False
        answer = await client.post(
            "/api/payments/inbound",
            json={
                "invoiceId": document["_id"],
                "amount": 10,
                "paymentMethod": "cash",
                "paymentDateAndTime": (SALE_START + timedelta(hours=1)).isoformat(),
            },
            headers=admin,
        )
        assert answer.status_code == 409
        assert answer.json()["message"] == shown["reason"]
        refused.append(shown["reason"])
    assert refused[1].startswith(f"{settlement['invoiceNo']} is a seller's settlement")
    assert await payable(client, admin, "") == []
    await books_agree(db)
