"""Every query of a member's purchases (their buying power is read through the engine's own functions)."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Run
from gavel.vehicles.models import Vehicle


@dataclass(frozen=True)
class Bought:
    vehicle_id: str
    title: str
    lot_number: int | None
    sold_for: Decimal
    sold_at: datetime | None


async def purchases(session: AsyncSession, member_id: str) -> list[Bought]:
    """The vehicles the member bought (a sale corrected away is no longer theirs), the latest first."""
    stmt = (
        select(Vehicle.id, Vehicle.title, Vehicle.vehicle_lot_number, Vehicle.sold_for, Run.recorded_at)
        .outerjoin(
            Run,
            (Run.vehicle_id == Vehicle.id) & (Run.buyer_id == member_id) & (Run.outcome == "sold"),
        )
        .where(Vehicle.buyer_member_id == member_id, Vehicle.sold_for.is_not(None))
        .order_by(Run.recorded_at.desc(), Vehicle.id)
    )
    found: dict[str, Bought] = {}
    for vehicle_id, title, lot_number, sold_for, sold_at in await session.execute(stmt):
        if vehicle_id not in found and sold_for is not None:  # the latest sale of the vehicle to them
            found[vehicle_id] = Bought(vehicle_id, title, lot_number, sold_for, sold_at)
    return list(found.values())
