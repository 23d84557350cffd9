"""Every query of the charges module."""

from collections.abc import Iterable
from decimal import Decimal

from sqlalchemy import case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.charges.models import Charge
from gavel.core.paging import SortOrder, like_pattern, paginate

SORTABLE = {
    "title": Charge.title,
    "charges": Charge.charges,
    "appliesTo": Charge.applies_to,
    "kind": Charge.kind,
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
    kind: str | None = None,
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
    if kind:
        query = query.where(Charge.kind == kind)
    return await paginate(
        session,
        query,
        sort_column=SORTABLE.get(sort_by or "", Charge.created_at),
        id_column=Charge.id,
        sort_order=sort_order,
        offset=offset,
        limit=limit,
    )


async def active_overlapping(
    session: AsyncSession,
    *,
    kind: str,
    applies_to: str,
    min_price: Decimal | None,
    max_price: Decimal | None,
    except_ids: Iterable[str] = (),
) -> list[Charge]:
    """Active charges of this kind and side whose sale-price band shares a price with the band given.

    Ends are inclusive; an open end (NULL) is unbounded, so a charge without a band covers every price.
    The lowest band first.
    """
    query = select(Charge).where(
        Charge.is_active.is_(True), Charge.kind == kind, Charge.applies_to == applies_to
    )
    if max_price is not None:
        query = query.where(or_(Charge.min_price.is_(None), Charge.min_price <= max_price))
    if min_price is not None:
        query = query.where(or_(Charge.max_price.is_(None), Charge.max_price >= min_price))
    excluded = list(except_ids)
    if excluded:
        query = query.where(Charge.id.not_in(excluded))
    query = query.order_by(Charge.min_price.is_not(None), Charge.min_price, Charge.title_key)
    return list((await session.scalars(query)).all())


async def counts(session: AsyncSession) -> tuple[int, int, int]:
    """Total, active and inactive charges, in one query."""
    total, active = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(case((Charge.is_active.is_(True), 1), else_=0)), 0))
        )
    ).one()
    return int(total), int(active), int(total) - int(active)
