"""PUT /api/dev/clock: moves the app's clock, for the end-to-end tests (sale days, due dates) that must
not wait for real time to pass. Mounted only with GAVEL_MOVABLE_CLOCK=1, and even then only for a role that
may edit settings."""

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Request

from gavel.core.clock import ShiftedClock
from gavel.errors import Conflict, error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege
from gavel.schemas import ApiModel

router = APIRouter(prefix="/dev", tags=["dev"])

CanEditSettings = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]


class ClockSetting(ApiModel):
    now: datetime


@router.put("/clock", response_model=ClockSetting, responses=error_responses(403, 409, 422))
async def move_clock(body: ClockSetting, request: Request, _: CanEditSettings) -> ClockSetting:
    """Make the app's clock read `now` from this moment on."""
    clock = request.app.state.clock
    if not isinstance(clock, ShiftedClock):
        raise Conflict("This app runs on the real clock.")
    if body.now.tzinfo is None:
        raise Conflict("Give the time with its zone.")
    clock.move_to(body.now)
    wake = getattr(request.app.state, "clock_jobs_wake", None)
    if wake is not None:
        wake.set()  # late fees, overdue invoices and due campaigns as of the new time, without waiting
    return ClockSetting(now=clock.now())
