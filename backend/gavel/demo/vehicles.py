"""About 600 demo vehicles: real makes and models, valid VINs, locally drawn photos, in every status.

The vehicles that end up sold are created approved, with the sale they are meant for (buyer, price,
payment, gate pass, release): gavel.demo.auctions sells them through the results of past auction events, as
the app does.
"""

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from gavel.core import repository as counters
from gavel.demo.car_photos import COLOURS, PhotoStudio
from gavel.members.models import Member
from gavel.storage import FileStore
from gavel.vehicles.models import Vehicle, VehicleImage
from gavel.vehicles.options import GatePass
from gavel.vehicles.search import search_text

# make, WMI, model, body style, engine, cylinders, fuel, drive
CATALOGUE = [
    ("Toyota", "JTM", "Land Cruiser", "SUV", "4.0L V6", 6, "Petrol", "4WD"),
    ("Toyota", "JTD", "Camry", "Sedan", "2.5L I4", 4, "Petrol", "FWD"),
    ("Toyota", "JTE", "Hilux", "Pickup", "2.7L I4", 4, "Petrol", "4WD"),
    ("Nissan", "JN1", "Patrol", "SUV", "5.6L V8", 8, "Petrol", "4WD"),
    ("Nissan", "JN1", "Sunny", "Sedan", "1.5L I4", 4, "Petrol", "FWD"),
    ("Lexus", "JTH", "LX 570", "SUV", "5.7L V8", 8, "Petrol", "4WD"),
    ("Mitsubishi", "JA3", "Pajero", "SUV", "3.8L V6", 6, "Petrol", "4WD"),
    ("Honda", "JHM", "Accord", "Sedan", "2.0L I4", 4, "Petrol", "FWD"),
    ("Hyundai", "KMH", "Tucson", "Crossover", "2.0L I4", 4, "Petrol", "AWD"),
    ("Kia", "KNA", "Sportage", "Crossover", "2.4L I4", 4, "Petrol", "AWD"),
    ("Ford", "1FT", "F-150", "Pickup", "5.0L V8", 8, "Petrol", "4WD"),
    ("Chevrolet", "1GN", "Tahoe", "SUV", "5.3L V8", 8, "Petrol", "4WD"),
    ("Mercedes-Benz", "WDD", "E 300", "Sedan", "2.0L I4 Turbo", 4, "Petrol", "RWD"),
    ("BMW", "WBA", "X5", "SUV", "3.0L I6 Turbo", 6, "Petrol", "AWD"),
    ("Tesla", "5YJ", "Model 3", "Sedan", "Dual motor", None, "Electric", "AWD"),
    ("Toyota", "JTD", "Prius", "Hatchback", "1.8L I4 Hybrid", 4, "Hybrid", "FWD"),
    ("Nissan", "JN1", "Urvan", "Van", "2.5L I4 Diesel", 4, "Diesel", "RWD"),
    ("Ford", "1FA", "Mustang", "Coupe", "5.0L V8", 8, "Petrol", "RWD"),
]
YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"  # 2010 is A, repeating every 30 years
VALUES = dict(
    zip(
        "ABCDEFGHJKLMNPRSTUVWXYZ",
        [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
        strict=True,
    )
)
WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
DAMAGE = ["None", "Front End", "Rear End", "Side", "Minor Dents/Scratches", "Mechanical", "Hail", "Flood"]
STATUS_MIX = ["pending"] * 150 + ["approved"] * 180 + ["rejected"] * 60 + ["sold"] * 150 + ["cancelled"] * 60
# Why staff rejected or cancelled a vehicle (required, as in the app).
REASONS = {
    "rejected": [
        "The odometer reading does not match the service history.",
        "Flood damage was not declared by the seller.",
        "The VIN plate does not match the registration card.",
        "Photos do not show the vehicle described.",
    ],
    "cancelled": [
        "The seller withdrew the vehicle.",
        "The bank repossession was settled before the auction.",
        "The vehicle failed the police clearance.",
    ],
}


@dataclass
class PlannedSale:
    """A vehicle to be sold in a past event: the buyer and price drawn for it, and how far it got after."""

    vehicle: Vehicle
    buyer_id: str
    price: Decimal
    is_paid: bool
    gate_pass_status: str
    is_released: bool


@dataclass
class DemoVehicles:
    count: int
    sales: list[PlannedSale] = field(default_factory=list)
    approved: list[Vehicle] = field(default_factory=list)  # approved and unassigned, in creation order


def make_vin(wmi: str, year: int, serial: int, rng: random.Random) -> str:
    vds = "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789") for _ in range(5))
    body = f"{wmi}{vds}0{YEAR_CODES[(year - 2010) % 30]}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{serial:06d}"
    total = sum((int(c) if c.isdigit() else VALUES[c]) * w for c, w in zip(body, WEIGHTS, strict=True))
    return body[:8] + ("X" if total % 11 == 10 else str(total % 11)) + body[9:]


def demo_plate(n: int) -> str | None:
    """A UAE number plate as staff type it ('Dubai A 12345', 'Abu Dhabi 5 12345'), chosen by position so the
    rng's draws stay as they were; every ninth vehicle has none (an export, a new car not yet registered)."""
    if n % 9 == 8:
        return None
    number = 10_000 + (n * 7_919) % 89_999
    emirate = ("Dubai", "Abu Dhabi", "Sharjah", "Dubai", "Ajman")[n % 5]
    code = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 26] if emirate == "Dubai" else str(1 + n % 17)
    return f"{emirate} {code} {number}"


async def _approved(session: AsyncSession, kind: InstrumentedAttribute[bool]) -> list[Member]:
    """The approved sellers or buyers in the order they registered. The order is the demo's (each draw picks
    by position), so it is set here: unordered, PostgreSQL answers in the order of its rows on disk, which an
    update to a member changes, and the demo drew other buyers than on SQLite."""
    found = await session.scalars(select(Member).where(Member.status == "approved", kind.is_(True)))
    return sorted(found.unique().all(), key=lambda m: (m.created_at, m.email))


async def load_vehicles(
    session: AsyncSession,
    store: FileStore,
    count: int = 600,
    seed: int = 6,
    now: datetime | None = None,
) -> DemoVehicles:
    rng = random.Random(seed)  # noqa: S311 (repeatable demo data, not secrets)
    sellers = await _approved(session, Member.is_seller)
    buyers = await _approved(session, Member.is_buyer)
    if not sellers or not buyers:
        return DemoVehicles(0)
    studio = PhotoStudio(store)
    now = now or datetime.now(UTC)
    loaded = DemoVehicles(count)
    for n in range(count):
        make, wmi, model, body, engine, cylinders, fuel, drive = rng.choice(CATALOGUE)
        year = rng.randint(2010, now.year)
        colour = rng.choice(list(COLOURS))
        status = STATUS_MIX[n % len(STATUS_MIX)]
        seller = rng.choice(sellers)
        opening = Decimal(rng.randrange(8_000, 240_000, 500))
        created = now - timedelta(days=rng.randint(0, 240), minutes=rng.randint(0, 1440))
        vehicle = Vehicle(
            vehicle_lot_number=await counters.next_number(session, "vehicle_lot", start=1000),
            vin_number=make_vin(wmi, year, 100000 + n, rng),
            plate_number=demo_plate(n),
            title=f"{year} {make} {model}",
            make=make,
            model=model,
            year=year,
            transmission="Automatic" if rng.random() < 0.9 else "Manual",
            engine_details=engine,
            drive_type=drive,
            fuel_type=fuel,
            mileage=rng.randint(0, 40_000) * (now.year - year + 1),
            keys_available=rng.random() < 0.9,
            run_and_drive=rng.random() < 0.8,
            start_status=rng.random() < 0.85,
            color=colour,
            body_style=body,
            primary_damage=rng.choice(DAMAGE),
            secondary_damage=rng.choice(DAMAGE),
            cylinders=cylinders,
            opening_price=opening,
            reserve_price=opening + Decimal(rng.randrange(0, 30_000, 500)) if rng.random() < 0.6 else None,
            status=status,
            request_type="Update" if status == "pending" and rng.random() < 0.15 else "New",
            member_id=seller.id,
            created_at=created,
            updated_at=created,
            # Chosen by position, not by rng, so that the rest of the demo data stays as it was.
            status_reason=REASONS[status][n % len(REASONS[status])] if status in REASONS else None,
        )
        # A vehicle new in review never changed status; a resubmitted one and every other one did.
        vehicle.status_changed_at = None if (status, vehicle.request_type) == ("pending", "New") else created
        if status == "pending":
            vehicle.is_vehicle_delivered_by_seller = rng.random() < 0.6
            vehicle.is_received = rng.random() < 0.6
            if vehicle.is_received:
                vehicle.is_inspection = rng.choice(["pending", "inInspection", "completed"])
        else:
            vehicle.is_received, vehicle.is_vehicle_delivered_by_seller = True, True
            vehicle.is_inspection = (
                "completed" if status != "rejected" else rng.choice(["pending", "completed"])
            )
        if status == "cancelled":
            vehicle.is_returned = rng.random() < 0.5
        if status == "sold":
            # Approved for now: the auction demo records the sale (the rng draws stay as they were).
            vehicle.status = "approved"
            buyer_id = rng.choice(buyers).id
            price = opening + Decimal(rng.randrange(0, 60_000, 250))
            is_paid = rng.random() < 0.7
            steps = ["Pending", "Generated", "Scanned", "Picked Up"] if is_paid else ["Pending"]
            gate_pass = rng.choice(steps)
            rng.random()  # was the chance of a release by hand; a pick-up releases (issue 23)
            released = gate_pass == GatePass.PICKED_UP
            if released:
                rng.randint(3, 20)  # was the release date's delay; the auction demo dates the release
            loaded.sales.append(PlannedSale(vehicle, buyer_id, price, is_paid, gate_pass, released))
        elif status == "approved":
            loaded.approved.append(vehicle)
        photo = await studio.photo(colour, body)
        vehicle.images = [
            VehicleImage(position=0, url=photo.url, thumbnail_url=photo.thumbnail_url or photo.url)
        ]
        vehicle.search_text = search_text(vehicle, seller)
        session.add(vehicle)
    await session.flush()
    return loaded
