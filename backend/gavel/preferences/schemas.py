"""The shapes of the preferences and saved views API (camelCase on the wire)."""

import re
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import Field, field_validator

from gavel.core.paging import SortOrder
from gavel.schemas import ApiModel

MAX_COLUMNS = 40
MAX_FILTERS = 20
NAME_LENGTH = 60
SEARCH_LENGTH = 200
FILTER_VALUE_LENGTH = 200
COLUMN_KEY = re.compile(r"[A-Za-z0-9_.-]{1,60}")
FILTER_KEY = re.compile(r"[A-Za-z0-9_]{1,40}")
SORT_KEY = re.compile(r"[A-Za-z0-9_.]{1,60}")


class Density(StrEnum):
    COMFORTABLE = "comfortable"
    COMPACT = "compact"


def _shown(value: str, limit: int = 60) -> str:
    return value if len(value) <= limit else f"{value[:limit]}…"


def check_columns(value: Any) -> Any:
    """The columns of a list, in the order shown: every rule answers at the field `columns`."""
    if not isinstance(value, list):
        raise ValueError('The columns are a list of {"key": ..., "visible": true or false}.')
    if len(value) > MAX_COLUMNS:
        raise ValueError(f"A list has at most {MAX_COLUMNS} columns; {len(value)} were sent.")
    seen: set[str] = set()
    for item in value:
        if not isinstance(item, dict) or set(item) != {"key", "visible"}:
            raise ValueError('Each column is {"key": ..., "visible": true or false}, and nothing else.')
        key, visible = item["key"], item["visible"]
        if not isinstance(key, str) or not COLUMN_KEY.fullmatch(key):
            raise ValueError("A column's key is 1 to 60 letters, digits, '_', '.' or '-'.")
        if not isinstance(visible, bool):
            raise ValueError(f"Column '{key}': visible is true or false.")
        if key in seen:
            raise ValueError(f"Column '{key}' is listed twice.")
        seen.add(key)
    if not any(item["visible"] for item in value):
        raise ValueError("Show at least one column.")
    return value


class ColumnSetting(ApiModel):
    key: str = Field(description="The column's key (1 to 60 of A-Z a-z 0-9 _ . -)")
    visible: bool


class DensityChange(ApiModel):
    density: Density

    @field_validator("density", mode="before")
    @classmethod
    def _density(cls, value: Any) -> Any:
        if not isinstance(value, str) or value not in {d.value for d in Density}:
            raise ValueError("Density is comfortable or compact.")
        return value


class ListColumns(ApiModel):
    columns: list[ColumnSetting]


class Preferences(ApiModel):
    density: Density = Field(description="comfortable unless the user chose compact")
    lists: dict[str, ListColumns] = Field(
        description="The columns of each list the user changed, by list key; the others have their default"
    )


class ColumnsChange(ApiModel):
    columns: list[ColumnSetting] = Field(
        description=f"In the order shown: at most {MAX_COLUMNS}, each key once, at least one visible"
    )

    @field_validator("columns", mode="before")
    @classmethod
    def _columns(cls, value: Any) -> Any:
        return check_columns(value)


class ListLayoutOut(ApiModel):
    list_key: str
    columns: list[ColumnSetting] = Field(description="Empty: the list's default columns")


class SavedViewFields(ApiModel):
    """What a view keeps: the same on create and change (a view never moves to another list)."""

    name: str = Field(description=f"1 to {NAME_LENGTH} characters, trimmed; one per owner and list, any case")
    shared: bool = False
    search: str = Field(default="", description=f"At most {SEARCH_LENGTH} characters")
    sort_by: str | None = Field(default=None, description="A column key (A-Z a-z 0-9 _ .), at most 60")
    sort_order: SortOrder | None = None
    filters: dict[str, str] = Field(
        default_factory=dict,
        description=f"At most {MAX_FILTERS}: keys 1 to 40 of A-Z a-z 0-9 _, values text of at most 200",
    )
    columns: list[ColumnSetting] | None = Field(
        default=None, description="null: the list's columns as they are"
    )

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> Any:
        if value is None:
            raise ValueError("Give the view a name.")
        if not isinstance(value, str):
            raise ValueError("The view's name is text.")
        value = value.strip()
        if not value:
            raise ValueError("Give the view a name.")
        if len(value) > NAME_LENGTH:
            raise ValueError(f"A view's name is at most {NAME_LENGTH} characters.")
        return value

    @field_validator("search", mode="before")
    @classmethod
    def _search(cls, value: Any) -> Any:
        if value is None:
            return ""
        if not isinstance(value, str):
            raise ValueError("The search is text.")
        value = value.strip()
        if len(value) > SEARCH_LENGTH:
            raise ValueError(f"The search is at most {SEARCH_LENGTH} characters.")
        return value

    @field_validator("sort_by", mode="before")
    @classmethod
    def _sort_by(cls, value: Any) -> Any:
        if value is None or value == "":
            return None
        if not isinstance(value, str) or not SORT_KEY.fullmatch(value):
            raise ValueError("Sort by a column's key: 1 to 60 letters, digits, '_' or '.'.")
        return value

    @field_validator("sort_order", mode="before")
    @classmethod
    def _sort_order(cls, value: Any) -> Any:
        if value is None or value == "":
            return None
        if not isinstance(value, str) or value not in {o.value for o in SortOrder}:
            raise ValueError("The sort order is asc or desc.")
        return value

    @field_validator("filters", mode="before")
    @classmethod
    def _filters(cls, value: Any) -> Any:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise ValueError('The filters are an object of {"filterKey": "value"}.')
        if len(value) > MAX_FILTERS:
            raise ValueError(f"A view keeps at most {MAX_FILTERS} filters; {len(value)} were sent.")
        for key, item in value.items():
            if not FILTER_KEY.fullmatch(key):
                raise ValueError(
                    f"The filter '{_shown(key)}' is not a filter's key: 1 to 40 letters, digits or '_'."
                )
            if not isinstance(item, str):
                raise ValueError(f"The filter '{key}' holds text (a number or a date is written as text).")
            if len(item) > FILTER_VALUE_LENGTH:
                raise ValueError(f"The filter '{key}' holds at most {FILTER_VALUE_LENGTH} characters.")
        return value

    @field_validator("columns", mode="before")
    @classmethod
    def _columns(cls, value: Any) -> Any:
        return None if value is None else check_columns(value)


class SavedViewCreate(SavedViewFields):
    list_key: str = Field(alias="list", description="The list's key (frontend ListKey)")


class SavedViewOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    list_key: str = Field(serialization_alias="list")
    name: str
    shared: bool
    mine: bool = Field(description="Saved by the caller: only they may change or delete it")
    owner_name: str
    search: str
    sort_by: str | None
    sort_order: SortOrder | None
    filters: dict[str, str]
    columns: list[ColumnSetting] | None
    created_at: datetime
    updated_at: datetime


class SavedViewList(ApiModel):
    items: list[SavedViewOut] = Field(description="The caller's views first, then by name (any case)")
