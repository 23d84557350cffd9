"""Every query of the roles module."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.permissions import Module, Privilege
from gavel.roles.models import Role, RolePermission

Grants = dict[Module, set[Privilege]]


def permission_rows(grants: Grants) -> list[RolePermission]:
    """One row per module, every privilege as a boolean."""
    return [
        RolePermission(
            module=module.value,
            can_add=Privilege.ADD in grants.get(module, set()),
            can_view=Privilege.VIEW in grants.get(module, set()),
            can_edit=Privilege.EDIT in grants.get(module, set()),
            can_delete=Privilege.DELETE in grants.get(module, set()),
            can_update_status=Privilege.UPDATE_STATUS in grants.get(module, set()),
        )
        for module in Module
    ]


async def by_name(session: AsyncSession, name: str) -> Role | None:
    return await session.scalar(select(Role).where(Role.name == name))


async def add(session: AsyncSession, name: str, grants: Grants, *, is_active: bool = True) -> Role:
    role = Role(name=name, is_active=is_active, permissions=permission_rows(grants))
    session.add(role)
    await session.flush()
    return role
