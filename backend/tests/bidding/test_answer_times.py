"""Every time live bidding answers is ISO in UTC ("…Z"), on either engine: a row just written keeps the zone
the clock gave it (Dubai in the tests) until it is read again, and when that happens differs between SQLite
and PostgreSQL (a locked read is refreshed on one, not on the other); so the answers' schemas put every
moment in UTC themselves (UtcTime)."""

import typing
from datetime import UTC, datetime, timedelta, timezone
from types import ModuleType

from pydantic import BaseModel

from gavel.bidding import schemas
from gavel.bidding.approval import schemas as approval_schemas
from gavel.bidding.increment_tables import schemas as table_schemas
from gavel.bidding.lanes import schemas as lane_schemas
from gavel.bidding.live import messages
from gavel.bidding.schemas import UtcTime

DUBAI = timezone(timedelta(hours=4))
MODULES: list[ModuleType] = [schemas, approval_schemas, table_schemas, lane_schemas, messages]


def _answers() -> list[type[BaseModel]]:
    return [
        value
        for module in MODULES
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, BaseModel) and value.__module__ == module.__name__
    ]


UTC_CHECK = typing.get_args(UtcTime)[1:]


def _plain_datetime(annotation: object) -> bool:
    """A datetime not wrapped as UtcTime (inside an Optional or a list too)."""
    if annotation is datetime:
        return True
    if typing.get_origin(annotation) is typing.Annotated:
        return typing.get_args(annotation)[1:] != UTC_CHECK and _plain_datetime(
            typing.get_args(annotation)[0]
        )
    return any(_plain_datetime(arg) for arg in typing.get_args(annotation))


def test_no_answer_of_live_bidding_carries_a_time_in_its_own_zone() -> None:
    found = [
        f"{model.__name__}.{name}"
        for model in _answers()
        for name, field in model.model_fields.items()
        if _plain_datetime(field.annotation) and list(field.metadata) != list(UTC_CHECK)
    ]
    assert len(_answers()) > 15
    assert found == [], "a datetime answered as it came: use UtcTime"


def test_a_moment_in_another_zone_or_without_one_is_answered_in_utc() -> None:
    class Moment(BaseModel):
        at: UtcTime
        until: UtcTime | None = None

    dubai = Moment(at=datetime(2031, 5, 1, 17, 0, 10, tzinfo=DUBAI), until=datetime(2031, 5, 1, 13, 0))
    assert dubai.model_dump(mode="json") == {"at": "2031-05-01T13:00:10Z", "until": "2031-05-01T13:00:00Z"}
    assert (
        Moment(at=datetime(2031, 5, 1, 13, 0, tzinfo=UTC)).model_dump(mode="json")["at"]
        == "2031-05-01T13:00:00Z"
    )


def test_the_live_feed_and_the_lanes_answer_in_utc() -> None:
    moment = datetime(2031, 5, 1, 17, 0, 10, 250000, tzinfo=DUBAI)
    assert '"serverTime":"2031-05-01T13:00:10.250000Z"' in messages.ready(moment)
    lanes = lane_schemas.LiveLanes(lanes=[], server_time=moment).model_dump(mode="json", by_alias=True)
    assert lanes["serverTime"] == "2031-05-01T13:00:10.250000Z"
