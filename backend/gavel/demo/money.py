"""Demo money in: the tax invoices of the demo's sales and their payments, in every state a back office
sees: paid and collected, partly paid, a payment waiting for a second person to verify it, overdue with its
late fee, storage days for vehicles still in the yard, and gate passes for the paid ones.

Everything goes through the money services (invoice lines, VAT, numbers, document totals), in sale order, each
step at the moment it happened, so the demo reads as the same books the screens would have kept. What
happened to a seller's payout after a sale was paid (money_out.py) is told in the same time order: before
each sale, whatever had happened to the payouts by then."""

import random
from datetime import datetime, timedelta
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auctions.models import Run
from gavel.audit.repository import Actor
from gavel.business.service import business_service
from gavel.gatepass.code import new_code
from gavel.gatepass.models import GatePass
from gavel.invoices.calculation import ZERO, money
from gavel.invoices.models import Invoice
from gavel.invoices.service import invoice_service
from gavel.members.models import Member
from gavel.payments.schemas import PaymentMethod, PaymentRecord
from gavel.payments.service import payment_service
from gavel.users.models import User
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass as GateStep

RECORDER = "aisha.alhashemi@gavel-demo.ae"
VERIFIER = "khalid.binzayed@gavel-demo.ae"
DRIVERS = [("Rashid Khan", "784-1990-1234567-6"), ("Imran Siddiqui", "784-1987-7654321-1")]


class AfterSales(Protocol):
    """What happened once a sale was paid (the seller's payout), told in time order among the sales."""

    async def until(self, moment: datetime) -> None:
        """Everything that had happened by `moment`."""

    async def paid(self, vehicle: Vehicle, at: datetime) -> None:
        """The sale of `vehicle` became paid at `at` (its settlement and payout were issued)."""


async def staff_actor(session: AsyncSession, email: str) -> Actor:
    user = await session.scalar(select(User).where(User.email == email))
    return Actor(id=user.id if user else None, email=email, ip=None)


async def load_business(session: AsyncSession) -> None:
    """The business printed on every document (set before the first deposit invoice of the members)."""
    business = await business_service.get(session)
    business.legal_name = "Gavel Demo Auctions LLC"
    business.trn = "100123456700003"
    business.address = "Street 18, Al Quoz Industrial Area 3, Dubai, United Arab Emirates"
    business.phone = "+97143215555"
    # How to pay, on every tax invoice (a made-up account whose IBAN has valid check digits).
    business.bank_name = "Emirates Demo Bank"
    business.bank_account_name = "Gavel Demo Auctions LLC"
    business.iban = "AE070331234567890123456"
    await session.flush()


async def load_money(
    session: AsyncSession, now: datetime, after: AfterSales | None = None, seed: int = 23
) -> dict[str, int]:
    rng = random.Random(seed)  # noqa: S311 (repeatable demo data, not secrets)
    # The gate codes draw from a generator of their own, so that they leave the rest of the demo as it was.
    codes = random.Random(f"{seed}-gate-codes")  # noqa: S311
    recorder, verifier = await staff_actor(session, RECORDER), await staff_actor(session, VERIFIER)
    sold = (
        (
            await session.execute(
                select(Vehicle, Run)
                .join(Run, (Run.vehicle_id == Vehicle.id) & (Run.outcome == "sold"))
                .where(Vehicle.status == "sold")
                .order_by(Run.recorded_at, Vehicle.vehicle_lot_number)
            )
        )
        .unique()
        .all()
    )
    counts = {"invoices": 0, "payments": 0, "gatePasses": 0}
    sales: list[tuple[Invoice, Vehicle]] = []
    for n, (vehicle, run) in enumerate(sold):
        sold_at = run.recorded_at or now
        if after is not None:
            await after.until(sold_at)
        buyer = await session.get_one(Member, run.buyer_id)
        was_paid, gate_step, released = vehicle.is_paid, vehicle.gate_pass_status, vehicle.is_released
        invoice = await invoice_service.issue_for_sale(
            session,
            vehicle=vehicle,
            buyer=buyer,
            price=run.sold_for or vehicle.sold_for or ZERO,
            run_id=run.id,
            sale_date=vehicle.event_date or sold_at.date(),
            now=sold_at,
            actor=recorder,
        )
        counts["invoices"] += 1
        paid_at = min(sold_at + timedelta(hours=rng.randint(2, 40)), now - timedelta(hours=1))
        if was_paid:
            share = invoice.total
        elif n % 4 == 1:
            share = money(invoice.total / 2)  # partly paid
        elif n % 4 == 2:
            share = invoice.total  # paid, waiting for a second person to verify it
        else:
            share = None  # not paid: it falls overdue and takes its late fee
        if share:
            method = rng.choice([PaymentMethod.CARD, PaymentMethod.BANK_TRANSFER, PaymentMethod.CASH])
            payment = await payment_service.record(
                session,
                PaymentRecord(
                    invoice_id=invoice.id,
                    amount=share,
                    payment_method=method,
                    payment_reference_id=(
                        None if method == PaymentMethod.CASH else f"REF-{invoice.number[-6:]}"
                    ),
                    payment_date_and_time=paid_at,
                ),
                recorder,
                paid_at,
            )
            counts["payments"] += 1
            if was_paid or n % 4 == 1:
                verified_at = paid_at + timedelta(minutes=30)
                await payment_service.verify(session, payment.id, verifier, verified_at)
                if after is not None and invoice.status == "paid":
                    await after.paid(vehicle, verified_at)
        if was_paid and gate_step in (GateStep.GENERATED, GateStep.SCANNED, GateStep.PICKED_UP):
            issued = paid_at + timedelta(hours=1)
            driver = rng.choice(DRIVERS)
            picked = gate_step == GateStep.PICKED_UP
            session.add(
                GatePass(
                    vehicle_id=vehicle.id,
                    invoice_id=invoice.id,
                    member_id=buyer.id,
                    issued_at=issued,
                    valid_until=issued + timedelta(hours=48),
                    status=gate_step,
                    code=new_code(codes.choice),
                    issued_by_id=verifier.id,
                    scanned_at=issued + timedelta(hours=3) if gate_step != GateStep.GENERATED else None,
                    picked_up_at=issued + timedelta(hours=3) if picked else None,
                    driver_name=driver[0] if picked else None,
                    driver_emirates_id=driver[1] if picked else None,
                )
            )
            counts["gatePasses"] += 1
        vehicle.gate_pass_status = gate_step
        vehicle.is_released = released
        sales.append((invoice, vehicle))
    if after is not None:
        await after.until(now)
    # The clock's work up to now, after everything before it: late fees for the overdue, storage for vehicles
    # still in the yard.
    for invoice, vehicle in sales:
        await invoice_service.accrue(session, invoice, vehicle, now)
    await session.flush()
    return counts
