"""The audit log: who did what to which record, from where, in words; filters, paging and the records' names
read in one query."""

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import event as sa_event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.trail import repository
from gavel.trail.repository import record_names
from tests.audit.factory import CHROME_ON_WINDOWS, add_events, event
from tests.factories import admin_headers, make_staff
from tests.members.test_members import create, move, person

MARCH = datetime(2021, 3, 10, 8, 0, tzinfo=UTC)
IN_2021 = {"dateFrom": "2021-01-01", "dateTo": "2021-12-31"}


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def events(client: AsyncClient, headers: dict[str, str], **query: Any) -> dict[str, Any]:
    response = await client.get("/api/audit-events", params=query, headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_an_approval_reads_in_words_with_who_where_and_the_change(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    member = (await create(client, admin, person(firstName="Omar", lastName="Al Suwaidi")))["data"]
    approved = await client.put(
        "/api/members/update-status",
        json={"ids": [member["_id"]], "status": "approved"},
        headers={**admin, "User-Agent": CHROME_ON_WINDOWS},
    )
    assert approved.status_code == 200, approved.text

    page = await events(client, admin, entity="member", entityId=member["_id"])

    assert [e["summary"] for e in page["data"]] == [
        "Approved member Omar Al Suwaidi",
        "Registered member Omar Al Suwaidi",
    ]
    latest = page["data"][0]
    assert latest["actorName"] == "Administrator"
    assert latest["actorEmail"] == "admin@example.com"
    assert latest["ipAddress"] == "127.0.0.1"
    assert latest["device"] == "Chrome 120.0 on Windows 10 (Desktop computer)"
    assert latest["module"] == "Members"
    assert latest["recordName"] == "Omar Al Suwaidi"
    assert {"field": "status", "old": "pending", "new": "approved"} in latest["changes"]
    assert page["total"] == 2 and page["totalPages"] == 1 and page["totalIsCapped"] is False


async def test_filters_by_staff_user_module_action_record_and_dubai_days(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    clerk = await make_staff(db, "clerk@example.com")
    await add_events(
        db,
        event(MARCH, "member.updated", "member", entity_id="m1", actor_id=clerk.id),
        event(MARCH + timedelta(hours=1), "vehicle.updated", "vehicle", entity_id="v1", actor_id=clerk.id),
        event(MARCH + timedelta(hours=2), "member.status_changed", "member", entity_id="m2"),
        event(MARCH + timedelta(hours=3), "gate.picked_up", "vehicle", entity_id="v1"),
        # 2 March 00:30 in Dubai, though still 1 March in UTC
        event(datetime(2021, 3, 1, 20, 30, tzinfo=UTC), "role.updated", "role", entity_id="r1"),
    )

    def actions(page: dict[str, Any]) -> list[str]:
        return [e["action"] for e in page["data"]]

    assert actions(await events(client, admin, actorId=clerk.id, **IN_2021)) == [
        "vehicle.updated",
        "member.updated",
    ]
    assert actions(await events(client, admin, module="Vehicles", **IN_2021)) == [
        "gate.picked_up",
        "vehicle.updated",
    ]
    assert actions(await events(client, admin, action="member.status_changed", **IN_2021)) == [
        "member.status_changed"
    ]
    assert actions(await events(client, admin, entity="vehicle", entityId="v1")) == [
        "gate.picked_up",
        "vehicle.updated",
    ]
    assert actions(await events(client, admin, dateFrom="2021-03-02", dateTo="2021-03-02")) == [
        "role.updated"
    ]
    assert actions(await events(client, admin, dateFrom="2021-03-01", dateTo="2021-03-01")) == []
    oldest_first = await events(client, admin, sortOrder="asc", **IN_2021)
    assert actions(oldest_first)[0] == "role.updated"


async def test_pages_newest_first_with_the_id_breaking_ties(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    ids = await add_events(
        db, *(event(MARCH + timedelta(minutes=i // 2), entity_id=f"m{i}") for i in range(25))
    )
    order = sorted(zip(ids, range(25), strict=True), key=lambda p: (p[1] // 2, p[0]), reverse=True)

    pages = [await events(client, admin, pageNo=n, limit=10, **IN_2021) for n in (1, 2, 3)]

    assert [len(p["data"]) for p in pages] == [10, 10, 5]
    assert all(p["total"] == 25 and p["totalPages"] == 3 for p in pages)
    assert [p["currentPage"] for p in pages] == [1, 2, 3]
    assert [e["_id"] for p in pages for e in p["data"]] == [i for i, _ in order]


async def test_the_count_stops_at_its_limit_and_says_so(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession], monkeypatch: Any
) -> None:
    monkeypatch.setattr(repository, "COUNT_LIMIT", 5)
    await add_events(db, *(event(MARCH + timedelta(minutes=i)) for i in range(8)))

    page = await events(client, admin, limit=2, **IN_2021)

    assert (page["total"], page["totalIsCapped"], page["countLimit"], page["totalPages"]) == (5, True, 5, 3)


@contextmanager
def counting_queries(engine: AsyncEngine) -> Iterator[list[str]]:
    seen: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    sa_event.listen(engine.sync_engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        sa_event.remove(engine.sync_engine, "before_cursor_execute", count)


async def test_record_names_of_a_page_are_read_in_one_query(
    client: AsyncClient, admin: dict[str, str], engine: AsyncEngine
) -> None:
    member = (await create(client, admin, person()))["data"]
    with counting_queries(engine) as few:
        page = await events(client, admin, module="Members")
    assert [e["recordName"] for e in page["data"]] == ["Saeed Al Falasi"]

    for n in range(3):
        other = person(email=f"other{n}@example.com", phone=f"050 111 22{n:02d}", lastName=f"Other{n}")
        await create(client, admin, {**other, "memberIdentityNo": f"784-1990-12345{n:02d}-1"})
    await move(client, admin, [member["_id"]], "approved")
    with counting_queries(engine) as many:
        page = await events(client, admin, module="Members")

    assert len(page["data"]) == 5
    assert {e["recordName"] for e in page["data"]} >= {"Saeed Al Falasi", "Saeed Other0", "Saeed Other2"}
    assert len(many) == len(few)


async def test_names_of_several_kinds_of_record_come_in_one_statement(
    client: AsyncClient, admin: dict[str, str], engine: AsyncEngine, session: AsyncSession
) -> None:
    member = (await create(client, admin, person()))["data"]
    me = (await client.get("/api/auth/me", headers=admin)).json()["user"]
    refs = [("member", member["_id"]), ("user", me["_id"]), ("role", "gone"), ("business_settings", "x")]

    with counting_queries(engine) as seen:
        names = await record_names(session, refs)

    assert [s.split()[0] for s in seen if not s.startswith("SAVEPOINT")] == ["SELECT"]
    assert names == {("member", member["_id"]): "Saeed Al Falasi", ("user", me["_id"]): me["fullName"]}


async def test_a_deleted_staff_user_is_still_named_by_their_events(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    clerk = await make_staff(db, "leaving@example.com")
    await add_events(db, event(MARCH, actor_id=clerk.id, actor_email="leaving@example.com", entity_id="m1"))
    deleted = await client.request("DELETE", "/api/users/delete", json={"userIds": [clerk.id]}, headers=admin)
    assert deleted.status_code == 200, deleted.text

    (kept,) = (await events(client, admin, actorId=clerk.id, **IN_2021))["data"]

    assert (kept["actorId"], kept["actorEmail"], kept["actorName"]) == (clerk.id, "leaving@example.com", None)


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"dateFrom": "2021-03-02", "dateTo": "2021-03-01"}, "dateTo",
         "The end date must be on or after the start date."),
        ({"entityId": "abc"}, "entityId", "Choose the kind of record (entity) with the record id."),
        ({"module": "Calender"}, "module", None),
        ({"entity": "spaceship", "entityId": "x"}, "entity", None),
        ({"limit": 101}, "limit", None),
        ({"pageNo": 0}, "pageNo", None),
        ({"dateFrom": "1999-12-31"}, "dateFrom", "Enter a day from 01/01/2000 to 31/12/2100."),
    ],
)  # fmt: skip
async def test_bad_filters_answer_422_at_the_field(
    client: AsyncClient, admin: dict[str, str], query: dict[str, Any], field: str, message: str | None
) -> None:
    response = await client.get("/api/audit-events", params=query, headers=admin)

    assert response.status_code == 422, response.text
    body = response.json()
    assert [e["field"] for e in body["errors"]] == [field]
    assert body["message"] == (message or body["errors"][0]["message"])
    assert body["message"].endswith(".") or message is None


async def test_the_filters_offer_every_staff_user_and_the_actions_in_words(
    client: AsyncClient, admin: dict[str, str], db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "suspended@example.com", status="Suspended")

    staff = (await client.get("/api/audit-events/staff", headers=admin)).json()
    actions = (await client.get("/api/audit-events/actions", headers=admin)).json()

    assert {s["email"] for s in staff} == {"admin@example.com", "suspended@example.com"}
    assert set(staff[0]) == {"_id", "fullName", "email"}
    assert {"value": "member.status_changed", "label": "Member: status changed"} in actions
