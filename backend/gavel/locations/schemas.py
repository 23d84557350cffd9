"""Locations travel with SPEC.md's snake_case field names (paging and timestamps stay camelCase)."""

import re
from datetime import datetime, time
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from gavel.core.paging import PageQuery
from gavel.core.validation import normalise_phone
from gavel.locations.geography import UAE
from gavel.schemas import ApiModel, Sentence, refuse_nul

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


class LocationStatus(StrEnum):
    ACTIVE = "active"
    INACTIVE = "inActive"


class SnakeModel(BaseModel):
    model_config = ConfigDict(from_attributes=True, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        return refuse_nul(data)


class OpeningHours(SnakeModel):
    day: str = Field(description="monday to sunday")
    open: str | None = Field(default=None, description="HH:MM, 24-hour")
    close: str | None = Field(default=None, description="HH:MM, 24-hour")
    closed: bool = False

    @field_validator("day")
    @classmethod
    def _day(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in WEEKDAYS:
            raise ValueError("The day must be one of monday to sunday.")
        return value

    @field_validator("open", "close")
    @classmethod
    def _clock(cls, value: str | None) -> str | None:
        if value in (None, ""):
            return None
        if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", value.strip()):
            raise ValueError("Enter the time as HH:MM, for example 08:30.")
        return value.strip()

    @model_validator(mode="after")
    def _closed_has_no_times(self) -> "OpeningHours":
        if self.closed:
            self.open = self.close = None
        return self

    def times(self) -> tuple[time | None, time | None]:
        def parse(v: str | None) -> time | None:
            return time.fromisoformat(v) if v else None

        return parse(self.open), parse(self.close)


class LocationFields(SnakeModel):
    title: str = Field(max_length=120)
    physical_address: str = Field(max_length=300)
    mailing_address: str | None = Field(default=None, max_length=300)
    phone_number: str = Field(max_length=30)
    fax_number: str | None = Field(default=None, max_length=20, description="Shown as PO BOX")
    general_manager: str | None = Field(default=None, max_length=32, description="A staff user's _id")
    country: str = UAE
    state: str
    city: str
    schedule: list[OpeningHours] = Field(default_factory=list, max_length=7)

    @field_validator(
        "title", "physical_address", "mailing_address", "country", "state", "city", mode="before"
    )
    @classmethod
    def _squash(cls, value: Any) -> Any:
        return " ".join(value.split()) if isinstance(value, str) else value

    @field_validator("title")
    @classmethod
    def _title(cls, value: str) -> str:
        if len(value) < 2:
            raise ValueError("Enter a title of at least 2 characters.")
        return value

    @field_validator("physical_address")
    @classmethod
    def _address(cls, value: str) -> str:
        if len(value) < 5:
            raise ValueError("Enter the physical address (at least 5 characters).")
        return value

    @field_validator("mailing_address", "general_manager", mode="after")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value or None

    @field_validator("phone_number")
    @classmethod
    def _phone(cls, value: str) -> str:
        return normalise_phone(value)

    @field_validator("fax_number")
    @classmethod
    def _po_box(cls, value: str | None) -> str | None:
        value = (value or "").strip()
        if not value:
            return None
        if not re.fullmatch(r"\d{1,7}", value):
            raise ValueError("Enter the PO Box number (digits only, up to 7).")
        return value


class LocationCreate(LocationFields):
    status: LocationStatus = LocationStatus.ACTIVE


class LocationUpdate(LocationFields):
    pass


class ManagerOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    full_name: str
    email: str
    phone: str | None


class LocationOut(SnakeModel):
    id: str = Field(serialization_alias="_id")
    title: str
    status: str
    physical_address: str
    mailing_address: str | None
    phone_number: str
    fax_number: str | None
    general_manager: ManagerOut | None
    country: str
    state: str
    city: str
    schedule: list[OpeningHours]
    created_at: datetime = Field(serialization_alias="createdAt")
    updated_at: datetime = Field(serialization_alias="updatedAt")


class LocationQuery(PageQuery):
    status: LocationStatus | None = None


class LocationCounts(ApiModel):
    total_locations: int
    active_locations: int
    in_active_locations: int = Field(serialization_alias="inActiveLocations")


class LocationList(LocationCounts):
    locations: list[LocationOut]
    total_pages: int
    current_page: int
    total_matching: int = Field(description="How many records match the search and filters")


class LocationStatusChange(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)
    status: LocationStatus


class LocationIds(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)


class LocationCountsMessage(LocationCounts):
    message: Sentence


class Geography(ApiModel):
    countries: dict[str, dict[str, list[str]]]
    default_country: str
