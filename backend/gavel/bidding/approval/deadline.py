"""When a seller's answer is due: a Dubai time of day (Settings, Business: `approvalDeadlineTime`, 17:00 by
default) on the next working day after the lot closed. The UAE's working week runs Monday to Friday: a lot
closed on a Friday, Saturday or Sunday waits until Monday. Public holidays are not known to Gavel."""

from datetime import UTC, date, datetime, time, timedelta

from gavel.core.clock import DUBAI, dubai_date

DEFAULT_TIME = "17:00"
WEEKEND = (5, 6)  # Saturday, Sunday (date.weekday())


def next_working_day(day: date) -> date:
    """The first Monday-to-Friday day after `day`."""
    following = day + timedelta(days=1)
    while following.weekday() in WEEKEND:
        following += timedelta(days=1)
    return following


def time_of_day(text: str | None) -> time:
    """'HH:MM' as a time (the settings' validator keeps it well formed); the default for anything else."""
    hours, _, minutes = (text or DEFAULT_TIME).partition(":")
    try:
        return time(int(hours), int(minutes))
    except ValueError:
        return time(17, 0)


def deadline_after(closed_at: datetime, at_time: str | None) -> datetime:
    """The moment (in UTC) by which the seller answers a lot closed at `closed_at`."""
    local = datetime.combine(next_working_day(dubai_date(closed_at)), time_of_day(at_time), tzinfo=DUBAI)
    return local.astimezone(UTC)
