"""A small business whose chart figures are counted by hand in the tests: written straight to the database,
so that every sale day, submission time and issue time is exactly where a test needs it.

The clock stands on Thursday 15/05/2031, 12:00 in Dubai.

Sales (sale day, hammer, reserve, seller, buyer):
    E0 31/12/2030: v9 99,000 (no reserve) S2 -> B2                       (last year)
    E3 29/04/2031: v7 12,000 (11,000) S1 -> B2; v8 not sold              (April)
    E1 06/05/2031: v1 20,000 (20,000) S1 -> B1; v2 30,000 (25,000) S1 -> B2; v3 not sold
    E2 13/05/2031: v4 50,000 (40,000) S2 -> B1; v5 9,000 (10,000, seller accepted) S2 -> B1;
                   v6 15,000 (no reserve) S1 -> B2
    E5 20/05/2031: a2 placed, no result yet
Open invoices (issued, total, paid): see INVOICES.
"""

from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from itertools import count
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.core.clock import DUBAI
from gavel.invoices.models import Invoice
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle

NOW = datetime(2031, 5, 15, 12, 0, tzinfo=DUBAI)


def dubai(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=DUBAI)


# number: (issued at, status, total, paid)
INVOICES = {
    "i1": (dubai(2031, 5, 15, 9), "unpaid", 1000, 0),  # 0 days old
    "i2": (dubai(2031, 5, 13, 0), "partiallyPaid", 2000, 500),  # 2 days: the last of 0-2
    "i3": (dubai(2031, 5, 12, 23, 59), "overdue", 3000, 0),  # 3 days: the first of 3-7
    "i4": (dubai(2031, 5, 8, 0), "unpaid", 400, 0),  # 7 days
    "i5": (dubai(2031, 5, 7, 10), "unpaid", 500, 0),  # 8 days
    "i6": (dubai(2031, 4, 15, 8), "unpaid", 600, 0),  # 30 days (April)
    "i7": (dubai(2031, 4, 14, 8), "overdue", 700, 0),  # 31 days (April)
    "i8": (dubai(2031, 5, 14, 8), "paid", 5000, 5000),  # settled: not owed
    "i9": (dubai(2031, 5, 14, 9), "cancelled", 800, 0),  # cancelled: not owed
}


@dataclass
class Business:
    members: dict[str, Member] = field(default_factory=dict)
    events: dict[str, AuctionEvent] = field(default_factory=dict)
    vehicles: dict[str, Vehicle] = field(default_factory=dict)


_serial = count(1)


def _member(session: AsyncSession, key: str, first: str, last: str) -> Member:
    n = next(_serial)
    member = Member(
        first_name=first,
        last_name=last,
        email=f"{key}@charts.example.com",
        phone=f"05099900{n:02d}",
        member_identity_no=f"784-1980-99900{n:02d}-1",
        member_entity="individual",
        status="approved",
        is_seller=key.startswith("S"),
        is_buyer=key.startswith("B"),
    )
    session.add(member)
    return member


def _vehicle(
    session: AsyncSession, business: Business, key: str, seller: str, created: datetime, **kw: Any
) -> Vehicle:
    n = next(_serial)
    reserve = kw.pop("reserve", None)
    vehicle = Vehicle(
        vehicle_lot_number=90000 + n,
        vin_number=f"CHARTS{n:011d}",
        title=f"Vehicle {key}",
        make="Toyota",
        model="Patrol",
        year=2020,
        opening_price=Decimal("5000"),
        reserve_price=None if reserve is None else Decimal(reserve),
        member_id=business.members[seller].id,
        created_at=created.astimezone(UTC),
        **kw,
    )
    session.add(vehicle)
    business.vehicles[key] = vehicle
    return vehicle


async def build(db: async_sessionmaker[AsyncSession]) -> Business:
    business = Business()
    async with db() as session:
        for key, first, last in (
            ("S1", "Majid", "Al Mansoori"),
            ("S2", "Fatima", "Al Hashimi"),
            ("B1", "Khalid", "Al Suwaidi"),
            ("B2", "Omar", "Al Nuaimi"),
        ):
            business.members[key] = _member(session, key, first, last)
        yard = Location(
            title="Charts Yard",
            title_key="charts yard",
            physical_address="Street 1",
            phone_number="04 000 0000",
            country="United Arab Emirates",
            state="Dubai",
            city="Dubai",
        )
        session.add(yard)
        await session.flush()
        await _events(session, business, yard.id)
        await _sales(session, business)
        _waiting(session, business)
        _invoices(session, business)
        await session.commit()
    return business


async def _events(session: AsyncSession, business: Business, yard_id: str) -> None:
    days = {
        "E0": date(2030, 12, 31),
        "E3": date(2031, 4, 29),
        "E1": date(2031, 5, 6),
        "E2": date(2031, 5, 13),
    }
    days["E5"] = date(2031, 5, 20)
    for key, day in days.items():
        start = dubai(day.year, day.month, day.day, 16)
        auction = Auction(
            auction_title=f"Sale {key}",
            title_key=f"sale {key.lower()}",
            auction_type="Live",
            location_id=yard_id,
            lane_count=1,
            bid_increment_amount=Decimal("500"),
            counter_bid_time=10,
            repeat_type="None",
            status="completed",
            first_event_at=start,
            last_event_at=start,
            event_count=1,
        )
        session.add(auction)
        await session.flush()
        event = AuctionEvent(auction_id=auction.id, sequence=1, start_at=start, end_at=start, sale_date=day)
        event.lanes = [Lane(lane_number=1)]
        session.add(event)
        business.events[key] = event
    await session.flush()


# vehicle: (event, outcome, hammer, reserve, seller, buyer, paid, released, submitted)
SALES: dict[str, tuple[str, str, int | None, int | None, str, str | None, bool, bool, datetime]] = {
    "v9": ("E0", "sold", 99000, None, "S2", "B2", True, True, dubai(2030, 12, 1, 9)),
    "v7": ("E3", "sold", 12000, 11000, "S1", "B2", False, False, dubai(2031, 4, 20, 9)),
    "v8": ("E3", "notSold", None, 9000, "S2", None, False, False, dubai(2031, 4, 20, 9)),
    "v1": ("E1", "sold", 20000, 20000, "S1", "B1", True, True, dubai(2031, 5, 2, 9)),
    "v2": ("E1", "sold", 30000, 25000, "S1", "B2", True, False, dubai(2031, 5, 2, 9)),
    "v3": ("E1", "notSold", None, 40000, "S2", None, False, False, dubai(2031, 5, 2, 9)),
    "v4": ("E2", "sold", 50000, 40000, "S2", "B1", False, False, dubai(2031, 5, 2, 9)),
    "v5": ("E2", "sold", 9000, 10000, "S2", "B1", False, False, dubai(2031, 5, 2, 9)),
    "v6": ("E2", "sold", 15000, None, "S1", "B2", False, False, dubai(2031, 5, 2, 9)),
}


async def _sales(session: AsyncSession, business: Business) -> None:
    for key, (event_key, outcome, hammer, reserve, seller, buyer, paid, released, submitted) in SALES.items():
        event = business.events[event_key]
        sold = outcome == "sold"
        price = None if hammer is None else Decimal(hammer)
        vehicle = _vehicle(
            session,
            business,
            key,
            seller,
            submitted,
            reserve=reserve,
            status="sold" if sold else "approved",
            sold_for=price,
            buyer_member_id=business.members[buyer].id if buyer else None,
            is_paid=paid,
            is_released=released,
            event_id=event.id if sold else None,
            event_date=event.sale_date if sold else None,
        )
        await session.flush()
        session.add(
            Run(
                event_id=event.id,
                lane_id=event.lanes[0].id,
                vehicle_id=vehicle.id,
                run_number=next(_serial),
                is_current=sold,
                outcome=outcome,
                buyer_id=vehicle.buyer_member_id,
                sold_for=price,
            )
        )


def _waiting(session: AsyncSession, business: Business) -> None:
    """Vehicles on their way: submitted in May unless said otherwise."""
    may = dubai(2031, 5, 10, 9)
    _vehicle(session, business, "p1", "S1", may, status="pending")
    _vehicle(session, business, "p2", "S1", dubai(2031, 5, 1, 0, 30), status="pending")  # 30/04 20:30 UTC
    _vehicle(session, business, "p3", "S1", dubai(2031, 4, 30, 23, 30), status="pending")  # April in Dubai
    _vehicle(session, business, "a1", "S2", may, status="approved")
    e5 = business.events["E5"]
    _vehicle(session, business, "a2", "S2", may, status="approved", event_id=e5.id, event_date=e5.sale_date)
    _vehicle(session, business, "r1", "S2", may, status="rejected")
    _vehicle(session, business, "c1", "S2", may, status="cancelled")


def _invoices(session: AsyncSession, business: Business) -> None:
    buyer = business.members["B1"]
    for number, (issued, status, total, paid) in INVOICES.items():
        session.add(
            Invoice(
                number=f"CHARTS-{number}",
                kind="invoice",
                status=status,
                member_id=buyer.id,
                issued_at=issued.astimezone(UTC),
                total=Decimal(total),
                paid_amount=Decimal(paid),
                buyer_name="Khalid Al Suwaidi",
                business_name="Gavel Auctions",
                business_address="Al Quoz, Dubai",
            )
        )
