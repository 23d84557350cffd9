"""Base schema: camelCase on the wire, snake_case in Python; the bounded days and times of requests."""

from datetime import date, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationInfo, model_validator
from pydantic.alias_generators import to_camel

from gavel.i18n import translate

FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2100, 12, 31)


def nul_path(value: Any, path: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """Where the first text holding a NUL character (0x00) is in a request's data (keys, then the path of
    lists' positions), or None."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and "\x00" in key:
                return path
            if (found := nul_path(item, (*path, str(key)))) is not None:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            if (found := nul_path(item, (*path, str(index)))) is not None:
                return found
    return None


_CONTAINERS = (dict, list, tuple)  # a tuple: an `X | Y` union would be built again at each call


def _has_nul(value: Any) -> bool:
    if type(value) is str:
        return "\x00" in value
    if isinstance(value, dict):
        for key, item in value.items():
            if (type(item) is str and "\x00" in item) or (type(key) is str and "\x00" in key):
                return True
            if isinstance(item, _CONTAINERS) and _has_nul(item):
                return True
        return False
    if isinstance(value, (list, tuple)):
        for item in value:
            if (type(item) is str and "\x00" in item) or (type(item) is not str and _has_nul(item)):
                return True
    return False


def refuse_nul(data: Any) -> Any:
    """The request's data, when no text in it holds a NUL character: PostgreSQL cannot store one (its text
    types refuse 0x00), so such a request answers 422 with a sentence instead of a 500 from the database, on
    both engines. Only data that arrives as a dict (a request's JSON) is read, never a model built from a row.
    """
    if isinstance(data, dict) and _has_nul(data):
        where = ".".join(nul_path(data) or ()) or "the request"
        raise ValueError(f"Remove the NUL character (\\0) from {where}: text cannot contain it.")
    return data


# The validation context of answers built from our own rows (a list page validated in one call): they hold
# no request text, so the NUL check, which walks every dict it is given, is skipped; every other rule applies.
FROM_DATABASE: dict[str, Any] = {"from_database": True}


class ApiModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any, info: ValidationInfo) -> Any:
        if info.context is not None and info.context.get("from_database"):
            return data
        return refuse_nul(data)


# A sentence of an answer, in the request's language (gavel/i18n): its Arabic when the staff user reads
# Arabic and the catalogue has it, else the English as it is. `message: Sentence` in an answer's model.
def _in_language(sentence: str) -> str:
    return translate(sentence)


Sentence = Annotated[str, AfterValidator(_in_language)]


class MessageResponse(ApiModel):
    """A sentence that answers a request which returns nothing else."""

    message: Sentence


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
