"""Who holds roles, as the roles' rules ask it (roles.service.RoleHolders): the staff users' role_id."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.users import repository


class StaffRoleHolders:
    async def held(self, session: AsyncSession, role_ids: list[str]) -> dict[str, int]:
        return await repository.assigned_users(session, role_ids)

    async def editors_without(self, session: AsyncSession, role_id: str) -> int:
        return await repository.remaining_role_editors(session, without_roles=[role_id])


role_holders = StaffRoleHolders()
