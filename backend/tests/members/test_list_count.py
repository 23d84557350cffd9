"""member_list_count (migration 0006) stays equal to a count of the members through every kind of write."""

import asyncio
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import create_engine, delete, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.members.models import Member, MemberListCount
from gavel.migrate import sync_url
from tests.factories import admin_headers
from tests.members.test_members import company, create, listing, move, person

KEYS = (Member.status, Member.member_entity, Member.is_seller, Member.is_buyer)


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def assert_exact(session: AsyncSession) -> dict[tuple[Any, ...], int]:
    """The table, zero rows left out, equals the grouped count of the members; returns it."""
    c = MemberListCount
    kept = {
        (s, e, bool(seller), bool(buyer)): n
        for s, e, seller, buyer, n in await session.execute(
            select(c.status, c.member_entity, c.is_seller, c.is_buyer, c.members)
        )
        if n
    }
    counted = {
        (s, e, bool(seller), bool(buyer)): n
        for s, e, seller, buyer, n in await session.execute(select(*KEYS, func.count()).group_by(*KEYS))
    }
    assert kept == counted
    return kept


async def test_every_write_keeps_the_counts_exact(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    buyer = (await create(client, admin, person()))["data"]
    firm = (await create(client, admin, company()))["data"]
    assert await assert_exact(session) == {
        ("pending", "individual", False, True): 1,
        ("pending", "organization", True, True): 1,
    }
    assert (await move(client, admin, [buyer["_id"], firm["_id"]], "approved")).status_code == 200
    assert set(await assert_exact(session)) == {
        ("approved", "individual", False, True),
        ("approved", "organization", True, True),
    }
    trusted = await client.put(
        "/api/members/update-account-status",
        json={"ids": [firm["_id"]], "isTrustedSeller": True},
        headers=admin,
    )
    assert trusted.status_code == 200
    await assert_exact(session)
    # The member's types and entity change: the member moves between keys.
    edit = person(memberTypes=["seller", "buyer"], sellerType="individual")
    assert (
        await client.put(f"/api/members/update-member/{buyer['_id']}", json=edit, headers=admin)
    ).status_code == 200
    as_company = company(memberTypes=["seller"], email=firm["email"], phone=firm["phone"])
    assert (
        await client.put(f"/api/members/update-member/{firm['_id']}", json=as_company, headers=admin)
    ).status_code == 200
    assert await assert_exact(session) == {
        ("approved", "individual", True, True): 1,
        ("approved", "organization", True, False): 1,
    }
    assert (await move(client, admin, [buyer["_id"]], "deactivated")).status_code == 200
    await assert_exact(session)
    deleted = await client.request(
        "DELETE", "/api/members/delete", json={"memberIds": [buyer["_id"]]}, headers=admin
    )
    assert deleted.status_code == 200
    assert await assert_exact(session) == {("approved", "organization", True, False): 1}
    page = await listing(client, admin, status="approved", memberType="seller", memberEntity="organization")
    assert (page["totalMembers"], page["totalApproved"], page["totalSellers"], page["totalBuyers"]) == (
        1,
        1,
        1,
        0,
    )
    assert page["totalMatching"] == 1 and page["totalPages"] == 1


async def test_bulk_statements_and_updates_of_other_columns(
    client: AsyncClient, admin: dict[str, str], session: AsyncSession
) -> None:
    for n in range(3):
        await create(client, admin, person(email=f"m{n}@example.com", phone=f"05076543{n:02d}"))
    await session.execute(update(Member).values(search_text="changed"))  # touches no key: writes nothing
    await assert_exact(session)
    await session.execute(update(Member).where(Member.email == "m1@example.com").values(status="approved"))
    await session.execute(update(Member).values(is_seller=True))  # one statement, several keys
    assert await assert_exact(session) == {
        ("pending", "individual", True, True): 2,
        ("approved", "individual", True, True): 1,
    }
    await session.execute(Member.__table__.delete())
    assert await assert_exact(session) == {}


async def test_list_totals_from_the_table_match_a_count(client: AsyncClient, admin: dict[str, str]) -> None:
    await create(client, admin, person())
    await create(client, admin, company())
    for query in ({}, {"memberType": "seller"}, {"memberType": "buyer"}, {"memberEntity": "organization"}):
        from_table = await listing(client, admin, status="pending", **query)
        by_count = await listing(client, admin, status="pending", registeredFrom="2000-01-01", **query)
        assert from_table["totalMatching"] == by_count["totalMatching"] == len(by_count["members"])


def _insert(connection: Any, status: str) -> str:
    member_id = uuid.uuid4().hex
    now = datetime.now(UTC)
    connection.execute(
        text(
            "INSERT INTO member (id, created_at, updated_at, first_name, last_name, email, phone,"
            " is_trusted_seller, member_identity_no, is_seller, is_buyer, member_entity, status,"
            " request_type, buying_power, must_change_password, search_text)"
            " VALUES (:id, :now, :now, 'Race', 'Test',"
            " :email, :phone, false, 'X1', true, true, 'individual', :status, 'New', 0, false, '')"
        ),
        {"id": member_id, "now": now, "email": f"{member_id}@example.com", "phone": f"+{member_id[:12]}",
         "status": status},
    )  # fmt: skip
    return member_id


async def test_concurrent_writers_keep_the_counts_exact(database_url: str) -> None:
    """Committed transactions on separate connections, racing on the same keys.

    PostgreSQL runs the writers side by side; SQLite, which has one writer at a time, makes them take turns.
    """
    sqlite = database_url.startswith("sqlite")
    engine = create_engine(
        sync_url(database_url), pool_size=8, connect_args={"timeout": 60} if sqlite else {}
    )
    made: list[str] = []

    def writer(worker: int) -> None:
        for n in range(15):
            with engine.begin() as connection:
                member_id = _insert(connection, "pending")
                made.append(member_id)
                connection.execute(
                    text("UPDATE member SET status = :s WHERE id = :id"),
                    {"s": "approved" if (worker + n) % 2 else "rejected", "id": member_id},
                )
                if n % 5 == 0:
                    connection.execute(text("DELETE FROM member WHERE id = :id"), {"id": member_id})

    def compare() -> None:
        with engine.connect() as connection:
            kept = connection.execute(
                text("SELECT status, member_entity, is_seller, is_buyer, members FROM member_list_count"
                     " WHERE members <> 0 ORDER BY 1, 2, 3, 4")
            ).all()  # fmt: skip
            counted = connection.execute(
                text("SELECT status, member_entity, is_seller, is_buyer, count(*) FROM member"
                     " GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4")
            ).all()  # fmt: skip
            assert kept == counted

    try:
        await asyncio.gather(*(asyncio.to_thread(writer, w) for w in range(4)))
        compare()
    finally:
        with engine.begin() as connection:
            connection.execute(delete(Member).where(Member.id.in_(made)))
        compare()
        engine.dispose()
