"""The gate passes' queries."""

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.gatepass.models import GatePass
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass as GateStep

LIVE = (GateStep.GENERATED.value, GateStep.SCANNED.value)


async def of_vehicle(session: AsyncSession, vehicle_id: str) -> list[GatePass]:
    """Every pass of a vehicle, the newest first."""
    stmt = select(GatePass).where(GatePass.vehicle_id == vehicle_id).order_by(GatePass.issued_at.desc())
    return list((await session.scalars(stmt)).all())


async def live_of_vehicle(session: AsyncSession, vehicle_id: str) -> GatePass | None:
    """The vehicle's pass that the gate still takes (generated or scanned; there is at most one)."""
    stmt = select(GatePass).where(GatePass.vehicle_id == vehicle_id, GatePass.status.in_(LIVE))
    return (await session.scalars(stmt)).first()


async def locked(session: AsyncSession, pass_id: str) -> GatePass | None:
    """A pass read afresh and locked, for a scan or pick-up that may change it."""
    return await session.get(GatePass, pass_id, with_for_update=True, populate_existing=True)


async def id_by_code(session: AsyncSession, code: str) -> str | None:
    return await session.scalar(select(GatePass.id).where(GatePass.code == code))


async def code_taken(session: AsyncSession, code: str) -> bool:
    return bool(await session.scalar(select(exists().where(GatePass.code == code))))


async def vehicle_by_lot(session: AsyncSession, lot_number: int) -> Vehicle | None:
    stmt = select(Vehicle).where(Vehicle.vehicle_lot_number == lot_number)
    return (await session.scalars(stmt)).unique().first()
