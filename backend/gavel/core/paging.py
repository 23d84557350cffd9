"""List requests: page, size, search and sort, the same for every list of the API."""

from enum import StrEnum
from typing import Any

from pydantic import Field
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.schemas import ApiModel

MAX_LIMIT = 100


class SortOrder(StrEnum):
    ASC = "asc"
    DESC = "desc"


class PageQuery(ApiModel):
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=MAX_LIMIT)
    search: str | None = Field(default=None, max_length=200)
    sort_by: str | None = None
    sort_order: SortOrder = SortOrder.DESC

    @property
    def offset(self) -> int:
        return (self.page_no - 1) * self.limit

    @property
    def search_term(self) -> str | None:
        term = (self.search or "").strip()
        return term or None


def total_pages(total: int, limit: int) -> int:
    return max(1, -(-total // limit))


def like_pattern(term: str) -> str:
    """A case-insensitive LIKE pattern that treats % and _ in the term as plain characters."""
    escaped = term.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


async def count_of(session: AsyncSession, query: Select[Any], values: dict[str, Any] | None = None) -> int:
    """How many rows the query reads (`values`: its bound parameters, when it was built with bindparam)."""
    counted = select(func.count()).select_from(query.order_by(None).subquery())
    return int(await session.scalar(counted, values) or 0)


async def paginate(
    session: AsyncSession,
    stmt: Select[Any],
    *,
    sort_column: Any,
    id_column: Any,
    sort_order: SortOrder,
    offset: int,
    limit: int,
) -> tuple[list[Any], int]:
    """One page of a filtered query in a stable order (the id breaks ties), and how many rows match."""
    total = await count_of(session, stmt.with_only_columns(id_column))
    if sort_order == SortOrder.ASC:
        ordering = (sort_column.asc(), id_column.asc())
    else:
        ordering = (sort_column.desc(), id_column.desc())
    rows = await session.scalars(stmt.order_by(*ordering).offset(offset).limit(limit))
    return list(rows.unique().all()), total
