"""The top members of dates asked for (gavel.dashboard.charts.leaders) rank exactly as grouping every sale of
those dates ranks them, whatever the rounds of the search, and read fewer members than there are."""

import random
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.dashboard.charts import leaders, repository
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle

FIRST_DAY = date(2030, 1, 1)
DAYS = 730  # 2030 and 2031
SIDES = (("seller", Vehicle.member_id), ("buyer", Vehicle.buyer_member_id))


async def _business(db: async_sessionmaker[AsyncSession], *, members: int, sales: int) -> list[str]:
    """Members and sold vehicles at random (seeded) sale days and prices; a few members sell and buy far
    more than the rest, some only outside the dates the tests ask for."""
    rng = random.Random(16)  # noqa: S311 (seeded test data)
    async with db() as session:
        people = [
            Member(
                first_name="Leader",
                last_name=f"{n:03d}",
                email=f"leader{n}@charts.example.com",
                phone=f"0508{n:06d}",
                member_identity_no=f"784-1985-{n:07d}-1",
                member_entity="individual",
                status="approved",
                is_seller=True,
                is_buyer=True,
            )
            for n in range(members)
        ]
        session.add_all(people)
        await session.flush()
        ids = [m.id for m in people]
        heavy = ids[:4]
        for n in range(sales):
            seller = rng.choice(heavy) if rng.random() < 0.2 else rng.choice(ids)
            buyer = rng.choice(heavy) if rng.random() < 0.2 else rng.choice(ids)
            day = FIRST_DAY + timedelta(days=rng.randrange(DAYS))
            session.add(
                Vehicle(
                    vehicle_lot_number=70000 + n,
                    vin_number=f"LEADERS{n:010d}",
                    title=f"Lot {n}",
                    make="Nissan",
                    model="Patrol",
                    year=2021,
                    opening_price=Decimal("5000"),
                    member_id=seller,
                    buyer_member_id=buyer,
                    status="sold",
                    # ties on purpose: prices in steps of 1,000
                    sold_for=Decimal(1000 * rng.randint(5, 60)),
                    event_date=day,
                )
            )
        await session.commit()
    return ids


def _ranges() -> list[tuple[date, date]]:
    rng = random.Random(15)  # noqa: S311 (seeded test data)
    picked = [(date(2030, 12, 31), date(2031, 12, 31)), (date(2030, 3, 1), date(2030, 5, 1))]
    for _ in range(8):
        length = rng.randint(63, 366)
        start = FIRST_DAY + timedelta(days=rng.randrange(DAYS - length))
        picked.append((start, start + timedelta(days=length - 1)))
    return picked


@pytest.mark.parametrize("first_depth", [1, 3, 64])
async def test_the_search_ranks_as_grouping_every_sale(
    db: async_sessionmaker[AsyncSession], monkeypatch: pytest.MonkeyPatch, first_depth: int
) -> None:
    await _business(db, members=60, sales=900)
    monkeypatch.setattr(leaders, "FIRST_DEPTH", first_depth)
    async with db() as session:
        for start, end in _ranges():
            for side, column in SIDES:
                for limit in (1, 5, 10):
                    grouped = await repository.top_members(session, start, end, column, limit)
                    searched = await leaders._search(session, start, end, side, column, limit)
                    assert searched == grouped, (start, end, side, limit)
                    assert len(grouped) == limit


async def test_a_clear_lead_is_found_without_reading_every_member(
    db: async_sessionmaker[AsyncSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    await _business(db, members=200, sales=1500)
    monkeypatch.setattr(leaders, "FIRST_DEPTH", 4)
    counted: list[int] = []
    real = repository.member_sales

    async def member_sales(session: AsyncSession, column: Any, ids: Any, start: date, end: date) -> Any:
        counted.append(len(ids))
        return await real(session, column, ids, start, end)

    monkeypatch.setattr(repository, "member_sales", member_sales)
    start, end = date(2030, 6, 1), date(2031, 5, 31)
    async with db() as session:
        searched = await leaders.top_of_dates(session, start, end, "seller", Vehicle.member_id, 3)
        grouped = await repository.top_members(session, start, end, Vehicle.member_id, 3)
    assert searched == grouped
    assert 0 < sum(counted) < 100  # of 200 sellers, nearly all of whom sold in those dates


async def test_too_many_candidates_groups_the_sales_instead(
    db: async_sessionmaker[AsyncSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    await _business(db, members=40, sales=400)
    monkeypatch.setattr(leaders, "FIRST_DEPTH", 1)
    monkeypatch.setattr(leaders, "MOST_CANDIDATES", 1)
    start, end = date(2030, 2, 1), date(2031, 1, 31)
    async with db() as session:
        assert await leaders._search(session, start, end, "buyer", Vehicle.buyer_member_id, 5) is None
        searched = await leaders.top_of_dates(session, start, end, "buyer", Vehicle.buyer_member_id, 5)
        grouped = await repository.top_members(session, start, end, Vehicle.buyer_member_id, 5)
    assert searched == grouped and len(grouped) == 5


def _parts(*parts: tuple[str, date, date]) -> tuple[leaders.Part, ...]:
    return tuple(leaders.Part(*part) for part in parts)


def test_the_cover_takes_per_year_the_year_its_quarters_or_its_months_and_days_of_a_month_in_part() -> None:
    # 37 days of 2025 (its last quarter: 92 days and one list beat November and December, 61 days and two
    # lists) and 329 of 2026 (the year)
    assert leaders.cover(date(2025, 11, 25), date(2026, 11, 25)) == _parts(
        ("quarter", date(2025, 10, 1), date(2025, 12, 31)),
        ("year", date(2026, 1, 1), date(2026, 12, 31)),
    )
    assert leaders.cover(date(2026, 1, 1), date(2026, 12, 31)) == _parts(
        ("year", date(2026, 1, 1), date(2026, 12, 31)),
    )
    # the second half of December: that month, in part (its days); then the first quarter
    assert leaders.cover(date(2025, 12, 15), date(2026, 3, 31)) == _parts(
        ("days", date(2025, 12, 15), date(2025, 12, 31)),
        ("quarter", date(2026, 1, 1), date(2026, 3, 31)),
    )
    # the year beats three quarters
    assert leaders.cover(date(2026, 2, 10), date(2026, 9, 1)) == _parts(
        ("year", date(2026, 1, 1), date(2026, 12, 31)),
    )
