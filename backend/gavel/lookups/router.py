"""Lookups: the names a screen needs for its labels and pickers, allowed by the privilege of the screen's own
module (docs/decisions.md), so that a screen never shows an id where a name belongs."""

from typing import Annotated

from fastapi import APIRouter

from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require_any
from gavel.lookups import repository
from gavel.lookups.schemas import LocationName, PlanName, RoleName, StaffName
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/lookups", tags=["lookups"])

Errors = error_responses(403)
CanSeePlans = Annotated[
    Principal,
    require_any(
        (Module.MEMBERS, Privilege.VIEW),
        (Module.SETTINGS, Privilege.VIEW),
        (Module.ALERTS, Privilege.VIEW),  # a campaign's audience filter
    ),
]
CanSeeRoles = Annotated[
    Principal,
    require_any(
        (Module.USERS, Privilege.ADD),
        (Module.USERS, Privilege.EDIT),
        (Module.USERS, Privilege.VIEW),
        (Module.ROLES, Privilege.VIEW),
    ),
]
CanSeeStaff = Annotated[
    Principal, require_any((Module.SETTINGS, Privilege.VIEW), (Module.USERS, Privilege.VIEW))
]

CanSeeLocations = Annotated[
    Principal,
    require_any(
        (Module.AUCTIONS, Privilege.VIEW),
        (Module.AUCTIONS, Privilege.ADD),
        (Module.CALENDER, Privilege.VIEW),
        (Module.SETTINGS, Privilege.VIEW),
    ),
]


@router.get("/plans", response_model=list[PlanName], responses=Errors)
async def plan_names(session: SessionDep, _: CanSeePlans) -> list[PlanName]:
    """Every security plan's name (and buying power), by name: the member screens' plan filter and picker."""
    return [PlanName.model_validate(plan) for plan in await repository.plans(session)]


@router.get("/roles", response_model=list[RoleName], responses=Errors)
async def role_names(session: SessionDep, _: CanSeeRoles) -> list[RoleName]:
    """Every role's name, switch and privileges, by name: the user form's role picker and the role filter."""
    return [RoleName.model_validate(role) for role in await repository.roles(session)]


@router.get("/staff", response_model=list[StaffName], responses=Errors)
async def staff_names(session: SessionDep, _: CanSeeStaff) -> list[StaffName]:
    """Active staff users' names and emails, by name: the location form's general manager picker."""
    return [StaffName.model_validate(user) for user in await repository.active_staff(session)]


@router.get("/locations", response_model=list[LocationName], responses=Errors)
async def location_names(session: SessionDep, _: CanSeeLocations) -> list[LocationName]:
    """Every yard's title, city and status, by title: the auction form's yard picker and the yard filters."""
    return [LocationName.model_validate(location) for location in await repository.locations(session)]
