"""The audit log as CSV: the filtered events in the screen's words and Dubai times, streamed in batches."""

import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.trail import repository
from tests.audit.factory import add_events, event
from tests.factories import admin_headers

MARCH = datetime(2021, 3, 10, 20, 30, tzinfo=UTC)  # 11 March 00:30 in Dubai


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


async def test_the_filtered_events_as_csv_in_batches(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession], monkeypatch: Any
) -> None:
    monkeypatch.setattr(repository, "EXPORT_BATCH", 2)  # five events come in three batches
    await add_events(
        db,
        *(
            event(
                MARCH + timedelta(minutes=i),
                "member.status_changed",
                entity_id=f"m{i}",
                actor_email="clerk@example.com",
                ip_address="10.0.0.7",
                device="Firefox 121.0 on Linux (Desktop computer)",
                old_values={"status": "pending", "firstName": "Omar", "lastName": f"Al Suwaidi {i}"},
                new_values={"status": "approved"},
            )
            for i in range(5)
        ),
        event(MARCH, "vehicle.updated", "vehicle", entity_id="v1"),
    )

    response = await client.get(
        "/api/audit-events/export.csv",
        params={"module": "Members", "dateFrom": "2021-03-11", "dateTo": "2021-03-11"},
        headers=admin,
    )

    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"] == 'attachment; filename="audit-log.csv"'
    header, *rows = rows_of(response.text)
    assert header[0] == "When (Asia/Dubai)" and header[-1] == "Changes"
    assert len(rows) == 5
    assert rows[0] == [
        "11/03/2021 00:34:00",
        "",
        "clerk@example.com",
        "10.0.0.7",
        "Firefox 121.0 on Linux (Desktop computer)",
        "Approved member Omar Al Suwaidi 4",
        "Members",
        "Omar Al Suwaidi 4",
        "m4",
        "status: pending → approved; firstName: Omar → —; lastName: Al Suwaidi 4 → —",
    ]
    assert [r[8] for r in rows] == ["m4", "m3", "m2", "m1", "m0"]


async def test_a_cell_a_spreadsheet_would_run_is_quoted(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await add_events(db, event(MARCH, "role.updated", "role", entity_id="r1", actor_email="=HYPERLINK(1)"))

    response = await client.get(
        "/api/audit-events/export.csv", params={"entity": "role", "entityId": "r1"}, headers=admin
    )

    (row,) = rows_of(response.text)[1:]
    assert row[2] == "'=HYPERLINK(1)"


async def test_bad_filters_of_the_export_answer_422(client: AsyncClient, admin: dict[str, str]) -> None:
    response = await client.get(
        "/api/audit-events/export.csv",
        params={"dateFrom": "2021-03-02", "dateTo": "2021-03-01"},
        headers=admin,
    )

    assert response.status_code == 422
    assert response.json()["message"] == "The end date must be on or after the start date."
