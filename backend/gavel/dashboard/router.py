"""The dashboard: what needs doing today and the totals (GET /api/dashboard/summary), and the top bar's
badges of what waits for review."""

from fastapi import APIRouter

from gavel.core.clock import ClockDep
from gavel.dashboard.schemas import DashboardSummary, ReviewBadges
from gavel.dashboard.service import dashboard_service
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import CurrentPrincipal

router = APIRouter(prefix="/dashboard", tags=["dashboard"])


@router.get("/review-badges", response_model=ReviewBadges, responses=error_responses(401))
async def review_badges(session: SessionDep, principal: CurrentPrincipal) -> ReviewBadges:
    """Pending members and vehicles waiting for review, for the modules the caller may view."""
    return await dashboard_service.review_badges(session, principal)


@router.get("/summary", response_model=DashboardSummary, responses=error_responses(401))
async def summary(session: SessionDep, clock: ClockDep, principal: CurrentPrincipal) -> DashboardSummary:
    """Today's figures and the totals, each null for a module the caller's role may not view."""
    return await dashboard_service.summary(session, principal, clock.now())
