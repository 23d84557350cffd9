"""The vehicle's part of a lot page (its card, photos and specs), kept in each app process by the vehicle's
id and `updated_at`.

Members poll lot pages by the thousand while a lane runs (issue 26: 200 a second). The lot's state changes
with every bid and is read each time; its vehicle does not change while it is in an event (a vehicle placed
in one can no longer be edited), yet reading it and its photos was two of a poll's statements and a third of
its time. The lot's statement reads the vehicle's `updated_at` as its version (`repository.lot_for_member`),
and a save always moves it (`vehicles/service.py`, photos included), so a page kept here is never older than
the database: a new version is a miss and is read again.
"""

from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidders.lots import repository
from gavel.vehicles.models import Vehicle

KEPT = 2_000  # vehicles: more than the lots of a sale day's events; the least recently read go first


@dataclass(frozen=True)
class VehiclePage:
    card: repository.Card
    photos: tuple[str, ...]
    specs: dict[str, str | int | bool]


_kept: OrderedDict[tuple[str, datetime], VehiclePage] = OrderedDict()


def specs(vehicle: Vehicle) -> dict[str, str | int | bool]:
    """What the vehicle has, by name; a field the vehicle lacks is left out (never its seller, plate or
    prices)."""
    found: dict[str, str | int | bool | None] = {
        "make": vehicle.make,
        "model": vehicle.model,
        "year": vehicle.year,
        "mileage": vehicle.mileage,
        "vin": vehicle.vin_number,
        "colour": vehicle.color,
        "engine": vehicle.engine_details,
        "cylinders": vehicle.cylinders,
        "transmission": vehicle.transmission,
        "fuel": vehicle.fuel_type,
        "drive": vehicle.drive_type,
        "bodyStyle": vehicle.body_style,
        "primaryDamage": vehicle.primary_damage,
        "secondaryDamage": vehicle.secondary_damage,
        "keys": vehicle.keys_available,
        "runAndDrive": vehicle.run_and_drive,
        "starts": vehicle.start_status,
    }
    return {name: value for name, value in found.items() if value is not None and value != ""}


def page_of(vehicle: Vehicle) -> VehiclePage:
    photos = list(vehicle.images)
    card = repository.Card(
        vehicle.id,
        vehicle.title,
        vehicle.vehicle_lot_number,
        vehicle.mileage or 0,
        vehicle.year,
        photos[0].thumbnail_url if photos else None,
    )
    return VehiclePage(card, tuple(image.url for image in photos), specs(vehicle))


async def vehicle_page(session: AsyncSession, vehicle_id: str, version: datetime) -> VehiclePage | None:
    """The vehicle's page at `version` (its `updated_at` as the lot's statement read it); None when the
    vehicle is gone."""
    key = (vehicle_id, version)
    page = _kept.get(key)
    if page is not None:
        _kept.move_to_end(key)
        return page
    vehicle = await repository.vehicle(session, vehicle_id)
    if vehicle is None:
        return None
    page = page_of(vehicle)
    # Kept under the version read now: a save between the two reads only makes the page newer than its key,
    # and the next poll reads the new version, misses and reads it again.
    keep((vehicle_id, vehicle.updated_at), page)
    return page


def keep(key: tuple[str, datetime], page: VehiclePage) -> None:
    _kept[key] = page
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
