"""The top bar's badges: how many members and vehicles wait for review."""

from fastapi import APIRouter

from gavel.auth.deps import CurrentPrincipal
from gavel.dashboard import repository
from gavel.dashboard.schemas import ReviewBadges
from gavel.db import SessionDep
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/dashboard", tags=["dashboard"])


@router.get("/review-badges", response_model=ReviewBadges)
async def review_badges(session: SessionDep, principal: CurrentPrincipal) -> ReviewBadges:
    """Pending members and vehicles waiting for review, for the modules the caller may view."""
    role = principal.user.role
    can_view = {
        m
        for m in (Module.MEMBERS, Module.VEHICLES)
        if role is not None and role.is_active and role.allows(m.value, Privilege.VIEW)
    }
    return ReviewBadges(
        members_pending=await repository.members_pending(session) if Module.MEMBERS in can_view else None,
        vehicles_review=await repository.vehicles_pending(session) if Module.VEHICLES in can_view else None,
    )
