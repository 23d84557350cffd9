"""Every query of the security plans module."""

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

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


async def subscribers(session: AsyncSession, plan_ids: list[str]) -> dict[str, int]:
    """How many members are subscribed to each plan, in one grouped query."""
    from gavel.members.models import Member  # members refer to plans, so plans look them up lazily

    if not plan_ids:
        return {}
    rows = await session.execute(
        select(Member.security_plan_id, func.count())
        .where(Member.security_plan_id.in_(plan_ids))
        .group_by(Member.security_plan_id)
    )
    return {plan_id: int(n) for plan_id, n in rows.all() if plan_id is not None}


async def subscriber_totals(session: AsyncSession, plan_ids: list[str]) -> dict[str, tuple[int, Decimal]]:
    """How many members are subscribed to each plan and the deposits they hold, in one grouped query."""
    from gavel.members.models import Member

    if not plan_ids:
        return {}
    rows = await session.execute(
        select(Member.security_plan_id, func.count(), func.sum(Member.deposit_held))
        .where(Member.security_plan_id.in_(plan_ids))
        .group_by(Member.security_plan_id)
    )
    return {
        plan_id: (int(n), held or Decimal("0.00")) for plan_id, n, held in rows.all() if plan_id is not None
    }


async def subscriber_page(
    session: AsyncSession, plan_id: str, *, search: str | None, offset: int, limit: int
) -> tuple[list[Any], int]:
    """A page of the plan's members, by name, matching the search (name, email, phone, member number...)."""
    from gavel.members.models import Member

    query = select(Member).where(Member.security_plan_id == plan_id)
    if search:
        query = query.where(Member.search_text.like(like_pattern(search), escape="\\"))
    return await paginate(
        session,
        query,
        sort_column=Member.first_name,
        id_column=Member.id,
        sort_order=SortOrder.ASC,
        offset=offset,
        limit=limit,
    )
