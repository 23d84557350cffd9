"""The one query of the dashboard's totals that no list already has: roles, active and held by staff."""

from sqlalchemy import case, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.dashboard.totals.schemas import RoleTotals
from gavel.roles.models import Role
from gavel.users.models import User


async def role_totals(session: AsyncSession) -> RoleTotals:
    """All roles, active and inactive, held by a staff user or not, in one query (user_account.role_id is
    indexed; there are a few dozen roles)."""
    held = exists().where(User.role_id == Role.id)
    total, active, assigned = (
        await session.execute(
            select(
                func.count(),
                func.coalesce(func.sum(case((Role.is_active.is_(True), 1), else_=0)), 0),
                func.coalesce(func.sum(case((held, 1), else_=0)), 0),
            ).select_from(Role)
        )
    ).one()
    return RoleTotals(
        total_roles=int(total),
        total_active=int(active),
        total_inactive=int(total) - int(active),
        total_assigned=int(assigned),
        total_unassigned=int(total) - int(assigned),
    )
