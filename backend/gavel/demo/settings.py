"""Demo yards, deposit plans and the fee schedule."""

from datetime import time
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.charges.models import Charge
from gavel.charges.schemas import ChargeKind
from gavel.locations.geography import UAE
from gavel.locations.models import Location, LocationHours
from gavel.plans.models import SecurityPlan
from gavel.users import repository as users

# title, address, phone, PO box, manager's email, emirate, city
YARDS = [
    (
        "Al Quoz Auction Yard",
        "Street 18, Al Quoz Industrial Area 3",
        "+97143215555",
        "125478",
        "fatima.almansoori@gavel-demo.ae",
        "Dubai",
        "Al Quoz",
    ),
    (
        "Sharjah Industrial Yard",
        "Industrial Area 6, Maliha Road",
        "+97165437777",
        "31245",
        "omar.alsuwaidi@gavel-demo.ae",
        "Sharjah",
        "Industrial Area",
    ),
    (
        "Mussafah Vehicle Yard",
        "Sector M-14, Mussafah Industrial",
        "+97125559999",
        "44871",
        "aisha.alhashemi@gavel-demo.ae",
        "Abu Dhabi",
        "Mussafah",
    ),
]

# name, tag, price, after discount, buying power, description
PLANS = [
    ("Bronze", "Starter", "5000", None, "50000", "A refundable deposit for first-time buyers."),
    ("Silver", "Popular", "10000", "9000", "120000", "For regular buyers of family cars and SUVs."),
    ("Gold", "Dealers", "25000", "22500", "400000", "For dealers buying several vehicles a week."),
]

# title, amount, applies to, kind, min price, max price, description. Active charges of one kind and side
# never share a sale price (the buyer's sale bands touch without overlapping).
FEES = [
    (
        "Buyer fee up to 10,000 AED",
        "350",
        "buyer",
        ChargeKind.SALE,
        "0",
        "10000",
        "Auction fee on vehicles sold up to 10,000 AED.",
    ),
    (
        "Buyer fee 10,000 to 50,000 AED",
        "750",
        "buyer",
        ChargeKind.SALE,
        "10000.01",
        "50000",
        "Auction fee for the middle band.",
    ),
    (
        "Buyer fee above 50,000 AED",
        "1500",
        "buyer",
        ChargeKind.SALE,
        "50000.01",
        None,
        "Auction fee on vehicles above 50,000 AED.",
    ),
    (
        "Gate fee",
        "100",
        "buyer",
        ChargeKind.GATE_PASS,
        None,
        None,
        "Charged once when the vehicle leaves the yard.",
    ),
    (
        "Storage per day",
        "35",
        "buyer",
        ChargeKind.STORAGE_PER_DAY,
        None,
        None,
        "Each day a sold vehicle stays in the yard after 3 free days.",
    ),
    (
        "Late payment fee",
        "500",
        "buyer",
        ChargeKind.LATE_PAYMENT,
        None,
        None,
        "Once, when an invoice is not paid by its due date.",
    ),
    ("Seller fee", "200", "seller", ChargeKind.SALE, None, None, "Charged to the seller per vehicle sold."),
    (
        "Default penalty",
        "2500",
        "buyer",
        ChargeKind.DEFAULT_PENALTY,
        None,
        None,
        "Taken from the deposit when a sale is cancelled because the buyer did not pay.",
    ),
]


def _week() -> list[LocationHours]:
    hours = [LocationHours(weekday=d, opens_at=time(8), closes_at=time(18), closed=False) for d in range(4)]
    hours.append(LocationHours(weekday=4, opens_at=time(8), closes_at=time(12), closed=False))
    hours.append(LocationHours(weekday=5, opens_at=time(9), closes_at=time(14), closed=False))
    hours.append(LocationHours(weekday=6, opens_at=None, closes_at=None, closed=True))
    return hours


def _money(value: str | None) -> Decimal | None:
    return Decimal(value) if value is not None else None


async def load_settings(session: AsyncSession) -> dict[str, int]:
    for title, address, phone, po_box, manager_email, emirate, city in YARDS:
        manager = await users.by_email(session, manager_email)
        session.add(
            Location(
                title=title,
                title_key=title.lower(),
                status="active",
                physical_address=f"{address}, {city}",
                mailing_address=f"PO Box {po_box}, {emirate}",
                phone_number=phone,
                fax_number=po_box,
                general_manager_id=manager.id if manager else None,
                country=UAE,
                state=emirate,
                city=city,
                schedule=_week(),
            )
        )
    for name, tag, price, discounted, power, description in PLANS:
        session.add(
            SecurityPlan(
                name=name,
                name_key=name.lower(),
                tag=tag,
                plan_amount=Decimal(price),
                amount_after_discount=_money(discounted),
                buying_power=Decimal(power),
                description=description,
            )
        )
    for title, amount, applies_to, kind, low, high, description in FEES:
        session.add(
            Charge(
                title=title,
                title_key=title.lower(),
                charges=Decimal(amount),
                applies_to=applies_to,
                kind=kind.value,
                min_price=_money(low),
                max_price=_money(high),
                is_active=True,
                description=description,
            )
        )
    await session.flush()
    return {"locations": len(YARDS), "plans": len(PLANS), "charges": len(FEES)}
