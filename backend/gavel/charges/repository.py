"""Every query of the charges module."""

from collections.abc import Iterable

from sqlalchemy import case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.charges.models import Charge
from gavel.core.paging import SortOrder, like_pattern, paginate

SORTABLE = {
    "title": Charge.title,
    "charges": Charge.charges,
    "appliesTo": Charge.applies_to,
    "minPrice": Charge.min_price,
    "createdAt": Charge.created_at,
}


async def by_id(session: AsyncSession, charge_id: str) -> Charge | None:
    return await session.get(Charge, charge_id)


async def by_ids(session: AsyncSession, ids: Iterable[str]) -> list[Charge]:
    return list((await session.scalars(select(Charge).where(Charge.id.in_(list(ids))))).all())


async def by_title(session: AsyncSession, title: str) -> Charge | None:
    return await session.scalar(select(Charge).where(Charge.title_key == title.strip().lower()))


async def page(
    session: AsyncSession,
    *,
    search: str | None,
    is_active: bool | None,
    applies_to: str | None,
    sort_by: str | None,
    sort_order: SortOrder,
    offset: int,
    limit: int,
) -> tuple[list[Charge], int]:
    query = select(Charge)
    if search:
        pattern = like_pattern(search)
        query = query.where(
            or_(
                Charge.title_key.like(pattern, escape="\\"),
                func.lower(func.coalesce(Charge.description, "")).like(pattern, escape="\\"),
            )
        )
    if is_active is not None:
        query = query.where(Charge.is_active.is_(is_active))
    if applies_to:
        query = query.where(Charge.applies_to == applies_to)
    return await paginate(
        session,
        query,
        sort_column=SORTABLE.get(sort_by or "", Charge.created_at),
        id_column=Charge.id,
        sort_order=sort_order,
        offset=offset,
        limit=limit,
    )


async def counts(session: AsyncSession) -> tuple[int, int, int]:
    """Total, active and inactive charges, in one query."""
    total, active = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(case((Charge.is_active.is_(True), 1), else_=0)), 0))
        )
    ).one()
    return int(total), int(active), int(total) - int(active)
