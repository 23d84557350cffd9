"""About 300 demo members with UAE-style names, companies, phones and identity documents, in every status."""

import random
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.members.models import Member, MemberProfile
from gavel.members.search import search_text
from gavel.plans.models import SecurityPlan

FIRST = [
    "Mohammed",
    "Ahmed",
    "Khalid",
    "Omar",
    "Saeed",
    "Hamdan",
    "Rashid",
    "Sultan",
    "Yousef",
    "Abdullah",
    "Fatima",
    "Mariam",
    "Aisha",
    "Noura",
    "Hessa",
    "Latifa",
    "Shamma",
    "Ravi",
    "Arjun",
    "Imran",
    "Bilal",
    "Joseph",
    "Ali",
    "Hassan",
    "Layla",
    "Sara",
    "Priya",
    "Tariq",
    "Faisal",
    "Majid",
]
LAST = [
    "Al Mansoori",
    "Al Nuaimi",
    "Al Falasi",
    "Al Suwaidi",
    "Al Ketbi",
    "Al Hashemi",
    "Al Mazrouei",
    "Al Shamsi",
    "Al Marri",
    "Al Zaabi",
    "Al Dhaheri",
    "Khan",
    "Nair",
    "Menon",
    "Qureshi",
    "Haddad",
    "Saleh",
]
COMPANIES = [
    "Desert Motors",
    "Gulf Fleet Rentals",
    "Al Aweer Auto Traders",
    "Emirates Car Exchange",
    "Sharjah Salvage Co",
    "Falcon Leasing",
    "Oasis Auto Parts",
    "Creek Side Motors",
    "Marina Fleet",
    "Dunes Logistics",
    "Jebel Ali Car Export",
    "Palm Auto Finance",
]
PLACES = [
    ("Dubai", "Dubai", "Al Quoz"),
    ("Dubai", "Dubai", "Mirdif"),
    ("Sharjah", "Sharjah", "Al Nahda"),
    ("Abu Dhabi", "Abu Dhabi", "Khalifa City"),
    ("Ajman", "Ajman", "Al Jurf"),
    ("Ras Al Khaimah", "Ras Al Khaimah", "Al Hamra"),
]
NATIONALITIES = ["Emirati", "Indian", "Pakistani", "Egyptian", "Jordanian", "Filipino", "British", "Lebanese"]
STATUSES = (
    ["pending"] * 60 + ["approved"] * 150 + ["rejected"] * 30 + ["inActive"] * 30 + ["deactivated"] * 30
)
SELLER_TYPES = ["individual", "dealer", "bank", "insurance", "rental", "fleet"]
# Why staff rejected, deactivated or set a member inactive (required for the first two, as in the app).
REASONS = {
    "rejected": [
        "The Emirates ID photo is unreadable; ask for a clearer scan.",
        "The identity document does not match the name given.",
        "The trade licence number could not be verified with the DED.",
        "Duplicate registration of an existing member.",
    ],
    "deactivated": [
        "Unpaid invoices for more than 90 days.",
        "Did not collect two won vehicles.",
        "Repeated bids withdrawn after winning.",
    ],
    "inActive": ["Asked to pause the account while abroad.", ""],
}


async def load_members(session: AsyncSession, count: int = 300, seed: int = 2025) -> int:
    rng = random.Random(seed)  # noqa: S311 (repeatable demo data, not secrets)
    plans = list((await session.scalars(select(SecurityPlan))).all())
    now = datetime.now(UTC)
    for n in range(count):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        organization = rng.random() < 0.25
        company = (
            f"{rng.choice(COMPANIES)} {'LLC' if rng.random() < 0.6 else 'FZE'}" if organization else None
        )
        kinds = (
            rng.choice([("buyer",), ("seller",), ("seller", "buyer")])
            if not organization
            else ("seller", "buyer")
        )
        emirate, city, area = rng.choice(PLACES)
        plan = rng.choice(plans) if plans and "buyer" in kinds and rng.random() < 0.7 else None
        passport = rng.random() < 0.35
        year = rng.randint(1960, 2002)
        created = now - timedelta(days=rng.randint(0, 365), minutes=rng.randint(0, 1440))
        status = STATUSES[n % len(STATUSES)]
        domain = "trading.example.ae" if organization else "example.ae"
        building = "Office" if organization else "Villa"
        member = Member(
            first_name=first,
            last_name=last,
            email=f"{first}.{last.replace(' ', '')}.{n}@{domain}".lower(),
            phone=f"+97150{3000000 + n * 17:07d}",
            member_identity_no=f"P{rng.randint(1000000, 9999999)}"
            if passport
            else f"784-{year}-{rng.randint(1000000, 9999999)}-{rng.randint(0, 9)}",
            is_seller="seller" in kinds,
            is_buyer="buyer" in kinds,
            seller_type=("dealer" if organization else rng.choice(SELLER_TYPES))
            if "seller" in kinds
            else None,
            is_trusted_seller="seller" in kinds and status == "approved" and rng.random() < 0.3,
            member_entity="organization" if organization else "individual",
            company_name=company,
            status=status,
            request_type="Update" if status == "pending" and rng.random() < 0.2 else "New",
            security_plan_id=plan.id if plan else None,
            buying_power=plan.buying_power if plan else Decimal("0"),
            created_at=created,
            updated_at=created,
            status_changed_at=None if status == "pending" else created,
            # Chosen by position, not by rng, so that the rest of the demo data stays as it was.
            status_reason=REASONS[status][n % len(REASONS[status])] or None if status in REASONS else None,
        )
        member.profile = MemberProfile(
            nationality="Emirati" if not passport else rng.choice(NATIONALITIES),
            address=f"{building} {rng.randint(1, 250)}, Street {rng.randint(1, 40)}, {area}",
            emirate=emirate,
            city=city,
            dob=None if organization else date(year, rng.randint(1, 12), rng.randint(1, 28)),
            trade_license_number=f"TL-{rng.randint(100000, 999999)}" if organization else None,
            trade_license_expiry=(date.today() + timedelta(days=rng.randint(30, 900)))
            if organization
            else None,
            identity_type="passport" if passport else "nic",
            identity_expiry=date.today() + timedelta(days=rng.randint(30, 1800)),
        )
        member.search_text = search_text(member, member.profile)
        session.add(member)
    await session.flush()
    return count
