"""A member's ledger: every movement of their money with the running balances, filters and paging, the CSV
of the filtered entries and the statement PDF of a period."""

import csv
import io
from datetime import date, timedelta
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.core.clock import DUBAI
from gavel.statements.export import COLUMNS, ledger_csv
from gavel.statements.service import statement_service as ledger_service
from gavel.vehicles.models import Vehicle
from tests.auctions.factory import SALE_START, moved_clock
from tests.money_out_ledger.conftest import BUYER_TOTAL, DEPOSIT, ledger, pay, payouts


async def seller_of(db: async_sessionmaker[AsyncSession], vehicle_id: str) -> str:
    async with db() as session:
        return (await session.get_one(Vehicle, vehicle_id)).member_id


def steps(entries: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Oldest first: kind, owes us, we owe, deposit and the three balances after it."""
    return [
        (e["kind"], e["owesUs"], e["weOwe"], e["deposit"], e["owesUsBalance"], e["weOweBalance"],
         e["depositBalance"])
        for e in reversed(entries)
    ]  # fmt: skip


async def test_a_full_flow_is_explained_entry_by_entry(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    buyer, invoice, car = sale["buyer"]["_id"], sale["invoice"], sale["cars"][0]
    clock = moved_clock(app, SALE_START + timedelta(days=1))
    paid = await pay(client, admin, cashier, invoice["_id"], clock.now())

    answer = await ledger(client, admin, buyer)
    assert steps(answer["data"]) == [
        ("invoice", DEPOSIT, 0, 0, DEPOSIT, 0, 0),  # the plan's deposit invoice
        ("payment", -DEPOSIT, 0, 0, 0, 0, 0),  # paid and verified
        ("deposit", 0, 0, DEPOSIT, 0, 0, DEPOSIT),  # so the deposit is held
        ("invoice", BUYER_TOTAL, 0, 0, BUYER_TOTAL, 0, DEPOSIT),  # the purchase
        ("payment", -BUYER_TOTAL, 0, 0, 0, 0, DEPOSIT),  # paid
    ]
    assert answer["balances"] == {"owesUs": 0, "weOwe": 0, "depositHeld": DEPOSIT}
    assert answer["totalMatching"] == 5 and answer["currentPage"] == 1 and answer["totalPages"] == 1
    newest, purchase = answer["data"][0], answer["data"][1]
    assert (
        newest["transactionId"] == paid["transactionId"] and newest["documentNumber"] == invoice["invoiceNo"]
    )
    assert purchase["vehicleLotNumber"] == car["vehicleLotNumber"] and purchase["vehicleId"] == car["_id"]
    assert purchase["description"] == f"Tax invoice {invoice['invoiceNo']}: Lot {car['vehicleLotNumber']}"
    assert [e["sequence"] for e in answer["data"]] == [5, 4, 3, 2, 1]

    seller = await seller_of(db, car["_id"])
    (payout,) = await payouts(db, seller)
    clock = moved_clock(app, SALE_START + timedelta(days=2))
    completed = await client.put(
        f"/api/payments/{payout.id}/complete",
        json={
            "paymentMethod": "cheque",
            "paymentReferenceId": "CHQ-000731",
            "paymentDateAndTime": (clock.now() - timedelta(minutes=1)).isoformat(),
        },
        headers=admin,  # not the cashier, who verified the buyer's payment
    )
    assert completed.status_code == 200, completed.text
    theirs = await ledger(client, admin, seller)
    assert steps(theirs["data"]) == [
        ("settlement", 0, 25000, 0, 0, 25000, 0),
        ("payout", 0, -25000, 0, 0, 0, 0),
    ]
    assert theirs["data"][0]["transactionId"] == payout.transaction_id
    assert theirs["balances"] == {"owesUs": 0, "weOwe": 0, "depositHeld": 0}


async def test_filters_and_paging(
    client: AsyncClient,
    app: Any,
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    buyer = sale["buyer"]["_id"]
    clock = moved_clock(app, SALE_START + timedelta(days=1))  # 02/05 in Dubai: the payment of the purchase
    await pay(client, admin, cashier, sale["invoice"]["_id"], clock.now())

    payments = await ledger(client, admin, buyer, kind="payment")
    assert [e["owesUs"] for e in payments["data"]] == [-BUYER_TOTAL, -DEPOSIT]
    assert payments["balances"]["owesUs"] == 0, "the balances now, whatever the filter"
    second_day = await ledger(client, admin, buyer, dateFrom="2031-05-02", dateTo="2031-05-02")
    assert [e["kind"] for e in second_day["data"]] == ["payment"]
    first_day = await ledger(client, admin, buyer, dateTo="2031-05-01")
    assert [e["kind"] for e in first_day["data"]] == ["invoice", "deposit", "payment", "invoice"]
    page = await ledger(client, admin, buyer, limit=2, pageNo=3)
    assert [e["sequence"] for e in page["data"]] == [1] and page["totalPages"] == 3

    backwards = await client.post(
        f"/api/members/{buyer}/ledger", json={"dateFrom": "2031-05-02", "dateTo": "2031-05-01"}, headers=admin
    )
    assert backwards.status_code == 422
    assert "The start date cannot be after the end date." in backwards.text
    unknown = await client.post(f"/api/members/{buyer}/ledger", json={"kind": "bonus"}, headers=admin)
    assert unknown.status_code == 422
    missing = await client.post("/api/members/nobody/ledger", json={}, headers=admin)
    assert missing.status_code == 404 and missing.json()["message"] == "This member does not exist."


async def test_the_csv_holds_the_filtered_entries_oldest_first(
    client: AsyncClient, admin: dict[str, str], sale: dict[str, Any]
) -> None:
    buyer = sale["buyer"]["_id"]
    answer = await client.post(f"/api/members/{buyer}/ledger/export", json={}, headers=admin)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/csv")
    assert answer.headers["content-disposition"] == 'attachment; filename="ledger-784-1985-7654301-2.csv"'
    rows = list(csv.reader(io.StringIO(answer.text)))
    assert rows[0] == COLUMNS
    assert [r[1] for r in rows[1:]] == ["Invoice", "Payment", "Deposit held", "Invoice"]
    assert rows[-1][3] == sale["invoice"]["invoiceNo"] and rows[-1][6] == "25472.50"
    assert rows[-1][-3:] == ["25472.50", "0.00", "100000.00"]
    assert rows[2][6] == "-100000.00", "a negative amount is a number, not a formula"

    deposits = await client.post(
        f"/api/members/{buyer}/ledger/export", json={"kind": "deposit"}, headers=admin
    )
    assert [r[1] for r in list(csv.reader(io.StringIO(deposits.text)))[1:]] == ["Deposit held"]


def test_a_cell_that_a_spreadsheet_would_run_is_quoted() -> None:
    entry = SimpleNamespace(
        at=SALE_START,
        kind="refund",
        description='=HYPERLINK("http://evil.example","refund")',
        owes_us=Decimal("0.00"),
        we_owe=Decimal("10.00"),
        deposit=Decimal("-10.00"),
        owes_us_balance=Decimal("0.00"),
        we_owe_balance=Decimal("10.00"),
        deposit_balance=Decimal("0.00"),
    )
    (_, row) = list(csv.reader(io.StringIO(ledger_csv([(entry, "INV-1", "+OUT-1", None)]))))
    assert row[:5] == ["01/05/2031 16:00", "Refund requested", "'=HYPERLINK(\"http://evil.example\",\"refund\")",
                       "INV-1", "'+OUT-1"]  # fmt: skip
    assert row[8] == "-10.00"


async def test_the_statement_pdf_and_its_balances(
    client: AsyncClient,
    app: Any,
    db: async_sessionmaker[AsyncSession],
    admin: dict[str, str],
    cashier: dict[str, str],
    sale: dict[str, Any],
) -> None:
    buyer = sale["buyer"]["_id"]
    clock = moved_clock(app, SALE_START + timedelta(days=1))
    await pay(client, admin, cashier, sale["invoice"]["_id"], clock.now())

    answer = await client.get(
        f"/api/members/{buyer}/statement.pdf", params={"dateFrom": "2031-05-02"}, headers=admin
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    everything = await client.get(f"/api/members/{buyer}/statement.pdf", headers=admin)
    assert everything.status_code == 200 and everything.content.startswith(b"%PDF")

    async with db() as session:
        opening, rows, closing, last_day = await ledger_service.statement(
            session, buyer, date(2031, 5, 2), None, clock.now()
        )
    assert opening == (Decimal("25472.50"), Decimal("0.00"), Decimal("100000.00"))
    assert [r[0].kind for r in rows] == ["payment"]
    assert closing == (Decimal("0.00"), Decimal("0.00"), Decimal("100000.00"))
    assert last_day == clock.now().astimezone(DUBAI).date()

    backwards = await client.get(
        f"/api/members/{buyer}/statement.pdf",
        params={"dateFrom": "2031-05-03", "dateTo": "2031-05-02"},
        headers=admin,
    )
    assert backwards.status_code == 422
    assert backwards.json()["errors"] == [
        {"field": "dateFrom", "message": "The start date cannot be after the end date."}
    ]
    missing = await client.get("/api/members/nobody/statement.pdf", headers=admin)
    assert missing.status_code == 404
