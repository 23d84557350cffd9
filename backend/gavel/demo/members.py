"""About 300 demo members with UAE-style names, companies, phones and identity documents, in every status.

A member who chose a security plan did so at registration, through the deposits service: the plan's deposit
invoice is issued then, and for the members who were approved (even if inactive or deactivated since) it was
paid and verified by a second staff user the same day, so their buying power is the deposit's. Registrations
awaiting approval still owe their deposit (no buying power); a rejected registration's deposit invoice was
cancelled by a credit note. Approved members on a plan registered before the demo's first auction event, so
that whoever buys held their deposit before the first purchase. Most sellers have their bank details on file
(a valid UAE IBAN): they are paid by bank transfer, the others by cheque. Every third approved buyer agreed
to promotions on every channel, recorded in several ways (_consents): a form signed at the counter, a request
in writing, consents recorded before consent tracking; a few withdrew one channel since, by phone or by
replying STOP."""

import random
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from schwifty import IBAN
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.demo.money import RECORDER, VERIFIER, staff_actor
from gavel.demo.settings import PLANS
from gavel.deposits.service import deposit_service
from gavel.invoices.service import invoice_service
from gavel.members.consents import service as consents
from gavel.members.consents.methods import CONSENT_COLUMN, DEFAULT_WORDING, ConsentMethod, PromoChannel
from gavel.members.consents.models import ConsentRecord
from gavel.members.models import Member, MemberProfile
from gavel.members.search import search_text
from gavel.payments.schemas import PaymentMethod, PaymentRecord
from gavel.payments.service import payment_service
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
# The demo's first auction event is about 125 days before its `now` (auctions.py): approved members on a plan
# registered (and paid their deposit) before it.
BUYERS_REGISTERED_BEFORE = timedelta(days=130)
# UAE bank codes of a seller's IBAN and the bank's name.
BANKS = [
    ("026", "Emirates NBD"),
    ("033", "Mashreq"),
    ("035", "First Abu Dhabi Bank"),
    ("024", "Dubai Islamic Bank"),
    ("050", "Abu Dhabi Islamic Bank"),
]
# Who records the consents at the counter, and the requests and withdrawals that come in later (Operations).
FRONT_DESK = "fatima.almansoori@gavel-demo.ae"
BACK_OFFICE = "omar.alsuwaidi@gavel-demo.ae"
ALL_CHANNELS = tuple(PromoChannel)
# Deposits are paid that many hours after registration (by position, not by rng: the rest of the data stays).
DEPOSIT_PAID_AFTER_HOURS = [2, 5, 20, 26, 3, 8]


async def load_members(
    session: AsyncSession, count: int = 300, seed: int = 2025, now: datetime | None = None
) -> int:
    rng = random.Random(seed)  # noqa: S311 (repeatable demo data, not secrets)
    # In the order the demo's settings list them: each member's plan is drawn by position, and an unordered
    # SELECT may answer in another order on PostgreSQL than on SQLite.
    order = {name.lower(): n for n, (name, *_) in enumerate(PLANS)}
    found = (await session.scalars(select(SecurityPlan))).all()
    plans = sorted(found, key=lambda plan: (order.get(plan.name_key, len(order)), plan.name_key))
    now = now or datetime.now(UTC)
    on_plan: list[tuple[Member, SecurityPlan]] = []
    consenting: list[int] = []  # positions of the members who agreed to promotions
    members: list[Member] = []
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
        if plan is not None and status == "approved" and created > now - BUYERS_REGISTERED_BEFORE:
            created -= BUYERS_REGISTERED_BEFORE
        domain = "trading.example.ae" if organization else "example.ae"
        promotions = status == "approved" and "buyer" in kinds and n % 3 == 0
        if promotions:
            consenting.append(n)
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
            buying_power=Decimal("0"),  # the plan's, once its deposit is paid (below)
            deposit_held=Decimal("0"),
            created_at=created,
            updated_at=created,
            status_changed_at=None if status == "pending" else created,
            # Chosen by position, not by rng, so that the rest of the demo data stays as it was.
            status_reason=REASONS[status][n % len(REASONS[status])] or None if status in REASONS else None,
            # Consents to promotions come with their records (_consents, below).
            promo_consent_sms=False,
            promo_consent_whatsapp=False,
            promo_consent_email=False,
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
        if member.is_seller and n % 3 != 2:
            bank_code, bank_name = BANKS[n % len(BANKS)]
            member.bank_account_name = company or f"{first} {last}"
            account = f"{10**15 + n * 7919:016d}"
            member.bank_iban = str(IBAN.generate("AE", bank_code=bank_code, account_code=account))
            member.bank_name = bank_name
        member.search_text = search_text(member, member.profile)
        session.add(member)
        members.append(member)
        if plan is not None:
            on_plan.append((member, plan))
    await session.flush()
    await _consents(session, [members[n] for n in consenting], now)
    await _deposits(session, on_plan, now)
    return count


async def _consents(session: AsyncSession, agreed: list[Member], now: datetime) -> None:
    """Every third approved buyer agreed to promotions by SMS, WhatsApp and email, each recorded one of four
    ways by position (not by rng, so the rest of the data stays): before consent tracking (as migration 0030
    moved the old flags), a form signed at the counter the day they registered, the form for SMS and WhatsApp
    and a request in writing for email; and a few withdrew one channel later, by phone or by replying STOP, so
    that every channel's audience is most but not all of them."""
    front_desk = await staff_actor(session, FRONT_DESK)
    back_office = await staff_actor(session, BACK_OFFICE)
    desk_name = await consents.staff_name(session, front_desk)
    office_name = await consents.staff_name(session, back_office)
    for k, member in enumerate(agreed):
        signed = min(member.created_at + timedelta(minutes=25), now)
        if k % 4 == 0:
            _before_tracking(session, member, signed)
            continue
        by_form = ALL_CHANNELS if k % 4 != 2 else (PromoChannel.SMS, PromoChannel.WHATSAPP)
        for channel in by_form:
            await consents.record(
                session, member.id, channel, True, ConsentMethod.COUNTER_FORM,
                wording=DEFAULT_WORDING[channel], actor=front_desk, by_name=desk_name, now=signed,
            )  # fmt: skip
        if k % 4 == 2:
            request = (
                f"Email from {member.email}: Please add me to your mailing list for news of upcoming "
                "auctions and vehicle offers. I understand I can unsubscribe at any time."
            )
            written = min(signed + timedelta(days=2), now)
            await consents.record(
                session, member.id, PromoChannel.EMAIL, True, ConsentMethod.WRITTEN_REQUEST,
                wording=request, actor=back_office, by_name=office_name, now=written,
            )  # fmt: skip
        later = min(signed + timedelta(days=30 + k), now)
        if k % 8 == 3:
            await consents.record(
                session, member.id, PromoChannel.WHATSAPP, False, ConsentMethod.PHONE_REQUEST,
                wording=None, actor=back_office, by_name=office_name, now=later,
            )  # fmt: skip
        elif k % 8 == 7:
            await consents.withdraw_if_given(
                session, member.id, PromoChannel.SMS, ConsentMethod.REPLY,
                by_name=f"Twilio reply from {member.phone}", now=later,
            )  # fmt: skip


def _before_tracking(session: AsyncSession, member: Member, at: datetime) -> None:
    """A consent kept as a flag before records, as migration 0030 wrote it: no wording, nobody named."""
    for sequence, channel in enumerate(ALL_CHANNELS, start=1):
        session.add(
            ConsentRecord(
                member_id=member.id,
                sequence=sequence,
                channel=channel.value,
                given=True,
                at=at,
                method=ConsentMethod.BEFORE_TRACKING.value,
                wording=None,
                recorded_by_id=None,
                recorded_by="Recorded before consent tracking",
                member_name=member.company_name or f"{member.first_name} {member.last_name}",
                address=member.email if channel == PromoChannel.EMAIL else member.phone,
            )
        )
        setattr(member, CONSENT_COLUMN[channel], True)


async def _deposits(session: AsyncSession, on_plan: list[tuple[Member, SecurityPlan]], now: datetime) -> None:
    """Each plan chosen at registration, in the order the members registered: the deposit invoice, then for
    members who were approved its payment, recorded by one Finance user and verified by the other."""
    recorder, verifier = await staff_actor(session, RECORDER), await staff_actor(session, VERIFIER)
    on_plan.sort(key=lambda item: (item[0].created_at, item[0].email))
    for n, (member, plan) in enumerate(on_plan):
        registered = member.created_at
        invoice = await deposit_service.choose_plan(session, member, plan, recorder, registered)
        if invoice is None:
            continue
        if member.status == "rejected":
            rejected = min(registered + timedelta(days=1), now)
            await invoice_service.credit(
                session, invoice, "Registration rejected: the deposit is no longer due.", rejected, recorder
            )
            member.status_changed_at = rejected
            continue
        if member.status == "pending":
            continue  # the deposit waits: no buying power until it is paid
        paid_at = registered + timedelta(hours=DEPOSIT_PAID_AFTER_HOURS[n % len(DEPOSIT_PAID_AFTER_HOURS)])
        if paid_at + timedelta(minutes=30) > now:
            continue  # registered only hours ago: the deposit is not paid yet
        method = PaymentMethod.BANK_TRANSFER if n % 3 else PaymentMethod.CARD
        payment = await payment_service.record(
            session,
            PaymentRecord(
                invoice_id=invoice.id,
                amount=invoice.total,
                payment_method=method,
                payment_reference_id=f"DEP-{invoice.number[-6:]}",
                payment_date_and_time=paid_at,
            ),
            recorder,
            paid_at,
        )
        await payment_service.verify(session, payment.id, verifier, paid_at + timedelta(minutes=30))
