"""Every query of the users module."""

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Select, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import SortOrder, like_pattern, paginate
from gavel.users.models import User

SORTABLE = {
    "fullName": User.full_name,
    "email": User.email,
    "createdAt": User.created_at,
    "userAccountStatus": User.user_account_status,
}


async def count(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(User)) or 0)


async def by_email(session: AsyncSession, email: str) -> User | None:
    return await session.scalar(select(User).where(func.lower(User.email) == email.strip().lower()))


async def by_phone(session: AsyncSession, phone: str) -> User | None:
    return await session.scalar(select(User).where(User.phone == phone))


async def by_id(session: AsyncSession, user_id: str) -> User | None:
    return await session.get(User, user_id)


async def by_ids(session: AsyncSession, user_ids: Iterable[str]) -> list[User]:
    return list((await session.scalars(select(User).where(User.id.in_(list(user_ids))))).all())


def _filtered(search: str | None, status: str | None, role_id: str | None) -> Select[Any]:
    query = select(User)
    if search:
        pattern = like_pattern(search)
        query = query.where(
            or_(
                func.lower(User.full_name).like(pattern, escape="\\"),
                func.lower(User.email).like(pattern, escape="\\"),
                User.phone.like(pattern.replace(" ", ""), escape="\\"),
            )
        )
    if status:
        query = query.where(User.user_account_status == status)
    if role_id:
        query = query.where(User.role_id == role_id)
    return query


async def page(
    session: AsyncSession,
    *,
    search: str | None,
    status: str | None,
    role_id: str | None,
    sort_by: str | None,
    sort_order: SortOrder,
    offset: int,
    limit: int,
) -> tuple[list[User], int]:
    query = _filtered(search, status, role_id)
    return await paginate(
        session,
        query,
        sort_column=SORTABLE.get(sort_by or "", User.created_at),
        id_column=User.id,
        sort_order=sort_order,
        offset=offset,
        limit=limit,
    )


async def counts(session: AsyncSession) -> tuple[int, int, int]:
    """Total, active and not active (suspended or inActive) staff users, in one query."""
    total, active = (
        await session.execute(
            select(
                func.count(),
                func.coalesce(func.sum(case((User.user_account_status == "Active", 1), else_=0)), 0),
            )
        )
    ).one()
    return int(total), int(active), int(total) - int(active)
