"""The dashboard's totals, each read from the very function its list's cards read, so that a number on the
dashboard, on a list and in the top bar means the same (docs/decisions.md, issue 15).

Vehicles and members come from the running totals the triggers of migrations 0006 and 0007 keep (a few dozen
rows each, whatever the number of vehicles and members); roles and staff users are small tables counted
directly."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.dashboard.totals import repository
from gavel.dashboard.totals.schemas import DashboardTotals
from gavel.guards import Principal
from gavel.members import counts as member_counts
from gavel.permissions import Module, Privilege
from gavel.users import repository as users
from gavel.users.schemas import UserCounts
from gavel.vehicles import counts as vehicle_counts


def _may_view(principal: Principal, module: Module) -> bool:
    role = principal.user.role
    return role is not None and role.is_active and role.allows(module.value, Privilege.VIEW)


async def _user_counts(session: AsyncSession) -> UserCounts:
    total, active, inactive = await users.counts(session)
    return UserCounts(total_users=total, active_users=active, inactive_users=inactive)


async def dashboard_totals(session: AsyncSession, principal: Principal) -> DashboardTotals:
    """The counts of SPEC.md section 3 for the modules the caller's role may view; null for the others."""
    return DashboardTotals(
        vehicles=await vehicle_counts.counts(session) if _may_view(principal, Module.VEHICLES) else None,
        members=await member_counts.counts(session) if _may_view(principal, Module.MEMBERS) else None,
        roles=await repository.role_totals(session) if _may_view(principal, Module.ROLES) else None,
        users=await _user_counts(session) if _may_view(principal, Module.USERS) else None,
    )
