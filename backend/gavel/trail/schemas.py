"""The audit log on the wire: its filters (query parameters, so that a URL holds them) and its rows."""

from datetime import date, datetime
from typing import Any

from pydantic import Field, ValidationInfo, field_validator

from gavel.core.paging import MAX_LIMIT, SortOrder
from gavel.schemas import ApiModel, Day
from gavel.trail.modules import AuditEntity, AuditModule


class AuditFilters(ApiModel):
    """Who (staff user), which module, which action, which record, which Dubai days, and the search box."""

    search: str | None = Field(
        default=None,
        max_length=100,
        description="A lot number, VIN, invoice or payment number, or a member's or staff user's name",
    )
    actor_id: str | None = Field(default=None, max_length=32)
    module: AuditModule | None = None
    action: str | None = Field(default=None, max_length=60)
    entity: AuditEntity | None = None
    entity_id: str | None = Field(default=None, max_length=32)
    date_from: Day | None = None
    date_to: Day | None = None
    sort_order: SortOrder = SortOrder.DESC

    @field_validator("entity_id")
    @classmethod
    def _with_its_kind(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value and "entity" in info.data and info.data["entity"] is None:  # not when the entity was refused
            raise ValueError("Choose the kind of record (entity) with the record id.")
        return value

    @field_validator("date_to")
    @classmethod
    def _after_the_start(cls, value: date | None, info: ValidationInfo) -> date | None:
        start = info.data.get("date_from")
        if value and start and value < start:
            raise ValueError("The end date must be on or after the start date.")
        return value


class AuditQuery(AuditFilters):
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=MAX_LIMIT)

    @property
    def offset(self) -> int:
        return (self.page_no - 1) * self.limit


class AuditChange(ApiModel):
    """One field of the record, before and after (null where the change did not hold it)."""

    field: str
    old: Any = None
    new: Any = None


class AuditEventOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    created_at: datetime
    actor_id: str | None
    actor_name: str | None = Field(description="The staff user's name; null for the system or a deleted user")
    actor_email: str | None
    ip_address: str | None
    device: str | None
    action: str
    action_label: str
    summary: str = Field(description="The action in words: 'Approved member Omar Al Suwaidi'")
    module: AuditModule | None
    entity: str
    entity_id: str | None
    record_name: str | None
    changes: list[AuditChange]


class AuditEventList(ApiModel):
    data: list[AuditEventOut]
    total: int = Field(description="Matching events, counted up to `countLimit`")
    total_is_capped: bool = Field(description="More events match than were counted: narrow the filters")
    count_limit: int
    total_pages: int
    current_page: int


class AuditActionOption(ApiModel):
    value: str
    label: str


class AuditStaffOption(ApiModel):
    id: str = Field(serialization_alias="_id")
    full_name: str
    email: str
