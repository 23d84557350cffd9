"""Every query of the roles module."""

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Select, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import SortOrder, like_pattern, paginate
from gavel.permissions import PRIVILEGE_COLUMNS, Module, Privilege, offered
from gavel.roles.models import Role, RolePermission

Grants = dict[Module, set[Privilege]]

SORTABLE = {
    "name": Role.name,
    "createdAt": Role.created_at,
    "updatedAt": Role.updated_at,
    "isActive": Role.is_active,
}


def permission_rows(grants: Grants) -> list[RolePermission]:
    """One row per module, every privilege as a boolean (a box that allows nothing in a module stays off)."""
    return [
        RolePermission(
            module=module.value,
            **{
                column: privilege in grants.get(module, set()) and offered(module, privilege)
                for privilege, column in PRIVILEGE_COLUMNS.items()
            },
        )
        for module in Module
    ]


async def by_name(session: AsyncSession, name: str) -> Role | None:
    return await session.scalar(select(Role).where(func.lower(Role.name) == name.strip().lower()))


async def by_id(session: AsyncSession, role_id: str) -> Role | None:
    return await session.get(Role, role_id)


async def by_ids(session: AsyncSession, role_ids: Iterable[str]) -> list[Role]:
    return list((await session.scalars(select(Role).where(Role.id.in_(list(role_ids))))).all())


async def add(session: AsyncSession, name: str, grants: Grants, *, is_active: bool = True) -> Role:
    role = Role(name=name, is_active=is_active, permissions=permission_rows(grants))
    session.add(role)
    await session.flush()
    return role


def _filtered(search: str | None, is_active: bool | None) -> Select[Any]:
    query = select(Role)
    if search:
        query = query.where(func.lower(Role.name).like(like_pattern(search), escape="\\"))
    if is_active is not None:
        query = query.where(Role.is_active.is_(is_active))
    return query


async def page(
    session: AsyncSession,
    *,
    search: str | None,
    is_active: bool | None,
    sort_by: str | None,
    sort_order: SortOrder,
    offset: int,
    limit: int,
) -> tuple[list[Role], int]:
    query = _filtered(search, is_active)
    return await paginate(
        session,
        query,
        sort_column=SORTABLE.get(sort_by or "", Role.created_at),
        id_column=Role.id,
        sort_order=sort_order,
        offset=offset,
        limit=limit,
    )


async def counts(session: AsyncSession) -> tuple[int, int]:
    """Active and inactive roles, in one query."""
    active, inactive = (
        await session.execute(
            select(
                func.coalesce(func.sum(case((Role.is_active.is_(True), 1), else_=0)), 0),
                func.coalesce(func.sum(case((Role.is_active.is_(False), 1), else_=0)), 0),
            )
        )
    ).one()
    return int(active), int(inactive)
