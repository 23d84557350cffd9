"""The throttles' counted attempts are deleted by the clock jobs once past every window (kept 2 hours; the
longest window is an hour), so that a row per bid of the bidders' pace does not pile up."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auth.models import AuthAttempt
from gavel.auth.throttle import LOGIN, RESET_REQUEST, TWO_STEP, VERIFY
from gavel.bidders.service import REQUESTS, WRONG_CODES
from gavel.core.clock import ShiftedClock
from gavel.jobs.clock_jobs import ATTEMPTS_KEPT, run_once

NOW = datetime(2031, 5, 1, 12, 0, tzinfo=UTC)


async def test_attempts_past_every_window_are_deleted(db: async_sessionmaker[AsyncSession]) -> None:
    async with db() as session:
        for age in (ATTEMPTS_KEPT + timedelta(seconds=1), ATTEMPTS_KEPT - timedelta(seconds=1), timedelta(0)):
            session.add(AuthAttempt(kind="bidder_bid", key=f"m-{age}", created_at=NOW - age))
        await session.commit()
    clock = ShiftedClock()
    clock.move_to(NOW)

    await run_once(db, clock)

    async with db() as session:
        kept = sorted((await session.execute(select(AuthAttempt.created_at))).scalars())
    assert kept == [NOW - ATTEMPTS_KEPT + timedelta(seconds=1), NOW]
    limits = (LOGIN, VERIFY, TWO_STEP, RESET_REQUEST, REQUESTS, WRONG_CODES)
    windows = [limit.window_seconds for limit in limits]
    assert timedelta(seconds=max(windows)) < ATTEMPTS_KEPT  # kept past the longest throttle window
