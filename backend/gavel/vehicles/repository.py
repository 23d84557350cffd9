"""Every query of the vehicles module."""

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import Date, Select, bindparam, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from gavel.core.json_rows import json_rows
from gavel.core.paging import SortOrder, count_of, like_pattern
from gavel.members.models import Member
from gavel.vehicles import counts as vehicle_counts
from gavel.vehicles.models import Vehicle, VehicleImage
from gavel.vehicles.schemas import MemberSummary, VehicleCounts, VehicleOut, VehicleQuery
from gavel.vehicles.stages import GATE_PASS_ISSUED, in_yard_sold_by, stage_condition

SORTABLE = {
    "createdAt": Vehicle.created_at,
    "vehicleLotNumber": Vehicle.vehicle_lot_number,
    "year": Vehicle.year,
    "make": Vehicle.make,
    "model": Vehicle.model,
    "mileage": Vehicle.mileage,
    "openingPrice": Vehicle.opening_price,
    "soldFor": Vehicle.sold_for,
}


async def by_id(session: AsyncSession, vehicle_id: str) -> Vehicle | None:
    return await session.get(Vehicle, vehicle_id)


async def by_ids(session: AsyncSession, ids: Iterable[str]) -> list[Vehicle]:
    return list((await session.scalars(select(Vehicle).where(Vehicle.id.in_(list(ids))))).unique().all())


async def by_vin(session: AsyncSession, vin: str) -> Vehicle | None:
    return (await session.scalars(select(Vehicle).where(Vehicle.vin_number == vin))).unique().first()


# A list's statements are built once per shape (which filters are given, which sort) with the values bound
# at execution: building the page's statement and its cache key anew took half a millisecond of each request
# (issue 16). Shapes are few: the filters a screen offers, in their combinations.
Shape = tuple[Any, ...]
Values = dict[str, Any]
# Filters of one value each, compared with a column: the query's field, the column and how they compare.
_COMPARED: dict[str, tuple[Any, Callable[[Any, Any], Any]]] = {
    "make": (Vehicle.make, operator.eq),
    "model": (Vehicle.model, operator.eq),
    "seller": (Vehicle.member_id, operator.eq),
    "fuel_type": (Vehicle.fuel_type, operator.eq),
    "body_style": (Vehicle.body_style, operator.eq),
    "transmission": (Vehicle.transmission, operator.eq),
    "year_from": (Vehicle.year, operator.ge),
    "year_to": (Vehicle.year, operator.le),
    "price_from": (Vehicle.opening_price, operator.ge),
    "price_to": (Vehicle.opening_price, operator.le),
}
_FLAGS = {"is_paid": Vehicle.is_paid, "is_released": Vehicle.is_released, "is_returned": Vehicle.is_returned}


def filter_of(query: VehicleQuery, *, unassigned_approved: bool = False) -> tuple[Shape, Values]:
    """The list's filters as a shape (which conditions, and the choices that change their form) and values."""
    shape: list[Any] = ["unassigned_approved" if unassigned_approved else "status"]
    values: Values = {} if unassigned_approved else {"status": query.status.value}
    if query.search_term:
        shape.append("search")
        values["search"] = like_pattern(query.search_term)
    for name in _COMPARED:
        value = getattr(query, name)
        if value is not None and value != "":
            shape.append(name)
            values[name] = value if name.startswith(("year", "price")) else str(value)
    for name in ("assigned", *_FLAGS, "stage", "gate_pass_issued"):
        if (choice := getattr(query, name)) is not None:
            shape.append((name, choice))
    if query.in_yard_sold_by is not None:
        shape.append("in_yard_sold_by")
        values["in_yard_sold_by"] = query.in_yard_sold_by
    return tuple(shape), values


def filtered(query: VehicleQuery, *, unassigned_approved: bool = False) -> Select[Any]:
    """select(Vehicle) filtered as the list is, its values in the statement (for other modules' queries)."""
    shape, values = filter_of(query, unassigned_approved=unassigned_approved)
    return filtered_by_shape(shape).params(values)


@lru_cache(maxsize=256)
def filtered_by_shape(shape: Shape) -> Select[Any]:
    """select(Vehicle) with the shape's conditions, each value a bound parameter named as in filter_of."""
    stmt = select(Vehicle)
    for part in shape:
        name, choice = part if isinstance(part, tuple) else (part, None)
        if name == "unassigned_approved":
            stmt = stmt.where(Vehicle.status == "approved", Vehicle.event_id.is_(None))
        elif name == "status":
            stmt = stmt.where(Vehicle.status == bindparam("status"))
        elif name == "search":
            stmt = stmt.where(Vehicle.search_text.like(bindparam("search"), escape="\\"))
        elif name in _COMPARED:
            column, compare = _COMPARED[name]
            stmt = stmt.where(compare(column, bindparam(name)))
        elif name == "assigned":
            stmt = stmt.where(Vehicle.event_id.is_not(None) if choice else Vehicle.event_id.is_(None))
        elif name in _FLAGS:
            stmt = stmt.where(_FLAGS[name].is_(choice))
        elif name == "stage":
            stmt = stmt.where(stage_condition(Vehicle.is_received, Vehicle.is_inspection, choice))
        elif name == "gate_pass_issued":
            issued = Vehicle.gate_pass_status.in_(GATE_PASS_ISSUED)
            stmt = stmt.where(issued if choice else ~issued)
        elif name == "in_yard_sold_by":
            stmt = stmt.where(in_yard_sold_by(bindparam(name, type_=Date())))
    return stmt


# A list page reads rows, not entities: 20 vehicles with their seller's and buyer's summaries and their
# images, loaded as ORM objects (identity map, joined and selectin loads) and validated from attributes, were
# a third of the list request's Python time (issue 16, bench/python_time.py). The columns are the answer's.
_SELLER = aliased(Member, name="seller")
_BUYER = aliased(Member, name="buyer")
LIST_FIELDS = tuple(n for n in VehicleOut.model_fields if n not in VehicleOut.NESTED)
SUMMARY_FIELDS = tuple(MemberSummary.model_fields)
_LIST_COLUMNS = (
    *(getattr(Vehicle, name) for name in LIST_FIELDS),
    *(getattr(_SELLER, name) for name in SUMMARY_FIELDS),
    *(getattr(_BUYER, name) for name in SUMMARY_FIELDS),
)


@dataclass
class ListRow:
    """One vehicle of a list page: its own fields by name, its seller's and buyer's summaries, its images."""

    fields: dict[str, Any]
    seller: dict[str, Any]
    buyer: dict[str, Any] | None
    images: list[tuple[str, str]]


async def page(
    session: AsyncSession,
    query: VehicleQuery,
    count_rows: vehicle_counts.CountRows,
    *,
    unassigned_approved: bool = False,
) -> tuple[list[ListRow], int]:
    """A page of the list and how many vehicles match (from the count rows when its filters allow)."""
    shape, values = filter_of(query, unassigned_approved=unassigned_approved)
    if vehicle_counts.answers_total(query):
        total = vehicle_counts.list_total(count_rows, query, unassigned_approved=unassigned_approved)
    else:
        total = await count_of(session, filtered_by_shape(shape).with_only_columns(Vehicle.id), values)
    ascending = query.sort_order == SortOrder.ASC
    page_values = {**values, "page_offset": query.offset, "page_limit": query.limit}
    result = await session.execute(_page_statement(shape, query.sort_by or "", ascending), page_values)
    n, m = len(LIST_FIELDS), len(SUMMARY_FIELDS)
    rows = [
        ListRow(
            fields=dict(zip(LIST_FIELDS, row[:n], strict=True)),
            seller=dict(zip(SUMMARY_FIELDS, row[n : n + m], strict=True)),
            buyer=dict(zip(SUMMARY_FIELDS, row[n + m : n + 2 * m], strict=True))
            if row[n + m] is not None
            else None,
            images=_images_of(row[-1]),
        )
        for row in result
    ]
    return rows, total


def _images_of(images: list[list[Any]] | None) -> list[tuple[str, str]]:
    """A vehicle's images from their JSON rows [position, url, thumbnail url], in their order."""
    return [(url, thumbnail) for _, url, thumbnail in sorted(images or [], key=lambda image: image[0])]


# Each vehicle's images, in the page's own statement (one round trip less than a query of their own).
_IMAGES = (
    select(json_rows(VehicleImage.position, VehicleImage.url, VehicleImage.thumbnail_url))
    .where(VehicleImage.vehicle_id == Vehicle.id)
    .correlate(Vehicle)
    .scalar_subquery()
)


@lru_cache(maxsize=256)
def _page_statement(shape: Shape, sort_by: str, ascending: bool) -> Select[Any]:
    column = SORTABLE.get(sort_by, Vehicle.created_at)
    ordering = (column.asc(), Vehicle.id.asc()) if ascending else (column.desc(), Vehicle.id.desc())
    # The page's ids first, from an index on (status, sort column, id) alone; only those rows are then read
    # with their seller, buyer and images. Otherwise a deep page reads every skipped vehicle from the table.
    keys = (
        filtered_by_shape(shape)
        .with_only_columns(Vehicle.id)
        .order_by(*ordering)
        .offset(bindparam("page_offset"))
        .limit(bindparam("page_limit"))
        .subquery("page_keys")
    )
    return (
        select(*_LIST_COLUMNS, _IMAGES)
        .select_from(Vehicle)
        .join(keys, Vehicle.id == keys.c.id)
        .join(_SELLER, _SELLER.id == Vehicle.member_id)
        .outerjoin(_BUYER, _BUYER.id == Vehicle.buyer_member_id)
        .order_by(*ordering)
    )


async def all_matching(session: AsyncSession, query: VehicleQuery, limit: int) -> list[Vehicle]:
    shape, values = filter_of(query)
    stmt = filtered_by_shape(shape).order_by(Vehicle.created_at.desc(), Vehicle.id.desc()).limit(limit)
    rows = await session.scalars(stmt, values)
    return list(rows.unique().all())


async def counts(session: AsyncSession) -> VehicleCounts:
    """Every count of the vehicle lists (gavel.vehicles.counts: a table kept by triggers)."""
    return await vehicle_counts.counts(session)


async def count_rows(session: AsyncSession) -> vehicle_counts.CountRows:
    return await vehicle_counts.count_rows(session)


def counts_of(rows: vehicle_counts.CountRows) -> VehicleCounts:
    return vehicle_counts.counts_of(rows)


async def reread(session: AsyncSession, vehicle: Vehicle) -> Vehicle | None:
    """The vehicle as the database has it now (None when it was deleted meanwhile)."""
    return await session.get(Vehicle, vehicle.id, populate_existing=True)


async def claim_status(session: AsyncSession, vehicle_id: str, current: str, wanted: str) -> bool:
    """Move the vehicle from the status it was read with to the wanted one, unless another request changed it
    in between (then nothing is written and the answer is False). The row lock of the UPDATE makes a second,
    identical request wait for the first and then find nothing to do, on PostgreSQL and on SQLite."""
    result = await session.execute(
        update(Vehicle)
        .where(Vehicle.id == vehicle_id, Vehicle.status == current)
        .values(status=wanted)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0) == 1


async def seller_status_counts(session: AsyncSession, member_id: str) -> dict[str, int]:
    """The member's vehicles as seller per status, from one grouped query (index ix_vehicle_member_id)."""
    rows = await session.execute(
        select(Vehicle.status, func.count()).where(Vehicle.member_id == member_id).group_by(Vehicle.status)
    )
    return {status: int(number) for status, number in rows}
