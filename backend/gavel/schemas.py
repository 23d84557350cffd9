"""Base schema: camelCase on the wire, snake_case in Python; the bounded days and times of requests."""

from datetime import date, datetime
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2100, 12, 31)


class ApiModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


class MessageResponse(ApiModel):
    message: str


def _within_business_days(value: date) -> date:
    if not FIRST_DAY <= value <= LAST_DAY:
        raise ValueError("Enter a day from 01/01/2000 to 31/12/2100.")
    return value


# A day a request filters or plans by (Dubai days of lists, statements, schedules). Bounded so that the day
# after it and its start in UTC always exist: 9999-12-31 or 0001-01-01 answer 422 at the field, never a 500.
Day = Annotated[date, AfterValidator(_within_business_days)]


def _within_business_time(value: datetime) -> datetime:
    if not FIRST_DAY <= value.date() <= LAST_DAY:  # its own day: a zone then moves it by hours, never out
        raise ValueError("Enter a date and time from 01/01/2000 to 31/12/2100.")
    return value


# A date-time a request carries (when money moved, when an event runs), bounded as a Day.
Moment = Annotated[datetime, AfterValidator(_within_business_time)]
