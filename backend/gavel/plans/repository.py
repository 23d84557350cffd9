"""Every query of the security plans module."""

from collections.abc import Iterable

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import SortOrder, like_pattern, paginate
from gavel.plans.models import SecurityPlan

SORTABLE = {
    "name": SecurityPlan.name,
    "planAmount": SecurityPlan.plan_amount,
    "buyingPower": SecurityPlan.buying_power,
    "createdAt": SecurityPlan.created_at,
}


async def by_id(session: AsyncSession, plan_id: str) -> SecurityPlan | None:
    return await session.get(SecurityPlan, plan_id)


async def by_ids(session: AsyncSession, ids: Iterable[str]) -> list[SecurityPlan]:
    return list((await session.scalars(select(SecurityPlan).where(SecurityPlan.id.in_(list(ids))))).all())


async def by_name(session: AsyncSession, name: str) -> SecurityPlan | None:
    return await session.scalar(select(SecurityPlan).where(SecurityPlan.name_key == name.strip().lower()))


async def page(
    session: AsyncSession,
    *,
    search: str | None,
    sort_by: str | None,
    sort_order: SortOrder,
    offset: int,
    limit: int,
) -> tuple[list[SecurityPlan], int]:
    query = select(SecurityPlan)
    if search:
        pattern = like_pattern(search)
        query = query.where(
            or_(
                SecurityPlan.name_key.like(pattern, escape="\\"),
                func.lower(func.coalesce(SecurityPlan.tag, "")).like(pattern, escape="\\"),
            )
        )
    return await paginate(
        session,
        query,
        sort_column=SORTABLE.get(sort_by or "", SecurityPlan.plan_amount),
        id_column=SecurityPlan.id,
        sort_order=sort_order,
        offset=offset,
        limit=limit,
    )


async def total(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(SecurityPlan)) or 0)
