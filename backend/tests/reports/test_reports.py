"""Each report against the hand-counted sale day of conftest.py, to the fils."""

from datetime import timedelta
from decimal import Decimal
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.models import Invoice
from tests.auctions.factory import SALE_START, moved_clock
from tests.reports.conftest import PERIOD, SALE_DAY, period


async def report(client: AsyncClient, headers: dict[str, str], name: str, body: dict[str, Any]) -> Any:
    answer = await client.post(f"/api/reports/{name}", json=body, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_sales_by_event_counts_the_event_by_hand(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    answer = await report(client, admin, "sales-by-event", PERIOD)
    (row,) = answer["data"]
    assert row["_id"] == sale_day["event"]
    assert row["auctionTitle"] == "Dubai Thursday Live Sale"
    assert row["saleDate"] == SALE_DAY.isoformat()
    assert (row["lotsRun"], row["sold"], row["noSale"]) == (4, 3, 1)
    assert (row["hammerTotal"], row["fees"], row["vat"]) == ("75000.00", "1400.00", "70.00")
    assert answer["totals"] == {
        "events": 1,
        "lotsRun": 4,
        "sold": 3,
        "noSale": 1,
        "hammerTotal": "75000.00",
        "fees": "1400.00",
        "vat": "70.00",
    }
    assert (answer["totalMatching"], answer["totalPages"], answer["currentPage"]) == (1, 1, 1)


async def test_a_period_without_the_sale_day_is_empty(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    before = SALE_DAY - timedelta(days=1)
    for name in ("sales-by-event", "receivables", "payouts", "vat"):
        answer = await report(client, admin, name, period(before - timedelta(days=30), before))
        assert answer["data"] == [], name
        assert answer["totalMatching"] == 0, name


async def test_vat_report_by_rate_and_the_return_boxes(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    answer = await report(client, admin, "vat", PERIOD)
    zero, standard = answer["byRate"]
    assert zero == {
        "rate": "0.00",
        "salesNet": "75000.00",
        "salesVat": "0.00",
        "creditNotesNet": "-25000.00",
        "creditNotesVat": "0.00",
        "sellerFeesNet": "0.00",
        "sellerFeesVat": "0.00",
        "net": "50000.00",
        "vat": "0.00",
    }
    assert standard == {
        "rate": "5.00",
        "salesNet": "1350.00",
        "salesVat": "67.50",
        "creditNotesNet": "-450.00",
        "creditNotesVat": "-22.50",
        "sellerFeesNet": "500.00",
        "sellerFeesVat": "25.00",
        "net": "1400.00",
        "vat": "70.00",
    }
    assert answer["vatReturn"] == {
        "standardRatedSupplies": "1400.00",
        "standardRatedVat": "70.00",
        "noVatAmount": "50000.00",
        "totalOutputVat": "70.00",
    }
    kinds = [d["kind"] for d in answer["data"]]
    assert sorted(kinds) == ["creditNote", "invoice", "invoice", "invoice", "settlement"]
    settlement = next(d for d in answer["data"] if d["kind"] == "settlement")
    assert (settlement["standardNet"], settlement["zeroNet"], settlement["vat"]) == (
        "500.00",
        "0.00",
        "25.00",
    )
    note = next(d for d in answer["data"] if d["kind"] == "creditNote")
    assert note["invoiceNo"] == sale_day["creditNote"]["invoiceNo"]
    assert (note["standardNet"], note["zeroNet"], note["vat"]) == ("-450.00", "-25000.00", "-22.50")


async def test_vat_report_equals_the_invoices_vat_less_credit_notes(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any], session: AsyncSession
) -> None:
    """The output VAT is the VAT of the tax invoices less that of their credit notes, plus the VAT on the
    seller fees deducted in settlements: read here from the documents' own totals."""

    async def vat_of(kind: str) -> Decimal:
        total = await session.scalar(select(func.sum(Invoice.vat_total)).where(Invoice.kind == kind))
        return total if total is not None else Decimal("0.00")

    invoices, notes, settlements = (
        await vat_of("invoice"),
        await vat_of("creditNote"),
        await vat_of("settlement"),
    )
    assert (invoices, notes, settlements) == (Decimal("67.50"), Decimal("-22.50"), Decimal("-25.00"))
    answer = await report(client, admin, "vat", PERIOD)
    assert Decimal(answer["vatReturn"]["totalOutputVat"]) == invoices + notes - settlements
    assert sum(Decimal(d["vat"]) for d in answer["data"]) == invoices + notes - settlements


async def test_receivables_age_the_open_invoice(
    client: AsyncClient, app: Any, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    answer = await report(client, admin, "receivables", PERIOD)
    (row,) = answer["data"]  # paid and cancelled invoices owe nothing
    assert row["_id"] == sale_day["invoices"][2]["_id"]
    assert (row["dueAmount"], row["daysOverdue"], row["bucket"]) == ("25472.50", 0, "current")
    assert answer["totals"]["current"] == "25472.50"
    assert answer["asOf"] == SALE_DAY.isoformat()

    # Due 48 hours after the sale (3 May); on 10 June it is 38 days past due.
    moved_clock(app, SALE_START + timedelta(days=40))
    answer = await report(client, admin, "receivables", PERIOD)
    (row,) = answer["data"]
    assert (row["daysOverdue"], row["bucket"]) == (38, "days31To60")
    assert answer["totals"] == {
        "invoices": 1,
        "current": "0.00",
        "days1To30": "0.00",
        "days31To60": "25472.50",
        "days61To90": "0.00",
        "over90": "0.00",
        "total": "25472.50",
    }


async def test_payouts_list_the_settlements_payout(
    client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]
) -> None:
    answer = await report(client, admin, "payouts", PERIOD)
    (row,) = answer["data"]
    assert (row["kind"], row["status"], row["amount"]) == ("payout", "Pending", "24475.00")
    assert row["documentNo"].startswith("INV-S-2031-")
    assert row["lotNumber"] == sale_day["cars"][0]["vehicleLotNumber"]
    assert answer["totals"] == [{"kind": "payout", "status": "Pending", "count": 1, "amount": "24475.00"}]


async def test_server_paging(client: AsyncClient, admin: dict[str, str], sale_day: dict[str, Any]) -> None:
    beyond = await report(client, admin, "sales-by-event", {**PERIOD, "limit": 1, "pageNo": 2})
    assert (beyond["data"], beyond["totalMatching"], beyond["totals"]["events"]) == ([], 1, 1)
    first = await report(client, admin, "vat", {**PERIOD, "limit": 2})
    second = await report(client, admin, "vat", {**PERIOD, "limit": 2, "pageNo": 3})
    assert (first["totalMatching"], first["totalPages"], len(first["data"])) == (5, 3, 2)
    assert (second["currentPage"], len(second["data"])) == (3, 1)
