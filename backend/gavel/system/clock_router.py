"""PUT /api/dev/clock: moves the app's clock, for the end-to-end tests (sale days, due dates) that must
not wait for real time to pass. Mounted only with GAVEL_MOVABLE_CLOCK=1, and even then only for a role that
may edit settings."""

import logging
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Request

from gavel.core.clock import ShiftedClock
from gavel.core.clock_ticks import Ticks
from gavel.db import SessionDep
from gavel.errors import Conflict, error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege
from gavel.schemas import ApiModel

log = logging.getLogger("gavel.clock")
router = APIRouter(prefix="/dev", tags=["dev"])

JOBS_WAIT_SECONDS = 20  # under the e2e helpers' request timeout

CanEditSettings = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]


class ClockSetting(ApiModel):
    now: datetime


@router.put("/clock", response_model=ClockSetting, responses=error_responses(403, 409, 422))
async def move_clock(
    body: ClockSetting, request: Request, session: SessionDep, _: CanEditSettings
) -> ClockSetting:
    """Make the app's clock read `now` from this moment on."""
    clock = request.app.state.clock
    if not isinstance(clock, ShiftedClock):
        raise Conflict("This app runs on the real clock.")
    if body.now.tzinfo is None:
        raise Conflict("Give the time with its zone.")
    clock.move_to(body.now)
    ticks: Ticks | None = getattr(request.app.state, "clock_ticks", None)
    if ticks is not None:
        # The request's own transaction (its sign-in check) ends first: on SQLite it holds the write lock
        # that the jobs wait for.
        await session.commit()
        # Late fees, overdue invoices and due campaigns as of the new time, before the answer: the caller
        # reads the state it moved to. A run longer than the wait ends on its own; the move is made anyway.
        if not await ticks.run_now(JOBS_WAIT_SECONDS):
            log.warning("the clock jobs did not run within %s s of the dev clock's move", JOBS_WAIT_SECONDS)
    return ClockSetting(now=clock.now())
