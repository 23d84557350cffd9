"""Every query of the vehicles module."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

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


def filtered(query: VehicleQuery, *, unassigned_approved: bool = False) -> Select[Any]:
    stmt = select(Vehicle)
    if unassigned_approved:
        stmt = stmt.where(Vehicle.status == "approved", Vehicle.event_id.is_(None))
    else:
        stmt = stmt.where(Vehicle.status == query.status.value)
    if query.search_term:
        stmt = stmt.where(Vehicle.search_text.like(like_pattern(query.search_term), escape="\\"))
    equal: list[tuple[Any, str | None]] = [
        (Vehicle.make, query.make),
        (Vehicle.model, query.model),
        (Vehicle.member_id, query.seller),
        (Vehicle.fuel_type, query.fuel_type),
        (Vehicle.body_style, query.body_style),
        (Vehicle.transmission, query.transmission),
    ]
    for column, value in equal:
        if value:
            stmt = stmt.where(column == str(value))
    if query.year_from is not None:
        stmt = stmt.where(Vehicle.year >= query.year_from)
    if query.year_to is not None:
        stmt = stmt.where(Vehicle.year <= query.year_to)
    if query.price_from is not None:
        stmt = stmt.where(Vehicle.opening_price >= query.price_from)
    if query.price_to is not None:
        stmt = stmt.where(Vehicle.opening_price <= query.price_to)
    if query.assigned is not None:
        stmt = stmt.where(Vehicle.event_id.is_not(None) if query.assigned else Vehicle.event_id.is_(None))
    flags: list[tuple[Any, bool | None]] = [
        (Vehicle.is_paid, query.is_paid),
        (Vehicle.is_released, query.is_released),
        (Vehicle.is_returned, query.is_returned),
    ]
    for column, flag in flags:
        if flag is not None:
            stmt = stmt.where(column.is_(flag))
    if query.stage is not None:
        stmt = stmt.where(stage_condition(Vehicle.is_received, Vehicle.is_inspection, query.stage))
    if query.gate_pass_issued is not None:
        issued = Vehicle.gate_pass_status.in_(GATE_PASS_ISSUED)
        stmt = stmt.where(issued if query.gate_pass_issued else ~issued)
    if query.in_yard_sold_by is not None:
        stmt = stmt.where(in_yard_sold_by(query.in_yard_sold_by))
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
    stmt = filtered(query, unassigned_approved=unassigned_approved)
    if vehicle_counts.answers_total(query):
        total = vehicle_counts.list_total(count_rows, query, unassigned_approved=unassigned_approved)
    else:
        total = await count_of(session, stmt.with_only_columns(Vehicle.id))
    column = SORTABLE.get(query.sort_by or "", Vehicle.created_at)
    if query.sort_order == SortOrder.ASC:
        ordering = (column.asc(), Vehicle.id.asc())
    else:
        ordering = (column.desc(), Vehicle.id.desc())
    # The page's ids first, from an index on (status, sort column, id) alone; only those rows are then read
    # with their seller, buyer and images. Otherwise a deep page reads every skipped vehicle from the table.
    keys = (
        stmt.with_only_columns(Vehicle.id)
        .order_by(*ordering)
        .offset(query.offset)
        .limit(query.limit)
        .subquery("page_keys")
    )
    result = await session.execute(
        select(*_LIST_COLUMNS)
        .select_from(Vehicle)
        .join(keys, Vehicle.id == keys.c.id)
        .join(_SELLER, _SELLER.id == Vehicle.member_id)
        .outerjoin(_BUYER, _BUYER.id == Vehicle.buyer_member_id)
        .order_by(*ordering)
    )
    n, m = len(LIST_FIELDS), len(SUMMARY_FIELDS)
    rows = [
        ListRow(
            fields=dict(zip(LIST_FIELDS, row[:n], strict=True)),
            seller=dict(zip(SUMMARY_FIELDS, row[n : n + m], strict=True)),
            buyer=dict(zip(SUMMARY_FIELDS, row[n + m :], strict=True)) if row[n + m] is not None else None,
            images=[],
        )
        for row in result
    ]
    if rows:
        by_id = {r.fields["id"]: r for r in rows}
        images = await session.execute(
            select(VehicleImage.vehicle_id, VehicleImage.url, VehicleImage.thumbnail_url)
            .where(VehicleImage.vehicle_id.in_(list(by_id)))
            .order_by(VehicleImage.vehicle_id, VehicleImage.position)
        )
        for vehicle_id, url, thumbnail_url in images:
            by_id[vehicle_id].images.append((url, thumbnail_url))
    return rows, total


async def all_matching(session: AsyncSession, query: VehicleQuery, limit: int) -> list[Vehicle]:
    rows = await session.scalars(
        filtered(query).order_by(Vehicle.created_at.desc(), Vehicle.id.desc()).limit(limit)
    )
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
