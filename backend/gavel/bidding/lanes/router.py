"""The lanes' live routes (issue 25): the event's live page, and staff's pause and resume of a lane."""

from fastapi import APIRouter

from gavel.auctions.deps import CanUpdateStatus, CanView
from gavel.bidding.lanes import service
from gavel.bidding.lanes.schemas import LaneView, LiveLanes
from gavel.bidding.lanes.view import lane_view, live_lanes
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses

router = APIRouter(tags=["lanes"])

Errors = error_responses(403, 404, 409)


@router.get("/auction-events/{eventId}/live", response_model=LiveLanes, responses=Errors)
async def event_live(eventId: str, session: SessionDep, clock: ClockDep, _: CanView) -> LiveLanes:
    """Every lane of the event at once: the lot on the block, the next lots, bids per minute, watchers."""
    return await live_lanes(session, eventId, clock.now())


@router.post("/lanes/{laneId}/pause", response_model=LaneView, responses=Errors)
async def pause_lane(
    laneId: str, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> LaneView:
    """Pause the lane: its open lot's clock stops with the seconds it had left (Live and Online lanes)."""
    await service.pause_lane(session, laneId, clock, principal.actor)
    return await lane_view(session, laneId, clock.now())


@router.post("/lanes/{laneId}/resume", response_model=LaneView, responses=Errors)
async def resume_lane(
    laneId: str, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> LaneView:
    """Resume a paused lane: its open lot's clock runs again with the seconds it had left."""
    await service.resume_lane(session, laneId, clock, principal.actor)
    return await lane_view(session, laneId, clock.now())
