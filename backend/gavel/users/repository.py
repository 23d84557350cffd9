"""Every query of the users module."""

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Select, and_, case, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import SortOrder, count_of, like_pattern
from gavel.permissions import Module
from gavel.roles.models import Role, RolePermission
from gavel.users.models import TwoStep, User

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


async def taken(session: AsyncSession, email: str, phone: str) -> tuple[bool, bool]:
    """Whether a staff user has this email, and whether one has this phone: one statement, so one snapshot
    (two queries could each miss a user created between them, and name only one of the two)."""
    row = (
        await session.execute(
            select(
                exists().where(func.lower(User.email) == email.strip().lower()),
                exists().where(User.phone == phone),
            )
        )
    ).one()
    return bool(row[0]), bool(row[1])


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


async def two_step_enabled(session: AsyncSession, user_id: str) -> bool:
    """Whether the user has turned two-step sign-in on (an authenticator confirmed by a first code)."""
    query = select(TwoStep.user_id).where(TwoStep.user_id == user_id, TwoStep.enabled_at.is_not(None))
    return await session.scalar(query) is not None


# Whether the user has turned two-step sign-in on, read with the page (the staff list's Two-step column).
_TWO_STEP_ON = (
    exists()
    .where(TwoStep.user_id == User.id, TwoStep.enabled_at.is_not(None))
    .correlate(User)
    .label("two_step")
)


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
    all_users: int | None = None,
) -> tuple[list[tuple[User, bool]], int]:
    """A page of staff users, each with whether two-step sign-in is on, and how many match (`all_users`: how
    many there are, when the caller counted them already: the total of a list without filters)."""
    query = _filtered(search, status, role_id)
    if all_users is not None and not (search or status or role_id):
        total = all_users
    else:
        total = await count_of(session, query.with_only_columns(User.id))
    column = SORTABLE.get(sort_by or "", User.created_at)
    ascending = sort_order == SortOrder.ASC
    ordering = (column.asc(), User.id.asc()) if ascending else (column.desc(), User.id.desc())
    paged = query.add_columns(_TWO_STEP_ON).order_by(*ordering).offset(offset).limit(limit)
    rows = await session.execute(paged)
    return [(user, bool(on)) for user, on in rows.unique()], total


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


# Who holds roles (roles.service asks through users/role_holders.py)


async def assigned_users(session: AsyncSession, role_ids: list[str]) -> dict[str, int]:
    """How many staff users hold each role, in one grouped query."""
    if not role_ids:
        return {}
    rows = await session.execute(
        select(User.role_id, func.count()).where(User.role_id.in_(role_ids)).group_by(User.role_id)
    )
    return {role_id: int(n) for role_id, n in rows.all() if role_id is not None}


async def remaining_role_editors(
    session: AsyncSession, *, without_users: Iterable[str] = (), without_roles: Iterable[str] = ()
) -> int:
    """Active users whose active role may edit roles, leaving out some users and some roles."""
    query = (
        select(func.count(func.distinct(User.id)))
        .join(Role, Role.id == User.role_id)
        .join(
            RolePermission,
            and_(RolePermission.role_id == Role.id, RolePermission.module == Module.ROLES.value),
        )
        .where(
            User.user_account_status == "Active", Role.is_active.is_(True), RolePermission.can_edit.is_(True)
        )
    )
    excluded_users, excluded_roles = list(without_users), list(without_roles)
    if excluded_users:
        query = query.where(User.id.not_in(excluded_users))
    if excluded_roles:
        query = query.where(Role.id.not_in(excluded_roles))
    return int(await session.scalar(query) or 0)
