"""Every query of the locations module."""

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Select, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import SortOrder, like_pattern, paginate
from gavel.locations.models import Location

SORTABLE = {
    "title": Location.title,
    "city": Location.city,
    "state": Location.state,
    "status": Location.status,
    "createdAt": Location.created_at,
}


async def by_id(session: AsyncSession, location_id: str) -> Location | None:
    return await session.get(Location, location_id)


async def by_ids(session: AsyncSession, ids: Iterable[str]) -> list[Location]:
    return list((await session.scalars(select(Location).where(Location.id.in_(list(ids))))).all())


async def by_city_and_title(session: AsyncSession, city: str, title: str) -> Location | None:
    return await session.scalar(
        select(Location).where(Location.city == city, Location.title_key == title.strip().lower())
    )


def _filtered(search: str | None, status: str | None) -> Select[Any]:
    query = select(Location)
    if search:
        pattern = like_pattern(search)
        query = query.where(
            or_(
                Location.title_key.like(pattern, escape="\\"),
                func.lower(Location.city).like(pattern, escape="\\"),
                func.lower(Location.state).like(pattern, escape="\\"),
                func.lower(Location.physical_address).like(pattern, escape="\\"),
                Location.phone_number.like(pattern.replace(" ", ""), escape="\\"),
            )
        )
    if status:
        query = query.where(Location.status == status)
    return query


async def page(
    session: AsyncSession,
    *,
    search: str | None,
    status: str | None,
    sort_by: str | None,
    sort_order: SortOrder,
    offset: int,
    limit: int,
) -> tuple[list[Location], int]:
    query = _filtered(search, status)
    return await paginate(
        session,
        query,
        sort_column=SORTABLE.get(sort_by or "", Location.created_at),
        id_column=Location.id,
        sort_order=sort_order,
        offset=offset,
        limit=limit,
    )


async def counts(session: AsyncSession) -> tuple[int, int, int]:
    """Total, active and inActive locations, in one query."""
    total, active = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(case((Location.status == "active", 1), else_=0)), 0))
        )
    ).one()
    return int(total), int(active), int(total) - int(active)
