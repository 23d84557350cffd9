"""The period a chart covers: named periods around today in Dubai, dates asked for, and bad dates refused
with a sentence."""

from datetime import UTC, datetime
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.core.clock import DUBAI
from tests.auctions.factory import moved_clock
from tests.factories import admin_headers


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def period_of(client: AsyncClient, admin: dict[str, str], **params: Any) -> dict[str, str]:
    response = await client.get("/api/dashboard/charts/sales-per-week", params=params, headers=admin)
    assert response.status_code == 200, response.text
    return dict(response.json()["period"])


@pytest.mark.parametrize(
    ("period", "first", "last"),
    [
        ("week", "2031-05-12", "2031-05-18"),  # Monday to Sunday
        ("month", "2031-05-01", "2031-05-31"),
        ("quarter", "2031-04-01", "2031-06-30"),
        ("year", "2031-01-01", "2031-12-31"),
    ],
)
async def test_a_named_period_is_the_one_holding_today(
    client: AsyncClient, app: Any, admin: dict[str, str], period: str, first: str, last: str
) -> None:
    moved_clock(app, datetime(2031, 5, 15, 12, 0, tzinfo=DUBAI))
    assert await period_of(client, admin, period=period) == {"from": first, "to": last}


async def test_today_is_the_day_in_dubai(client: AsyncClient, app: Any, admin: dict[str, str]) -> None:
    moved_clock(app, datetime(2031, 12, 31, 20, 30, tzinfo=UTC))  # 00:30 on 01/01/2032 in Dubai
    assert await period_of(client, admin, period="year") == {"from": "2032-01-01", "to": "2032-12-31"}
    assert await period_of(client, admin, period="quarter") == {"from": "2032-01-01", "to": "2032-03-31"}
    assert await period_of(client, admin) == {"from": "2032-01-01", "to": "2032-01-31"}  # this month
    moved_clock(app, datetime(2031, 11, 14, 12, 0, tzinfo=DUBAI))
    assert await period_of(client, admin, period="quarter") == {"from": "2031-10-01", "to": "2031-12-31"}


async def test_dates_asked_for_are_the_period(client: AsyncClient, admin: dict[str, str]) -> None:
    body = await period_of(client, admin, **{"from": "2031-02-01", "to": "2031-02-01"})
    assert body == {"from": "2031-02-01", "to": "2031-02-01"}
    year = await period_of(client, admin, **{"from": "2032-01-01", "to": "2032-12-31"})  # 366 days
    assert year == {"from": "2032-01-01", "to": "2032-12-31"}


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"from": "2031-05-01"}, "to", "Choose both the first and the last day of the period."),
        ({"to": "2031-05-01"}, "from", "Choose both the first and the last day of the period."),
        (
            {"from": "2031-05-02", "to": "2031-05-01"},
            "to",
            "The last day of the period must be on or after its first day.",
        ),
        ({"from": "2031-01-01", "to": "2032-01-02"}, "to", "Choose a period of at most 366 days."),
        ({"period": "month", "from": "2031-05-01", "to": "2031-05-31"}, "period", None),
        ({"from": "2031-02-30", "to": "2031-03-01"}, "from", None),
        ({"from": "9999-12-31", "to": "2031-01-01"}, "from", "Enter a day from 01/01/2000 to 31/12/2100."),
        ({"period": "decade"}, "period", None),
        ({"limit": "0"}, "limit", None),
    ],
)
async def test_bad_dates_are_refused_with_a_sentence(
    client: AsyncClient, admin: dict[str, str], params: dict[str, str], field: str, message: str | None
) -> None:
    response = await client.get("/api/dashboard/charts/sell-through", params=params, headers=admin)
    assert response.status_code == 422, response.text
    body = response.json()
    assert [e["field"] for e in body["errors"]] == [field]
    assert body["message"] == body["errors"][0]["message"] and body["message"][0].isupper()
    if message is not None:
        assert body["errors"][0]["message"] == message


async def test_a_period_and_dates_together_are_refused(client: AsyncClient, admin: dict[str, str]) -> None:
    params = {"period": "month", "from": "2031-05-01", "to": "2031-05-31"}
    response = await client.get("/api/dashboard/charts/pipeline", params=params, headers=admin)
    assert response.status_code == 422
    assert response.json()["message"] == "Choose either a period or dates, not both."
