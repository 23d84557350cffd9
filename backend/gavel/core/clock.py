"""The one clock of the app: every rule that depends on the time asks it, so tests move it instead of
sleeping.

The app keeps its clock on `app.state.clock`; handlers receive it with `ClockDep` and hand `clock.now()` to
the services, or the clock itself where the service reads the time later (a lot's moves, timed under the
lot's lock: `bidding.move_time`). The business runs on Asia/Dubai time: sale days, due dates and date
filters are Dubai calendar days.
"""

from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Protocol
from zoneinfo import ZoneInfo

from fastapi import Depends, Request

DUBAI = ZoneInfo("Asia/Dubai")


class Clock(Protocol):
    def now(self) -> datetime: ...


class SystemClock:
    """The real time, in UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class ShiftedClock:
    """The real time moved by an offset that can change while the app runs (tests and the e2e backend)."""

    def __init__(self, offset: timedelta = timedelta(0)) -> None:
        self.offset = offset

    def now(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def move_to(self, moment: datetime) -> None:
        self.offset = moment - datetime.now(UTC)


def day_start(day: date) -> datetime:
    """The first moment of a Dubai calendar day."""
    return datetime.combine(day, time.min, tzinfo=DUBAI)


def dubai_date(moment: datetime) -> date:
    """The calendar day in Dubai at a moment."""
    return moment.astimezone(DUBAI).date()


async def clock_of(request: Request) -> Clock:
    clock: Clock = request.app.state.clock
    return clock


ClockDep = Annotated[Clock, Depends(clock_of)]
