"""Each chart against the hand-counted business of data.py (clock: Thursday 15/05/2031 in Dubai)."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.dashboard_charts.data import Business
from tests.factories import admin_headers


async def chart(client: AsyncClient, name: str, **params: Any) -> Any:
    """A chart as the administrator sees it (signed in once per client)."""
    headers = getattr(client, "_charts_admin", None)
    if headers is None:
        headers = await admin_headers(client)
        client._charts_admin = headers  # type: ignore[attr-defined]
    response = await client.get(f"/api/dashboard/charts/{name}", params=params, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


async def test_sales_per_week_counts_the_sold_vehicles_of_each_week(
    client: AsyncClient, business: Business
) -> None:
    body = await chart(client, "sales-per-week", period="month")
    assert body["period"] == {"from": "2031-05-01", "to": "2031-05-31"}
    assert body["weeks"] == [
        {"weekStart": "2031-04-28", "count": 0, "amount": 0},  # 29/04 is April: not in May
        {"weekStart": "2031-05-05", "count": 2, "amount": 50000},
        {"weekStart": "2031-05-12", "count": 3, "amount": 74000},
        {"weekStart": "2031-05-19", "count": 0, "amount": 0},
        {"weekStart": "2031-05-26", "count": 0, "amount": 0},
    ]
    assert (body["totalCount"], body["totalAmount"]) == (5, 124000)
    year = await chart(client, "sales-per-week", period="year")
    assert (year["totalCount"], year["totalAmount"]) == (6, 136000)  # E3 in, E0 (2030) out
    assert len(year["weeks"]) == 53  # the Mondays from 30/12/2030 to 29/12/2031


async def test_sell_through_is_sold_over_run_per_event(client: AsyncClient, business: Business) -> None:
    body = await chart(client, "sell-through", period="month")
    events = [
        (e["auctionTitle"], e["saleDate"], e["run"], e["sold"], round(e["rate"], 4)) for e in body["events"]
    ]
    # E5 (20/05) has no result yet: not listed.
    assert events == [("Sale E2", "2031-05-13", 3, 3, 1.0), ("Sale E1", "2031-05-06", 3, 2, 0.6667)]
    assert (body["totalEvents"], body["run"], body["sold"], round(body["rate"], 4)) == (2, 6, 5, 0.8333)
    quarter = await chart(client, "sell-through", period="quarter", limit=1)
    assert [e["auctionTitle"] for e in quarter["events"]] == ["Sale E2"]
    assert (quarter["totalEvents"], quarter["run"], quarter["sold"]) == (3, 8, 6)


async def test_sell_through_of_a_period_without_results_has_no_rate(
    client: AsyncClient, business: Business
) -> None:
    body = await chart(client, "sell-through", **{"from": "2031-05-14", "to": "2031-05-31"})
    assert (body["events"], body["run"], body["sold"], body["rate"]) == ([], 0, 0, None)


async def test_hammer_against_reserve_puts_each_sale_in_its_band(
    client: AsyncClient, business: Business
) -> None:
    body = await chart(client, "hammer-vs-reserve", period="month")
    bands = {b["band"]: (b["count"], b["hammer"], b["reserve"]) for b in body["bands"]}
    assert bands == {
        "noReserve": (1, 15000, 0),  # v6
        "below": (1, 9000, 10000),  # v5, the seller accepted
        "met": (1, 20000, 20000),  # v1, exactly the reserve
        "above10": (1, 30000, 25000),  # v2, 20 % above
        "above25": (1, 50000, 40000),  # v4, exactly 25 % above
    }
    assert (body["hammerTotal"], body["reserveTotal"]) == (109000, 95000)
    quarter = await chart(client, "hammer-vs-reserve", period="quarter")
    assert {b["band"]: b["count"] for b in quarter["bands"]}["met"] == 2  # v7: 12,000 over 11,000


async def test_pipeline_places_each_vehicle_submitted_in_the_period(
    client: AsyncClient, business: Business
) -> None:
    body = await chart(client, "pipeline", period="month")
    assert {s["stage"]: s["count"] for s in body["stages"]} == {
        "review": 2,  # p1, p2 (00:30 on 01/05 in Dubai); p3 (23:30 on 30/04) is April's
        "approved": 2,  # a1, v3 (not sold, back to the unassigned)
        "inEvent": 1,  # a2
        "sold": 3,  # v4, v5, v6 unpaid
        "paid": 1,  # v2
        "released": 1,  # v1
        "rejected": 1,
        "cancelled": 1,
    }
    assert body["submitted"] == 12
    assert [s["stage"] for s in body["stages"]][:6] == [
        "review",
        "approved",
        "inEvent",
        "sold",
        "paid",
        "released",
    ]


async def test_receivables_age_what_the_period_s_invoices_still_owe(
    client: AsyncClient, business: Business
) -> None:
    body = await chart(client, "receivables", period="month")
    assert body["asOf"] == "2031-05-15"
    assert [(b["bucket"], b["count"], b["amount"]) for b in body["buckets"]] == [
        ("0-2", 2, 2500),  # i1 1,000; i2 2,000 less 500 paid
        ("3-7", 2, 3400),  # i3, i4
        ("8-30", 1, 500),  # i5
        ("over30", 0, 0),
    ]
    assert (body["totalCount"], body["totalAmount"]) == (5, 6400)
    quarter = await chart(client, "receivables", period="quarter")
    assert [(b["bucket"], b["count"], b["amount"]) for b in quarter["buckets"]][2:] == [
        ("8-30", 2, 1100),  # i6: 30 days
        ("over30", 1, 700),  # i7: 31 days
    ]


async def test_top_sellers_and_buyers_by_hammer_total(client: AsyncClient, business: Business) -> None:
    body = await chart(client, "top-members", period="month")
    sellers = [(m["name"], m["count"], m["amount"]) for m in body["sellers"]]
    buyers = [(m["name"], m["count"], m["amount"]) for m in body["buyers"]]
    assert sellers == [("Majid Al Mansoori", 3, 65000), ("Fatima Al Hashimi", 2, 59000)]
    assert buyers == [("Khalid Al Suwaidi", 3, 79000), ("Omar Al Nuaimi", 2, 45000)]
    assert body["sellers"][0]["_id"] == business.members["S1"].id
    one = await chart(client, "top-members", period="quarter", limit=1)
    assert [(m["name"], m["amount"]) for m in one["sellers"]] == [("Majid Al Mansoori", 77000)]
    assert [(m["name"], m["amount"]) for m in one["buyers"]] == [("Khalid Al Suwaidi", 79000)]


@pytest.mark.parametrize(
    "name", ["sales-per-week", "sell-through", "hammer-vs-reserve", "pipeline", "receivables", "top-members"]
)
async def test_an_empty_business_answers_zeros(client: AsyncClient, name: str) -> None:
    body = await chart(client, name, period="week")
    assert body["period"]["from"] <= body["period"]["to"]
    figures = [v for k, v in body.items() if k != "period" and isinstance(v, int | float)]
    assert all(v == 0 for v in figures)
