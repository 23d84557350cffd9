"""The events an auction's schedule makes: the first one, then one per day, week or month up to the
repeat-until day (a Dubai calendar day), each as long as the first."""

import calendar
from datetime import datetime, timedelta

from gavel.auctions.schemas import MAX_EVENTS, PlannedEvent, RepeatType, Schedule
from gavel.core.clock import DUBAI
from gavel.errors import Invalid


def _add_months(moment: datetime, months: int) -> datetime:
    """The same day and time `months` later in Dubai, on the month's last day when it is shorter."""
    local = moment.astimezone(DUBAI)
    month_index = local.month - 1 + months
    year, month = local.year + month_index // 12, month_index % 12 + 1
    day = min(local.day, calendar.monthrange(year, month)[1])
    return local.replace(year=year, month=month, day=day)


def _start(schedule: Schedule, n: int) -> datetime:
    first = schedule.start_date
    if schedule.repeat_type == RepeatType.DAILY:
        return first + timedelta(days=n)
    if schedule.repeat_type == RepeatType.WEEKLY:
        return first + timedelta(weeks=n)
    return _add_months(first, n)


def planned_events(schedule: Schedule) -> list[PlannedEvent]:
    """Every event of the schedule; more than 52 answers 422 saying how many it would make."""
    length = schedule.end_date - schedule.start_date
    first = PlannedEvent(start_date=schedule.start_date, end_date=schedule.end_date)
    if schedule.repeat_type == RepeatType.NONE:
        return [first]
    if schedule.repeat_until is None:  # left out altogether (an explicit null is refused by the schema)
        raise Invalid.field("repeatUntil", "Choose the day the auction repeats until.")
    events = [first]
    n = 1
    while True:
        start = _start(schedule, n)
        if start.astimezone(DUBAI).date() > schedule.repeat_until:
            break
        events.append(PlannedEvent(start_date=start, end_date=start + length))
        n += 1
        if len(events) > MAX_EVENTS:
            break
    if len(events) > MAX_EVENTS:
        total = _count(schedule)
        raise Invalid.field(
            "repeatUntil",
            f"An auction has at most {MAX_EVENTS} events; this schedule would make {total}. "
            "Choose an earlier repeat-until day.",
        )
    return events


def _count(schedule: Schedule) -> int:
    """How many events the schedule would make without the limit."""
    assert schedule.repeat_until is not None
    first = schedule.start_date.astimezone(DUBAI)
    days = (schedule.repeat_until - first.date()).days
    if schedule.repeat_type == RepeatType.DAILY:
        return days + 1
    if schedule.repeat_type == RepeatType.WEEKLY:
        return days // 7 + 1
    months = (schedule.repeat_until.year - first.year) * 12 + schedule.repeat_until.month - first.month
    return months + (1 if _add_months(first, months).date() <= schedule.repeat_until else 0)
