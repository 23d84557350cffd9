"""Bad periods and requests answer 422 with a sentence at the field; the reports are Payments view's."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.permissions import Module, Privilege
from tests.access import Call, check_access

P = Module.REPORTS  # a row of its own (it was Payments view: migration 0027 carried it over)
PERIOD = {"dateFrom": "2031-05-01", "dateTo": "2031-05-31"}
CALLS = [
    Call("POST", "/api/reports/sales-by-event", PERIOD, P, Privilege.VIEW),
    Call("POST", "/api/reports/receivables", PERIOD, P, Privilege.VIEW),
    Call("POST", "/api/reports/payouts", PERIOD, P, Privilege.VIEW),
    Call("POST", "/api/reports/vat", PERIOD, P, Privilege.VIEW),
    Call("POST", "/api/reports/vat/export", {**PERIOD, "format": "xlsx"}, P, Privilege.VIEW),
]
BACKWARDS = "The period ends before it starts: choose an end date on or after the start date."


@pytest.mark.parametrize("call", CALLS, ids=str)
async def test_reports_access_matrix(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], call: Call
) -> None:
    await check_access(client, db, call)


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"dateFrom": "2031-05-31", "dateTo": "2031-05-01"}, "dateTo", BACKWARDS),
        ({"dateTo": "2031-05-01"}, "dateFrom", "Date from is required."),
        (
            {"dateFrom": "1999-12-31", "dateTo": "2031-05-01"},
            "dateFrom",
            "Enter a day from 01/01/2000 to 31/12/2100.",
        ),
        (
            {"dateFrom": "2031-05-01", "dateTo": "2101-01-01"},
            "dateTo",
            "Enter a day from 01/01/2000 to 31/12/2100.",
        ),
    ],
)
@pytest.mark.parametrize("path", ["sales-by-event", "receivables", "payouts", "vat", "vat/export"])
async def test_bad_periods_are_refused_with_a_sentence(
    client: AsyncClient,
    admin: dict[str, str],
    path: str,
    body: dict[str, Any],
    field: str,
    message: str,
) -> None:
    answer = await client.post(f"/api/reports/{path}", json=body, headers=admin)
    assert answer.status_code == 422, answer.text
    error = answer.json()
    assert [e["field"] for e in error["errors"]] == [field]
    assert error["message"] == message
    assert error["errors"][0]["message"] in (message, "This field is required.")


async def test_an_unknown_report_or_format_is_refused(client: AsyncClient, admin: dict[str, str]) -> None:
    unknown = await client.post("/api/reports/profit/export", json=PERIOD, headers=admin)
    assert unknown.status_code == 422, unknown.text
    assert unknown.json()["errors"][0]["field"] == "report"
    pdf = await client.post("/api/reports/vat/export", json={**PERIOD, "format": "pdf"}, headers=admin)
    assert pdf.status_code == 422, pdf.text
    assert pdf.json()["errors"][0]["field"] == "format"
    assert pdf.json()["message"] == "Choose a file format: csv or xlsx."
