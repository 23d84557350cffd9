"""Days and times far outside the business's years (9999-12-31, 0001-01-01) answer 422 at their field in the
error envelope: a day after 9999-12-31 or the UTC start of 0001-01-01 does not exist, so they must never reach
the code that adds a day or changes the zone (a 500 before)."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.factories import admin_headers

EXTREMES = ["9999-12-31", "0001-01-01", "1999-12-31", "2101-01-01"]
DAY = "Enter a day from 01/01/2000 to 31/12/2100."
MOMENT = "Enter a date and time from 01/01/2000 to 31/12/2100."

# (method, path, the request's other fields, the field under test, where it goes)
LISTS: list[tuple[str, str, dict[str, Any], str]] = [
    ("POST", "/api/invoices/get", {}, "dateFrom"),
    ("POST", "/api/invoices/get", {}, "dateTo"),
    ("POST", "/api/payment/get-payments", {}, "dateFrom"),
    ("POST", "/api/payment/get-payments", {}, "dateTo"),
    ("POST", "/api/payment/get-payments", {"direction": "outbound"}, "dateFrom"),
    ("POST", "/api/payment/get-payments", {"direction": "outbound"}, "dateTo"),
    ("POST", "/api/members/missing/ledger", {}, "dateFrom"),
    ("POST", "/api/members/missing/ledger", {}, "dateTo"),
    ("POST", "/api/members/missing/ledger/export", {}, "dateFrom"),
    ("POST", "/api/members/missing/ledger/export", {}, "dateTo"),
    ("GET", "/api/members/missing/statement.pdf", {}, "dateFrom"),
    ("GET", "/api/members/missing/statement.pdf", {}, "dateTo"),
    ("POST", "/api/members/get", {}, "registeredFrom"),
    ("POST", "/api/members/get", {}, "registeredTo"),
    ("POST", "/api/members/export", {}, "registeredFrom"),
    ("POST", "/api/members/export", {}, "registeredTo"),
    ("POST", "/api/auctions/get", {}, "dateFrom"),
    ("POST", "/api/auctions/get", {}, "dateTo"),
    ("POST", "/api/auction-event/calendar", {"dateFrom": "2031-05-01", "dateTo": "2031-05-02"}, "dateFrom"),
    ("POST", "/api/auction-event/calendar", {"dateFrom": "2031-05-01", "dateTo": "2031-05-02"}, "dateTo"),
]

SCHEDULE = {"startDate": "2031-05-01T15:00:00", "endDate": "2031-05-01T19:00:00", "repeatType": "Daily"}
MOMENTS: list[tuple[str, str, dict[str, Any], str]] = [
    ("POST", "/api/auctions/preview", {**SCHEDULE, "repeatUntil": "2031-05-03"}, "startDate"),
    ("POST", "/api/auctions/preview", {**SCHEDULE, "repeatUntil": "2031-05-03"}, "endDate"),
    (
        "POST",
        "/api/payments/inbound",
        {"invoiceId": "missing", "amount": 100, "paymentMethod": "cash"},
        "paymentDateAndTime",
    ),
    ("PUT", "/api/payments/missing/complete", {"paymentMethod": "cash"}, "paymentDateAndTime"),
]


async def _ask(
    client: AsyncClient, method: str, path: str, others: dict[str, Any], field: str, value: str
) -> tuple[int, Any]:
    headers = await admin_headers(client)
    fields = {**others, field: value}
    if method == "GET":
        answer = await client.get(path, params=fields, headers=headers)
    else:
        answer = await client.request(method, path, json=fields, headers=headers)
    return answer.status_code, answer.json()


@pytest.mark.parametrize("value", EXTREMES)
@pytest.mark.parametrize(("method", "path", "others", "field"), LISTS)
async def test_a_day_outside_the_years_answers_422_at_its_field(
    client: AsyncClient, method: str, path: str, others: dict[str, Any], field: str, value: str
) -> None:
    status, body = await _ask(client, method, path, others, field, value)
    assert status == 422, body
    assert {"field": field, "message": DAY} in body["errors"]


@pytest.mark.parametrize("value", ["2000-01-01", "2100-12-31"])
async def test_the_first_and_last_days_are_accepted(client: AsyncClient, value: str) -> None:
    headers = await admin_headers(client)
    for path, body in (
        ("/api/invoices/get", {"dateFrom": value, "dateTo": value}),
        ("/api/payment/get-payments", {"direction": "outbound", "dateFrom": value, "dateTo": value}),
        ("/api/auctions/get", {"dateFrom": value, "dateTo": value}),
        ("/api/members/get", {"registeredFrom": value, "registeredTo": value}),
    ):
        answer = await client.post(path, json=body, headers=headers)
        assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("value", ["9999-12-31T23:59:59", "0001-01-01T00:00:00", "9999-12-31T20:00:00Z"])
@pytest.mark.parametrize(("method", "path", "others", "field"), MOMENTS)
async def test_a_time_outside_the_years_answers_422_at_its_field(
    client: AsyncClient, method: str, path: str, others: dict[str, Any], field: str, value: str
) -> None:
    status, body = await _ask(client, method, path, others, field, value)
    assert status == 422, body
    assert {"field": field, "message": MOMENT} in body["errors"]


@pytest.mark.parametrize("value", ["9999-12-31", "0001-01-01"])
async def test_a_repeat_until_day_outside_the_years_answers_422(client: AsyncClient, value: str) -> None:
    status, body = await _ask(client, "POST", "/api/auctions/preview", SCHEDULE, "repeatUntil", value)
    assert status == 422, body
    assert {"field": "repeatUntil", "message": DAY} in body["errors"]


MEMBER = {
    "firstName": "Majid",
    "lastName": "Buyer",
    "email": "majid@example.com",
    "phone": "0502223301",
    "memberIdentityNo": "784-1980-1234501-1",
    "memberTypes": ["buyer"],
    "memberEntity": "individual",
}


@pytest.mark.parametrize(
    ("profile", "field", "message"),
    [
        ({"identityExpiry": "2031-01-01", "dob": "0001-01-01"}, "dob", "Enter a real date of birth."),
        (
            {"identityExpiry": "2031-01-01", "dob": "9999-12-31"},
            "dob",
            "The date of birth must be in the past.",
        ),
        (
            {"identityExpiry": "9999-12-31"},
            "identityExpiry",
            "Enter the expiry date on the document (31/12/2100 at the latest).",
        ),
        (
            {"identityExpiry": "0001-01-01"},
            "identityExpiry",
            "The identity document has expired; ask the member for a valid one.",
        ),
        (
            {"identityExpiry": "2031-01-01", "tradeLicenseExpiry": "9999-12-31"},
            "tradeLicenseExpiry",
            "Enter the expiry date on the document (31/12/2100 at the latest).",
        ),
    ],
)
async def test_a_members_birth_and_expiry_dates_are_bounded(
    client: AsyncClient, profile: dict[str, str], field: str, message: str
) -> None:
    body = {**MEMBER, "memberProfile": {"identityType": "passport", **profile}}
    answer = await client.post("/api/members/create", json=body, headers=await admin_headers(client))
    assert answer.status_code == 422, answer.text
    assert {"field": f"memberProfile.{field}", "message": message} in answer.json()["errors"]


@pytest.mark.parametrize(
    ("value", "message"),
    [("0001-01-01", "Enter a real date of birth."), ("9999-12-31", "The date of birth must be in the past.")],
)
async def test_a_staff_users_birth_date_is_bounded(client: AsyncClient, value: str, message: str) -> None:
    body = {"fullName": "Sara Staff", "email": "sara@example.com", "dob": value}
    answer = await client.post("/api/users/create", json=body, headers=await admin_headers(client))
    assert answer.status_code == 422, answer.text
    assert {"field": "dob", "message": message} in answer.json()["errors"]
