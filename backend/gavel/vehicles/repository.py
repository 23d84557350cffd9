"""Every query of the vehicles module."""

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Select, and_, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import like_pattern, paginate
from gavel.vehicles.models import Vehicle
from gavel.vehicles.schemas import VehicleCounts, VehicleQuery

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
    return stmt


async def page(
    session: AsyncSession, query: VehicleQuery, *, unassigned_approved: bool = False
) -> tuple[list[Vehicle], int]:
    return await paginate(
        session,
        filtered(query, unassigned_approved=unassigned_approved),
        sort_column=SORTABLE.get(query.sort_by or "", Vehicle.created_at),
        id_column=Vehicle.id,
        sort_order=query.sort_order,
        offset=query.offset,
        limit=query.limit,
    )


async def all_matching(session: AsyncSession, query: VehicleQuery, limit: int) -> list[Vehicle]:
    rows = await session.scalars(
        filtered(query).order_by(Vehicle.created_at.desc(), Vehicle.id.desc()).limit(limit)
    )
    return list(rows.unique().all())


def _count_if(*conditions: Any) -> Any:
    return func.coalesce(func.sum(case((and_(*conditions), 1), else_=0)), 0)


async def counts(session: AsyncSession) -> VehicleCounts:
    """Every count of the vehicle lists, from one query."""
    v = Vehicle
    pending, approved, sold = v.status == "pending", v.status == "approved", v.status == "sold"
    cancelled = v.status == "cancelled"
    row = (
        await session.execute(
            select(
                _count_if(pending),
                _count_if(pending, v.is_received.is_(True)),
                _count_if(pending, v.is_inspection == "inInspection"),
                _count_if(pending, v.is_inspection == "completed"),
                _count_if(approved),
                _count_if(approved, v.event_id.is_not(None)),
                _count_if(approved, v.event_id.is_(None)),
                _count_if(sold),
                _count_if(sold, v.is_paid.is_(True)),
                _count_if(sold, v.is_paid.is_(False)),
                _count_if(sold, v.is_released.is_(True)),
                _count_if(sold, v.is_released.is_(False)),
                _count_if(v.status == "rejected"),
                _count_if(cancelled),
                _count_if(cancelled, v.is_returned.is_(True)),
                _count_if(cancelled, v.is_returned.is_(False)),
            )
        )
    ).one()
    n = [int(x) for x in row]
    return VehicleCounts(
        pending=n[0],
        received=n[1],
        in_inspection=n[2],
        inspection_completed=n[3],
        review_total=n[0] + n[1] + n[2],  # SPEC.md: pending + received + in inspection
        approved=n[4],
        assigned=n[5],
        unassigned=n[6],
        sold=n[7],
        paid=n[8],
        unpaid=n[9],
        released=n[10],
        unreleased=n[11],
        rejected=n[12],
        cancelled=n[13],
        returned=n[14],
        unreturned=n[15],
    )
