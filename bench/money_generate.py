"""Load 1,000,000 invoices with their lines and 1,500,000 payments for the bench's sales into PostgreSQL.

    backend/.venv/bin/python bench/money_generate.py \
        --database-url postgresql://postgres@127.0.0.1:5432/gavel_bench \
        [--invoices 1000000] [--payments 1500000]

Needs the bench members, vehicles and auctions first (run.sh loads them in that order): every invoice is for a
sold vehicle, its buyer and its sold run. Existing invoices, credit notes, lines, payments and gate passes go
first (TRUNCATE invoice CASCADE). The bench yards' fee schedule (buyer fees by price band, gate pass, late
payment, storage per day) and six bench cashiers (who record and verify payments) are created when missing.

What it makes (seeded, repeatable for the same vehicles and auctions):
- One current invoice per sold vehicle, and for about one sale in ten a correction made minutes after the
  result (a wrong buyer or price): the first invoice cancelled by a credit note, then the right one. When the
  sold vehicles are too few for --invoices documents (520,517 sold of 1,000,000 bench vehicles), vehicles that
  are cancelled, rejected, approved without an event or pending, and came in more than five days ago, are sold
  too (about 70 % of them): each in a past event 2-30 days after it came in (after any earlier run), to an
  approved buyer, with its run appended to a lane of that event, as the auctions generator places sales.
- Lines as gavel.invoices.calculation makes them (the vehicle with VAT only when its seller has a TRN, the
  buyer fee of the price's band, the gate pass fee; a late fee and storage days added as the clock job adds
  them); numbers {prefix}-{year}-{6 digits} and {prefix}-CN-{year}-{6 digits} in order of issue per Dubai
  year.
- Buyers: 42 % pay within 30 hours, 30 % before the 48 hours are up, 15 % up to 3 days late, 8 % up to 14 days
  late (late payers get the late fee), and 5 % of the sales of the last 60 days are not paid (a third of those
  with a deposit); older sales are all paid. 70 % pay in one payment, 22 % in two, 8 % in three; 5 % first
  make a payment that is rejected (cheque returned, transfer not received...). Each payment is recorded by a
  cashier within two hours of its receipt and verified by another within six; the latest are still Pending.
  Methods bank transfer, card, cheque and cash with references like a bank's, a card slip's or a cheque's.
- Collection: once paid, the buyer comes 0-21 days later (mostly within a day); storage is charged from the
  fourth day after the sale (3 free days) to the day the gate pass is issued and paid at the counter that day;
  90 % of picked-up vehicles are then released within two days. Vehicles still in the yard have their storage
  up to today, as the clock job leaves them. Every sold vehicle's Paid, gate pass and release follow this.
- The payments are exactly --payments: the number of instalments of some invoices paid on time is adjusted.
- document_total (count and amount per kind and state) is computed from the rows written, and the invoice,
  credit note and payment counters of every year are set to the last number, so new numbers follow.

Invoices, lines and payments are spooled to files in COPY format (psycopg's FileWriter, in issue order), then
streamed in with COPY ... FROM STDIN with the tables' secondary indexes and foreign keys dropped and recreated
after (the foreign keys validated then, in one pass each), in one transaction with the new runs and the
vehicles' update; the vehicle table is then rewritten (VACUUM FULL) and its indexes rebuilt, as the auctions
generator does; then VACUUM ANALYZE. Finally it checks that document_total, the invoices' totals (against
their lines) and their paid and pending amounts (against their payments) agree with the rows.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import functools
import heapq
import random
import sys
import tempfile
import time
import uuid
from collections import Counter as Tally
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import IO, Any
from zoneinfo import ZoneInfo

BACKEND = Path(__file__).resolve().parents[1] / "backend"
sys.path.insert(0, str(BACKEND))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg  # noqa: E402
from members_generate import create_database, psycopg_url, secondary_indexes  # noqa: E402
from psycopg.copy import Copy, FileWriter  # noqa: E402

from gavel.config import normalise_database_url  # noqa: E402
from gavel.invoices.calculation import ZERO, LineDraft, Totals, money, sale_lines, totals  # noqa: E402
from gavel.invoices.service import _search_text as invoice_search_text  # noqa: E402
from gavel.invoices.service import member_name, state_of  # noqa: E402
from gavel.payments.service import _search_text as payment_search_text  # noqa: E402

DUBAI = ZoneInfo("Asia/Dubai")
HOUR, DAY, MINUTE = timedelta(hours=1), timedelta(days=1), timedelta(minutes=1)
CORRECTED_SHARE = 0.10  # of the sales, a result corrected minutes later (cancelled invoice + credit note)
UNPAID_WINDOW = timedelta(days=60)  # sales this recent may still be unpaid; older ones are all paid
MAX_INSTALMENTS = 4
# title, kind, AED, lowest price, highest price (a UAE auction house's buyer side)
FEES = [
    ("Buyer fee up to 20,000 AED", "sale", 600, Decimal("0"), Decimal("20000")),
    ("Buyer fee 20,000 to 50,000 AED", "sale", 1000, Decimal("20000.01"), Decimal("50000")),
    ("Buyer fee 50,000 to 100,000 AED", "sale", 1500, Decimal("50000.01"), Decimal("100000")),
    ("Buyer fee above 100,000 AED", "sale", 2500, Decimal("100000.01"), None),
    ("Gate pass fee", "gatePass", 100, None, None),
    ("Late payment fee", "latePayment", 500, None, None),
    ("Storage per day", "storagePerDay", 50, None, None),
]
CASHIERS = [
    "Aisha Rahman",
    "Ravi Nair",
    "Fatima Al Suwaidi",
    "Joseph Fernandes",
    "Mariam Al Ketbi",
    "Imran Khan",
]
BANKS = ["ENBD", "ADCB", "FAB", "DIB", "Mashreq", "RAKBANK", "CBD", "ADIB"]
REJECTIONS = {
    "cheque": "Cheque returned unpaid (insufficient funds).",
    "bankTransfer": "The transfer has not arrived in the bank account.",
    "card": "The card payment was reversed by the bank.",
    "cash": "The cash count does not match the receipt.",
}
CORRECTION = "The sale result was corrected."

INVOICE_COLUMNS = (
    "id", "created_at", "updated_at", "number", "kind", "status", "member_id", "vehicle_id", "run_id",
    "credit_for_id", "issued_at", "due_at", "sale_date", "subtotal", "vat_total", "total", "paid_amount",
    "pending_amount", "late_fee_at", "storage_through", "void_reason", "voided_at", "voided_by_id",
    "buyer_name", "buyer_trn", "buyer_address", "vehicle_lot_number", "vehicle_vin", "vehicle_title",
    "business_name", "business_trn", "business_address", "business_phone", "search_text",
)  # fmt: skip
LINE_COLUMNS = (
    "id", "invoice_id", "position", "kind", "description", "charge_id", "service_date", "quantity",
    "unit_amount", "amount", "vat_rate", "vat", "total",
)  # fmt: skip
PAYMENT_COLUMNS = (
    "id", "created_at", "updated_at", "transaction_id", "direction", "invoice_id", "member_id", "amount",
    "method", "reference", "paid_at", "confirmation", "recorded_by_id", "verified_by_id", "verified_at",
    "reject_reason", "search_text",
)  # fmt: skip
RUN_COLUMNS = (
    "id", "created_at", "updated_at", "event_id", "lane_id", "vehicle_id", "run_number", "is_current",
    "outcome", "buyer_id", "sold_for", "seller_approved", "recorded_at", "recorded_by_id",
)  # fmt: skip
VEHICLE_UPDATE_COLUMNS = (
    "vehicle_id", "is_paid", "gate_pass_status", "is_released", "release_date", "converted", "buyer_id",
    "sold_for", "auction_id", "event_id", "sale_date", "sold_at", "came_in",
)  # fmt: skip
MONEY_TABLES = ("invoice", "invoice_line", "payment")


VERSION_4 = (0xF000 << 64) | (0xC000 << 48)  # the version and variant bits of a UUID


def uid(rng: random.Random) -> str:
    """uuid.UUID(int=rng.getrandbits(128), version=4).hex, several times faster (8 million are made)."""
    return f"{rng.getrandbits(128) & ~VERSION_4 | (0x4000 << 64) | (0x8000 << 48):032x}"


@functools.cache
def figures(quantity: int, unit_amount: Decimal, vat_rate: Decimal) -> tuple[Decimal, Decimal, Decimal]:
    """A line's net amount, VAT and total, as gavel.invoices.calculation computes them (cached: the fees and
    storage days repeat a few amounts millions of times)."""
    line = LineDraft("", "", quantity, unit_amount, vat_rate)
    return line.amount, line.vat, line.total


def line_total(line: LineDraft) -> Decimal:
    return figures(line.quantity, line.unit_amount, line.vat_rate)[2]


def summed(lines: list[LineDraft]) -> Totals:
    """gavel.invoices.calculation.totals with the cached figures."""
    return totals(
        SimpleNamespace(amount=a, vat=v)
        for a, v, _ in (figures(x.quantity, x.unit_amount, x.vat_rate) for x in lines)
    )


def dubai_day(moment: datetime) -> date:
    return moment.astimezone(DUBAI).date()


def day_start(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=DUBAI).astimezone(UTC)


# ------------------------------------------------------------------------------------------------ the sales


@dataclass(slots=True)
class Sale:
    at: datetime  # the result recorded (the run's recorded_at)
    vehicle_id: str
    lot: int
    vin: str
    title: str
    seller_vat: bool
    buyer_id: str
    price: Decimal
    run_id: str
    sale_date: date
    index: int = 0
    # A vehicle sold by this generator: its buyer, price, auction, event, sale day, sale moment and a
    # came-in moment when it came in too late for its event (VEHICLE_UPDATE_COLUMNS[6:]).
    converted: tuple[Any, ...] | None = None


@dataclass(slots=True)
class Times:
    """One payment's moments: received (paid_at), recorded, and verified or rejected (None: never)."""

    paid: datetime
    recorded: datetime
    decided: datetime | None


@dataclass(slots=True)
class Plan:
    """What happens to one sale's money, as moments only (the amounts follow from the lines)."""

    issued: datetime
    due: datetime
    corrected_at: datetime | None
    rejected: Times | None
    instalments: list[Times]
    settles: bool  # the sale amount will be paid (False: a buyer who does not pay)
    late_at: datetime | None
    late_extra: Times | None  # the late fee paid on its own (the last instalment was recorded before it)
    settled: datetime | None  # the sale amount (and late fee) verified
    gate_at: datetime | None
    storage_payment: Times | None
    picked_up: datetime | None
    released: datetime | None
    storage_first: date
    storage_last: date | None
    adjustable: bool  # paid on time and settled: its instalments can change without changing anything else
    u: list[float] = field(default_factory=list)

    def payments(self, now: datetime) -> int:
        found = [self.rejected, *self.instalments, self.late_extra, self.storage_payment]
        return sum(1 for t in found if t is not None and t.recorded <= now)


def decide(
    sale: Sale,
    seed: int,
    now: datetime,
    window: timedelta,
    free_days: int,
    *,
    corrected: bool,
    k: int | None = None,
) -> Plan:
    """The moments of a sale's money. Random numbers are drawn in a fixed number and order, so that the number
    of instalments (k) can be changed without changing anything else."""
    rng = random.Random(seed * 1_000_003 + sale.index)  # noqa: S311 (repeatable bench data, not secrets)
    u = [rng.random() for _ in range(40)]
    corrected_at = sale.at + MINUTE + u[0] * 39 * MINUTE if corrected else None
    issued = corrected_at or sale.at
    due = issued + window
    category = u[2]
    recent = sale.at > now - UNPAID_WINDOW
    if category < 0.42:
        settle_at: datetime | None = issued + HOUR + u[3] * 29 * HOUR
    elif category < 0.72:
        settle_at = issued + 30 * HOUR + u[3] * (window - 31 * HOUR)
    elif category < 0.87:
        settle_at = due + 2 * HOUR + u[3] * 3 * DAY
    elif category < 0.95 or not recent:
        settle_at = due + 3 * DAY + u[3] * 11 * DAY
    else:
        settle_at = None  # a buyer who does not pay (perhaps a deposit)
    if k is None:
        k = 1 if u[4] < 0.70 else 2 if u[4] < 0.92 else 3
    end = settle_at or issued + (1 + u[5] * 4) * DAY  # a defaulter's deposit falls in the first five days
    span = end - issued
    rejected = None
    start = issued
    if u[6] < 0.05:  # a first payment that is rejected
        recorded = issued + span * (0.03 + 0.05 * u[7])
        rejected = Times(recorded - span * 0.02 * u[8], recorded, issued + span * (0.2 + 0.05 * u[9]))
        start = issued + span * 0.3
    instalments: list[Times] = []
    if settle_at is not None:
        gap = settle_at - start
        verify = min(10 * MINUTE + u[10] * 6 * HOUR, gap * 0.4)
        record = min(u[11] * 2 * HOUR, gap * 0.3)
        last = Times(settle_at - verify - record, settle_at - verify, settle_at)
        slot = (last.paid - start) / k
        for j in range(k - 1):
            s = start + slot * j
            paid = s + slot * (0.05 + 0.2 * u[12 + j])
            instalments.append(
                Times(paid, paid + slot * 0.1 * u[16 + j], s + slot * (0.6 + 0.35 * u[20 + j]))
            )
        instalments.append(last)
    elif u[24] < 0.35:  # a deposit
        paid = start + (end - start) * (0.1 + 0.8 * u[25])
        recorded = paid + u[26] * 2 * HOUR
        instalments.append(Times(paid, recorded, recorded + 10 * MINUTE + u[27] * 20 * HOUR))
    # The late fee: added by the clock a minute after the due moment when the verified payments do not cover
    # the sale amount by then.
    late_tick = due + u[28] * MINUTE
    covered = settle_at is not None and settle_at <= late_tick
    late_at = late_tick if not covered and late_tick <= now else None
    late_extra = None
    settled = settle_at
    if late_at is not None and settle_at is not None and instalments[-1].recorded <= late_at:
        # The last instalment was recorded before the fee was added: the fee is paid on its own afterwards.
        recorded = settle_at + HOUR + u[29] * 2 * DAY
        late_extra = Times(recorded - u[30] * HOUR, recorded, recorded + 10 * MINUTE + u[31] * 6 * HOUR)
        settled = late_extra.decided
    storage_first = sale.sale_date + timedelta(days=free_days)
    today = dubai_day(now)
    gate_at = storage_payment = picked_up = released = None
    storage_last: date | None = today
    if settled is not None and settled <= now:
        g = u[32]
        wait = (
            u[33] * DAY
            if g < 0.60
            else DAY + u[33] * 2 * DAY
            if g < 0.85
            else 3 * DAY + u[33] * 4 * DAY
            if g < 0.95
            else 7 * DAY + u[33] * 14 * DAY
        )
        gate_at = settled + wait
        if gate_at <= now:
            gate_day = dubai_day(gate_at)
            if gate_day >= storage_first:  # storage owed up to that day, paid at the counter first
                recorded = max(day_start(gate_day) + 5 * MINUTE, gate_at - 40 * MINUTE)
                storage_payment = Times(recorded - 2 * MINUTE, recorded, recorded + 5 * MINUTE)
                gate_at = max(gate_at, recorded + 6 * MINUTE)
            day_end = day_start(gate_day + DAY) - MINUTE
            picked_up = min(gate_at + 5 * MINUTE + u[34] * 2 * HOUR, day_end, now)
            if picked_up < gate_at:  # the gate pass is issued and used in the same minute as now
                picked_up = gate_at
            if picked_up <= now and u[35] < 0.9:
                release = picked_up + u[36] * 2 * DAY
                released = release if release <= now else None
            storage_last = dubai_day(picked_up)
        else:
            gate_at = None
    adjustable = (
        settle_at is not None
        and settle_at < due - HOUR
        and settle_at <= now
        and late_extra is None
        and rejected is None
    )
    return Plan(
        issued=issued,
        due=due,
        corrected_at=corrected_at,
        rejected=rejected,
        instalments=instalments,
        settles=settle_at is not None,
        late_at=late_at,
        late_extra=late_extra,
        settled=settled,
        gate_at=gate_at,
        storage_payment=storage_payment,
        picked_up=picked_up,
        released=released,
        storage_first=storage_first,
        storage_last=storage_last,
        adjustable=adjustable,
        u=u,
    )


# ------------------------------------------------------------------------------------------------ documents


@dataclass(slots=True)
class Doc:
    """An invoice or credit note waiting for its number (given in order of issue)."""

    at: datetime
    row: list[Any]  # INVOICE_COLUMNS, number and search_text filled in when it is written
    lines: list[LineDraft]
    counter: str  # invoice or credit
    number: str = ""


@dataclass(slots=True)
class Pay:
    at: datetime  # recorded
    doc: Doc
    row: list[Any]  # PAYMENT_COLUMNS, transaction_id and search_text filled in when it is written


@dataclass
class World:
    """What the rows are made from, read from the database."""

    now: datetime
    clerk: str
    cashiers: list[str]
    business: SimpleNamespace
    charges: dict[str, list[Any]]  # kind -> charges (SimpleNamespace with the Charge attributes)
    buyers: dict[str, tuple[str, str | None, str | None]]  # id -> name, TRN, address
    buyer_ids: list[str]


def reference(rng: random.Random, method: str, at: datetime) -> str | None:
    if method == "bankTransfer":
        return f"FT{at.astimezone(DUBAI):%y%j}{rng.randrange(10**7):07d}"
    if method == "card":
        card = rng.choice(("VISA", "MC", "AMEX"))
        return f"AUTH {rng.randrange(10**6):06d} {card} *{rng.randrange(10**4):04d}"
    if method == "cheque":
        return f"CHQ {rng.randrange(10**6):06d} {rng.choice(BANKS)}"
    return None


def hundreds(amount: Decimal) -> Decimal:
    return money(int(amount) // 100 * 100)


class Builder:
    """Turns sales and their plans into invoice, line and payment rows, numbered in order of issue."""

    def __init__(self, world: World, seed: int) -> None:
        self.w = world
        self.rng = random.Random(seed + 7)  # noqa: S311 (repeatable bench data, not secrets)
        self.docs: list[tuple[datetime, int, Doc]] = []
        self.pays: list[tuple[datetime, int, Pay]] = []
        self.seq = 0
        self.numbers: dict[str, int] = {}
        self.totals: dict[tuple[str, str], list[Any]] = {}  # (kind, status) -> [count, amount]
        self.tally: Tally[str] = Tally()
        self.vehicles: Copy | None = None  # the spool of the vehicles' update
        b = world.business
        self.business = (b.legal_name, b.trn, b.address, b.phone)
        self.late_fee = world.charges["latePayment"][0] if world.charges.get("latePayment") else None
        self.storage = world.charges["storagePerDay"][0] if world.charges.get("storagePerDay") else None
        self.sale_charges = world.charges.get("sale", []) + world.charges.get("gatePass", [])

    def push_doc(self, doc: Doc) -> None:
        self.seq += 1
        heapq.heappush(self.docs, (doc.at, self.seq, doc))

    def push_pay(self, pay: Pay) -> None:
        self.seq += 1
        heapq.heappush(self.pays, (pay.at, self.seq, pay))

    def invoice(
        self,
        sale: Sale,
        *,
        buyer_id: str,
        price: Decimal,
        at: datetime,
        due: datetime | None,
        kind: str = "invoice",
    ) -> Doc:
        name, trn, address = self.w.buyers[buyer_id]
        b_name, b_trn, b_address, b_phone = self.business
        row: list[Any] = [
            uid(self.rng), at, at, "", kind, "unpaid", buyer_id, sale.vehicle_id, sale.run_id, None, at, due,
            sale.sale_date, ZERO, ZERO, ZERO, ZERO, ZERO, None, None, None, None, None, name, trn, address,
            sale.lot, sale.vin, sale.title, b_name, b_trn, b_address, b_phone, "",
        ]  # fmt: skip
        lines = sale_lines(
            vehicle_description=f"Lot {sale.lot} · {sale.title} · VIN {sale.vin}",
            price=price,
            seller_charges_vat=sale.seller_vat,
            charges=self.sale_charges,
            vat_rate=self.w.business.vat_rate,
        )
        return Doc(at, row, lines, "invoice" if kind == "invoice" else "credit")

    def payment(
        self, doc: Doc, times: Times, amount: Decimal, method: str, now: datetime, *, rejected: bool = False
    ) -> Pay:
        decided = times.decided if times.decided is not None and times.decided <= now else None
        confirmation = "Pending" if decided is None else "Rejected" if rejected else "Verified"
        recorder = self.rng.choice(self.w.cashiers)
        checker = self.rng.choice([c for c in self.w.cashiers if c != recorder]) if decided else None
        row: list[Any] = [
            uid(self.rng), times.recorded, decided or times.recorded, "", "inbound", doc.row[0], doc.row[6],
            amount, method, reference(self.rng, method, times.paid), times.paid, confirmation, recorder,
            checker, decided, REJECTIONS[method] if rejected and decided else None, "",
        ]  # fmt: skip
        return Pay(times.recorded, doc, row)

    def add(self, sale: Sale, plan: Plan, now: datetime) -> None:
        """Every document and payment of one sale, and its vehicle's state; queued to be numbered."""
        rng, w, u = self.rng, self.w, plan.u
        if plan.corrected_at is not None:
            wrong_buyer = u[37] < 0.5
            buyer = w.buyer_ids[int(u[38] * len(w.buyer_ids))] if wrong_buyer else sale.buyer_id
            if buyer == sale.buyer_id and wrong_buyer:
                buyer = w.buyer_ids[(int(u[38] * len(w.buyer_ids)) + 1) % len(w.buyer_ids)]
            price = sale.price if wrong_buyer else sale.price + Decimal(500 * (1 + int(u[39] * 10)))
            first = self.invoice(
                sale, buyer_id=buyer, price=price, at=sale.at, due=sale.at + (plan.due - plan.issued)
            )
            self.finish(first, "cancelled", plan.corrected_at, paid=ZERO, pending=ZERO)
            first.row[20:23] = [CORRECTION, plan.corrected_at, w.clerk]
            note = self.invoice(
                sale, buyer_id=buyer, price=price, at=plan.corrected_at, due=None, kind="creditNote"
            )
            note.lines = [
                LineDraft(
                    kind=line.kind,
                    description=f"Credit: {line.description}",
                    quantity=-line.quantity,
                    unit_amount=line.unit_amount,
                    vat_rate=line.vat_rate,
                    charge_id=line.charge_id,
                    service_date=line.service_date,
                )
                for line in first.lines
            ]
            note.row[9] = first.row[0]
            note.row[20] = CORRECTION
            self.finish(note, "issued", plan.corrected_at, paid=ZERO, pending=ZERO)
            self.push_doc(first)
            self.push_doc(note)
        doc = self.invoice(sale, buyer_id=sale.buyer_id, price=sale.price, at=plan.issued, due=plan.due)
        base = summed(doc.lines).total
        vat_rate = w.business.vat_rate
        late_total = ZERO
        if plan.late_at is not None and self.late_fee is not None:
            fee = self.late_fee
            line = LineDraft("latePayment", fee.title, 1, money(fee.charges), vat_rate, fee.id)
            doc.lines.append(line)
            late_total = line_total(line)
            doc.row[18] = plan.late_at
        if self.storage is not None and plan.storage_last is not None:
            day = plan.storage_first
            storage = self.storage
            while day <= plan.storage_last:
                doc.lines.append(
                    LineDraft(
                        "storagePerDay", f"{storage.title}: {day.strftime('%d/%m/%Y')}", 1,
                        money(storage.charges), vat_rate, storage.id, day,
                    )
                )  # fmt: skip
                day += DAY
        if plan.storage_last is not None:
            doc.row[19] = plan.storage_last
        storage_total = sum((line_total(x) for x in doc.lines if x.kind == "storagePerDay"), ZERO)
        # Payments: amounts from the lines; only what was recorded by now exists.
        paid = pending = ZERO
        method_of = ("bankTransfer", "card", "cheque", "cash")
        weights = (40, 30, 10, 20)
        pays: list[Pay] = []

        def take(times: Times, amount: Decimal, method: str, rejected: bool = False) -> None:
            nonlocal paid, pending
            if times.recorded > now or amount <= 0:
                return
            pay = self.payment(doc, times, amount, method, now, rejected=rejected)
            pays.append(pay)
            if pay.row[11] == "Verified":
                paid += amount
            elif pay.row[11] == "Pending":
                pending += amount

        if plan.rejected is not None:
            take(plan.rejected, base, rng.choice(("cheque", "bankTransfer", "card")), rejected=True)
        remaining = base
        last = len(plan.instalments) - 1
        for j, times in enumerate(plan.instalments):
            if not plan.settles:  # a deposit
                amount = max(Decimal(100), hundreds(base * Decimal(str(0.1 + 0.2 * u[24]))))
            elif j < last:
                amount = max(Decimal(100), hundreds(remaining * Decimal(str(0.2 + 0.4 * u[12 + j]))))
                amount = min(amount, remaining - Decimal(100))
                remaining -= amount
            else:
                amount = remaining
                if plan.late_at is not None and plan.late_extra is None and times.recorded > plan.late_at:
                    amount += late_total
            take(times, amount, rng.choices(method_of, weights)[0])
        if plan.late_extra is not None:
            take(plan.late_extra, late_total, rng.choice(("card", "cash", "bankTransfer")))
        if plan.storage_payment is not None:
            take(plan.storage_payment, storage_total, "card" if rng.random() < 0.6 else "cash")
        last_change = max(
            [plan.issued]
            + [p.row[2] for p in pays]
            + ([plan.late_at] if plan.late_at else [])
            + (
                [day_start(plan.storage_last)]
                if plan.storage_last and plan.storage_last >= plan.storage_first
                else []
            )
        )
        status = self.finish(doc, None, min(last_change, now), paid=paid, pending=pending)
        self.push_doc(doc)
        for pay in pays:
            self.push_pay(pay)
        gate = "Picked Up" if plan.picked_up is not None else "Pending"
        assert self.vehicles is not None
        self.vehicles.write_row((
            sale.vehicle_id, status == "paid", gate, plan.released is not None, plan.released,
            sale.converted is not None, *(sale.converted or (None, None, None, None, None, sale.at, None)),
        ))  # fmt: skip
        self.tally[f"current {status}"] += 1

    def finish(
        self, doc: Doc, status: str | None, changed: datetime, *, paid: Decimal, pending: Decimal
    ) -> str:
        sums = summed(doc.lines)
        row = doc.row
        row[13], row[14], row[15], row[16], row[17] = sums.subtotal, sums.vat, sums.total, paid, pending
        row[2] = changed
        if status is None:
            lines = [SimpleNamespace(kind=x.kind, total=line_total(x)) for x in doc.lines]
            invoice = SimpleNamespace(
                kind="invoice",
                status="unpaid",
                total=sums.total,
                paid_amount=paid,
                lines=lines,
                due_at=row[11],
            )
            status = state_of(invoice, self.w.now)  # type: ignore[arg-type]  # duck-typed Invoice
        row[5] = status
        return status

    def emit_until(self, moment: datetime | None, invoices: Copy, lines: Copy, payments: Copy) -> None:
        """Numbers and writes every document and payment recorded before the moment (all of them: None)."""
        while self.docs and (moment is None or self.docs[0][0] < moment):
            _, _, doc = heapq.heappop(self.docs)
            self.write_doc(doc, invoices, lines)
        while self.pays and (moment is None or self.pays[0][0] < moment):
            _, _, pay = heapq.heappop(self.pays)
            self.write_pay(pay, payments)

    def next_number(self, name: str) -> int:
        n = self.numbers.get(name, 0) + 1
        self.numbers[name] = n
        return n

    def write_doc(self, doc: Doc, invoices: Copy, lines: Copy) -> None:
        year = dubai_day(doc.at).year
        n = self.next_number(f"{doc.counter}-{year}")
        middle = "" if doc.counter == "invoice" else "CN-"
        doc.number = f"{self.w.business.invoice_prefix}-{middle}{year}-{n:06d}"
        row = doc.row
        row[3] = doc.number
        row[33] = invoice_search_text(
            SimpleNamespace(
                number=doc.number, buyer_name=row[23], vehicle_lot_number=row[26], vehicle_vin=row[27]
            )  # type: ignore[arg-type]
        )
        invoices.write_row(row)
        kind = row[4]
        entry = self.totals.setdefault((kind, row[5]), [0, ZERO])
        entry[0] += 1
        entry[1] += row[15]
        for position, line in enumerate(doc.lines, start=1):
            amount, vat, total = figures(line.quantity, line.unit_amount, line.vat_rate)
            lines.write_row((
                uid(self.rng), row[0], position, line.kind, line.description, line.charge_id,
                line.service_date, line.quantity, line.unit_amount, amount, line.vat_rate, vat, total,
            ))  # fmt: skip
            self.tally["lines"] += 1
        self.tally[kind] += 1

    def write_pay(self, pay: Pay, payments: Copy) -> None:
        year = dubai_day(pay.at).year
        row = pay.row
        row[3] = f"PAY-{year}-{self.next_number(f'payment-{year}'):06d}"
        doc = pay.doc.row
        invoice = SimpleNamespace(
            number=pay.doc.number, buyer_name=doc[23], vehicle_lot_number=doc[26], vehicle_vin=doc[27]
        )
        payment = SimpleNamespace(transaction_id=row[3], reference=row[9], invoice=invoice)
        row[16] = payment_search_text(payment)  # type: ignore[arg-type]  # duck-typed Payment
        payments.write_row(row)
        entry = self.totals.setdefault(("payment", row[11]), [0, ZERO])
        entry[0] += 1
        entry[1] += row[7]
        self.tally["payments"] += 1


# ------------------------------------------------------------------------------------------------ reading


@dataclass
class EventSlot:
    id: str
    auction_id: str
    start: datetime
    end: datetime
    sale_date: date
    lanes: list[list[Any]]  # [lane id, last run number]


class Events:
    """The completed events in start order, weighted by their runs: a weighted pick in a window."""

    def __init__(self, events: list[EventSlot], weights: list[int]) -> None:
        self.events = events
        self.starts = [e.start for e in events]
        self.cumulative: list[float] = []
        total = 0.0
        for w in weights:
            total += w + 1
            self.cumulative.append(total)

    def pick(self, rng: random.Random, low: datetime, high: datetime) -> EventSlot | None:
        lo, hi = bisect.bisect_left(self.starts, low), bisect.bisect_left(self.starts, high)
        if lo >= hi:
            return None
        base = self.cumulative[lo - 1] if lo else 0.0
        x = base + rng.random() * (self.cumulative[hi - 1] - base)
        return self.events[min(bisect.bisect_left(self.cumulative, x, lo, hi), hi - 1)]


def ensure_staff_and_fees(conn: psycopg.Connection[Any], now: datetime) -> tuple[str, list[str]]:
    """The bench administrator (made by bench_app) and six cashiers; the buyer fee schedule when none."""
    admin = conn.execute(
        "SELECT id, role_id, password_hash FROM user_account ORDER BY created_at, id LIMIT 1"
    ).fetchone()
    if admin is None:
        raise SystemExit("no staff user: the bench administrator is made first")
    for n, name in enumerate(CASHIERS, start=1):
        conn.execute(
            "INSERT INTO user_account (id, created_at, updated_at, full_name, email, user_account_status,"
            " is_active, role_id, password_hash, must_change_password)"
            " VALUES (%s, %s, %s, %s, %s, 'Active', true, %s, %s, false) ON CONFLICT DO NOTHING",
            (uuid.uuid4().hex, now, now, name, f"bench-cashier-{n}@example.com", admin[1], admin[2]),
        )
    cashiers = [
        r[0]
        for r in conn.execute(
            "SELECT id FROM user_account WHERE email LIKE 'bench-cashier-%%' ORDER BY email"
        ).fetchall()
    ]
    has_fees = conn.execute(
        "SELECT count(*) FROM charge WHERE is_active AND applies_to = 'buyer' AND kind = 'sale'"
    ).fetchone()
    if not has_fees or not has_fees[0]:
        for title, kind, amount, low, high in FEES:
            conn.execute(
                "INSERT INTO charge (id, created_at, updated_at, title, title_key, charges, applies_to, kind,"
                " min_price, max_price, is_active, description) VALUES"
                " (%s, %s, %s, %s, %s, %s, 'buyer', %s, %s, %s, true, NULL)"
                " ON CONFLICT (title_key) DO NOTHING",
                (uuid.uuid4().hex, now, now, title, title.lower(), Decimal(amount), kind, low, high),
            )
    conn.commit()
    return admin[0], cashiers


def read_world(conn: psycopg.Connection[Any], now: datetime, clerk: str, cashiers: list[str]) -> World:
    row = conn.execute(
        "SELECT legal_name, trn, address, phone, vat_rate, payment_window_hours, free_storage_days,"
        " invoice_prefix FROM business_settings LIMIT 1"
    ).fetchone()
    if row is None:
        raise SystemExit("no business settings (migration 0011 makes them)")
    business = SimpleNamespace(
        legal_name=row[0], trn=row[1], address=row[2], phone=row[3], vat_rate=Decimal(row[4]),
        payment_window_hours=row[5], free_storage_days=row[6], invoice_prefix=row[7],
    )  # fmt: skip
    charges: dict[str, list[Any]] = {}
    for c in conn.execute(
        "SELECT id, title, charges, kind, min_price, max_price FROM charge"
        " WHERE is_active AND applies_to = 'buyer' ORDER BY title_key"
    ).fetchall():
        charges.setdefault(c[3], []).append(
            SimpleNamespace(id=c[0], title=c[1], charges=c[2], kind=c[3], min_price=c[4], max_price=c[5])
        )
    buyers: dict[str, tuple[str, str | None, str | None]] = {}
    approved: list[str] = []
    with conn.cursor(name="buyers") as cur:
        cur.itersize = 50_000
        cur.execute(
            "SELECT m.id, m.member_entity, m.company_name, m.first_name, m.last_name, m.trn, p.address,"
            " m.status = 'approved' FROM member m LEFT JOIN member_profile p ON p.member_id = m.id"
            " WHERE m.is_buyer ORDER BY m.id"
        )
        for r in cur:
            person = SimpleNamespace(member_entity=r[1], company_name=r[2], first_name=r[3], last_name=r[4])
            buyers[r[0]] = (member_name(person), r[5], r[6])  # type: ignore[arg-type]  # duck-typed Member
            if r[7]:
                approved.append(r[0])
    conn.commit()
    return World(now, clerk, cashiers, business, charges, buyers, approved)


def read_sales(conn: psycopg.Connection[Any], vat_sellers: set[str]) -> list[Sale]:
    missing = conn.execute(
        "SELECT count(*) FROM vehicle v WHERE v.status = 'sold' AND NOT EXISTS (SELECT 1 FROM auction_run r"
        " WHERE r.vehicle_id = v.id AND r.is_current AND r.outcome = 'sold')"
    ).fetchone()
    if missing and missing[0]:
        raise SystemExit(f"{missing[0]:,} sold vehicles have no sold run: load the auctions first")
    sales = []
    with conn.cursor(name="sales") as cur:
        cur.itersize = 50_000
        cur.execute(
            "SELECT v.id, v.vehicle_lot_number, v.vin_number, v.title, v.member_id, v.buyer_member_id,"
            " v.sold_for, r.id, r.recorded_at, e.sale_date FROM vehicle v"
            " JOIN auction_run r ON r.vehicle_id = v.id AND r.is_current AND r.outcome = 'sold'"
            " JOIN auction_event e ON e.id = r.event_id WHERE v.status = 'sold' ORDER BY v.vehicle_lot_number"
        )
        for r in cur:
            sales.append(Sale(r[8], r[0], r[1], r[2], r[3], r[4] in vat_sellers, r[5], r[6], r[7], r[9]))
    conn.commit()
    return sales


def sell_more(
    conn: psycopg.Connection[Any],
    rng: random.Random,
    needed: int,
    world: World,
    vat_sellers: set[str],
    runs_file: IO[bytes],
) -> list[Sale]:
    """Sells `needed` more vehicles (cancelled, rejected, approved without an event, pending; came in more
    than five days ago) in past events, as the auctions generator places its sales; their runs are spooled."""
    now = world.now
    candidates = conn.execute(
        "SELECT v.id, v.vehicle_lot_number, v.vin_number, v.title, v.member_id, v.created_at,"
        " v.opening_price, v.reserve_price, h.last_end FROM vehicle v LEFT JOIN (SELECT r.vehicle_id,"
        " max(e.end_at) AS last_end FROM auction_run r JOIN auction_event e ON e.id = r.event_id"
        " GROUP BY r.vehicle_id) h ON h.vehicle_id = v.id"
        " WHERE (v.status IN ('cancelled', 'rejected', 'pending')"
        " OR (v.status = 'approved' AND v.event_id IS NULL))"
        " AND v.created_at < %s ORDER BY v.vehicle_lot_number",
        (now - 5 * DAY,),
    ).fetchall()
    if len(candidates) < needed:
        raise SystemExit(f"{needed:,} more sold vehicles are needed and only {len(candidates):,} can be sold")
    events: list[EventSlot] = []
    weights: list[int] = []
    by_id: dict[str, EventSlot] = {}
    for r in conn.execute(
        "SELECT e.id, e.auction_id, e.start_at, e.end_at, e.sale_date, (SELECT count(*) FROM auction_run r"
        " WHERE r.event_id = e.id) FROM auction_event e WHERE e.status = 'completed' AND e.start_at < %s"
        " ORDER BY e.start_at, e.id",
        (now - 12 * HOUR,),
    ).fetchall():
        event = EventSlot(r[0], r[1], r[2], r[3], r[4], [])
        events.append(event)
        weights.append(int(r[5]))
        by_id[event.id] = event
    for lane_id, event_id, last in conn.execute(
        "SELECT l.id, l.event_id, coalesce(max(r.run_number), 0) FROM auction_lane l"
        " LEFT JOIN auction_run r ON r.lane_id = l.id GROUP BY l.id, l.event_id, l.lane_number"
        " ORDER BY l.event_id, l.lane_number"
    ).fetchall():
        if event_id in by_id:
            by_id[event_id].lanes.append([lane_id, last])
    conn.commit()
    if not events:
        raise SystemExit("no completed events: load the auctions first (bench/auctions_generate.py)")
    picker = Events(events, weights)
    sales: list[Sale] = []
    with Copy(conn.cursor(), writer=FileWriter(runs_file)) as copy:
        for row in rng.sample(candidates, len(candidates)):
            if len(sales) == needed:
                break
            vehicle_id, lot, vin, title, seller, created, opening, reserve, last_end = row
            earliest = max(created + 2 * DAY, (last_end or created) + HOUR)
            latest = now - DAY
            slot = picker.pick(rng, earliest, min(created + 30 * DAY, latest))
            slot = slot or picker.pick(rng, earliest, latest)
            if slot is None:
                continue
            buyer = rng.choice(world.buyer_ids)
            while buyer == seller:
                buyer = rng.choice(world.buyer_ids)
            price = Decimal(opening) + Decimal(rng.randint(0, 40) * 500)
            lane = rng.choice(slot.lanes)
            lane[1] += 1
            number = lane[1]
            recorded = min(slot.start + number * 45 * timedelta(seconds=1), slot.end - MINUTE)
            recorded += timedelta(seconds=rng.randint(0, 30))
            came_in = slot.start - 2 * DAY if created > slot.start - DAY else None
            placed = min(now, max(came_in or created, slot.start - timedelta(days=rng.randint(1, 7))))
            run_id = uid(rng)
            copy.write_row((
                run_id, placed, recorded, slot.id, lane[0], vehicle_id, number, True, "sold", buyer, price,
                reserve is not None and price < reserve, recorded, world.clerk,
            ))  # fmt: skip
            sale = Sale(recorded, vehicle_id, lot, vin, title, seller in vat_sellers, buyer, price, run_id,
                        slot.sale_date)  # fmt: skip
            sale.converted = (buyer, price, slot.auction_id, slot.id, slot.sale_date, recorded, came_in)
            sales.append(sale)
    if len(sales) < needed:
        raise SystemExit(f"only {len(sales):,} of the {needed:,} more sales found a past event")
    return sales


# ------------------------------------------------------------------------------------------------ loading


def foreign_keys(conn: psycopg.Connection[Any], table: str) -> list[tuple[str, str]]:
    return conn.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = %s::regclass"
        " AND contype = 'f' ORDER BY conname",
        (table,),
    ).fetchall()


def stream(conn: psycopg.Connection[Any], statement: str, path: Path) -> None:
    with conn.cursor().copy(statement) as copy, path.open("rb") as f:
        while block := f.read(1 << 20):
            copy.write(block)


def plan_payments(
    sales: list[Sale], corrected: bytearray, target: int, seed: int, world: World
) -> tuple[dict[int, int], int]:
    """First pass: how many payments each sale's plan makes; the instalments of sales paid on time are then
    changed one by one (which changes nothing else) until the payments are exactly `target`."""
    rng = random.Random(seed + 11)  # noqa: S311 (repeatable bench data, not secrets)
    window = timedelta(hours=world.business.payment_window_hours)
    free = world.business.free_storage_days
    total = 0
    adjustable: list[tuple[int, int]] = []
    for i, sale in enumerate(sales):
        plan = decide(sale, seed, world.now, window, free, corrected=bool(corrected[i]))
        total += plan.payments(world.now)
        if plan.adjustable:
            adjustable.append((i, len(plan.instalments)))
    natural = total
    overrides: dict[int, int] = {}
    rng.shuffle(adjustable)
    while total != target:
        moved = False
        for i, k in adjustable:
            k = overrides.get(i, k)
            if total < target and k < MAX_INSTALMENTS:
                overrides[i] = k + 1
                total += 1
                moved = True
            elif total > target and k > 1:
                overrides[i] = k - 1
                total -= 1
                moved = True
            if total == target:
                break
        if not moved:
            print(
                f"  payments: {natural:,} planned, no more instalments to change;"
                f" {total:,} instead of {target:,}"
            )
            break
    return overrides, natural


def load(url: str, n_invoices: int, n_payments: int, seed: int) -> None:
    from members_bench import bench_app  # the app's first administrator (it also runs the migrations)

    started = time.perf_counter()

    async def admin() -> None:
        app, _ = await bench_app(url)
        await app.state.engine.dispose()

    asyncio.run(admin())
    rng = random.Random(seed)  # noqa: S311 (repeatable bench data, not secrets)
    now = datetime.now(UTC).replace(microsecond=0)
    spool = Path(tempfile.mkdtemp(prefix="gavel-money-"))
    files = {name: spool / f"{name}.copy" for name in ("runs", "vehicles", "invoices", "lines", "payments")}
    with psycopg.connect(psycopg_url(url)) as conn:
        clerk, cashiers = ensure_staff_and_fees(conn, now)
        world = read_world(conn, now, clerk, cashiers)
        vat_sellers = {r[0] for r in conn.execute("SELECT id FROM member WHERE trn IS NOT NULL").fetchall()}
        conn.commit()
        sales = read_sales(conn, vat_sellers)
        have = len(sales)
        corrections = round(n_invoices * CORRECTED_SHARE / (1 + 2 * CORRECTED_SHARE))
        if have > n_invoices - 2 * corrections:
            corrections = max(0, (n_invoices - have) // 2)
        needed = n_invoices - 2 * corrections - have
        if needed < 0:
            raise SystemExit(
                f"{have:,} sold vehicles need at least {have:,} invoices; --invoices is {n_invoices:,}"
            )
        with files["runs"].open("wb") as runs_file:
            sales += sell_more(conn, rng, needed, world, vat_sellers, runs_file) if needed else []
    read = time.perf_counter()
    sales.sort(key=lambda s: (s.at, s.lot))
    for i, sale in enumerate(sales):
        sale.index = i
    corrected = bytearray(len(sales))
    for i in rng.sample(range(len(sales)), corrections):
        corrected[i] = 1
    overrides, natural = plan_payments(sales, corrected, n_payments, seed, world)
    planned = time.perf_counter()

    builder = Builder(world, seed)
    window = timedelta(hours=world.business.payment_window_hours)
    free = world.business.free_storage_days
    with psycopg.connect(psycopg_url(url)) as conn, ExitSpools(conn, files) as out:
        builder.vehicles = out["vehicles"]
        for i, sale in enumerate(sales):
            builder.emit_until(sale.at, out["invoices"], out["lines"], out["payments"])
            plan = decide(sale, seed, now, window, free, corrected=bool(corrected[i]), k=overrides.get(i))
            builder.add(sale, plan, now)
        builder.emit_until(None, out["invoices"], out["lines"], out["payments"])
    generated = time.perf_counter()
    sizes = ", ".join(f"{name} {path.stat().st_size / 2**20:,.0f} MB" for name, path in files.items())
    print(f"  spooled in {spool}: {sizes}")

    timings: dict[str, float] = {}
    with psycopg.connect(psycopg_url(url), autocommit=True) as conn:
        vehicle_indexes = secondary_indexes(conn, "vehicle")
        try:
            with conn.transaction():
                mark = time.perf_counter()
                conn.execute("TRUNCATE invoice CASCADE")  # its lines, payments and gate passes
                indexes = [ix for table in MONEY_TABLES for ix in secondary_indexes(conn, table)]
                keys = [(table, *fk) for table in MONEY_TABLES for fk in foreign_keys(conn, table)]
                for table, name, _ in keys:
                    conn.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
                for name, _ in indexes:
                    conn.execute(f'DROP INDEX "{name}"')
                stream(conn, f"COPY invoice ({', '.join(INVOICE_COLUMNS)}) FROM STDIN", files["invoices"])
                stream(conn, f"COPY invoice_line ({', '.join(LINE_COLUMNS)}) FROM STDIN", files["lines"])
                stream(conn, f"COPY payment ({', '.join(PAYMENT_COLUMNS)}) FROM STDIN", files["payments"])
                timings["COPY invoices, lines, payments"] = time.perf_counter() - mark
                mark = time.perf_counter()
                stream(conn, f"COPY auction_run ({', '.join(RUN_COLUMNS)}) FROM STDIN", files["runs"])
                conn.execute(
                    "CREATE TEMP TABLE money_vehicle (vehicle_id varchar(32) PRIMARY KEY, is_paid boolean,"
                    " gate_pass_status varchar(12), is_released boolean, release_date timestamptz,"
                    " converted boolean, buyer_id varchar(32), sold_for numeric(14, 2),"
                    " auction_id varchar(32),"
                    " event_id varchar(32), sale_date date, sold_at timestamptz, came_in timestamptz)"
                    " ON COMMIT DROP"
                )
                stream(
                    conn,
                    f"COPY money_vehicle ({', '.join(VEHICLE_UPDATE_COLUMNS)}) FROM STDIN",
                    files["vehicles"],
                )
                for name, _ in vehicle_indexes:
                    conn.execute(f'DROP INDEX "{name}"')
                conn.execute(
                    "UPDATE vehicle v SET status = 'sold', is_paid = m.is_paid,"
                    " gate_pass_status = m.gate_pass_status,"
                    " is_released = m.is_released, release_date = m.release_date,"
                    " buyer_member_id = coalesce(m.buyer_id, v.buyer_member_id),"
                    " sold_for = coalesce(m.sold_for, v.sold_for),"
                    " auction_id = coalesce(m.auction_id, v.auction_id),"
                    " auction_date = coalesce(m.sale_date, v.auction_date),"
                    " event_id = coalesce(m.event_id, v.event_id),"
                    " event_date = coalesce(m.sale_date, v.event_date),"
                    " status_changed_at = CASE WHEN m.converted THEN m.sold_at"
                    " ELSE coalesce(v.status_changed_at, m.sold_at) END,"
                    " status_reason = CASE WHEN m.converted THEN NULL ELSE v.status_reason END,"
                    " is_returned = v.is_returned AND NOT m.converted,"
                    " is_received = v.is_received OR m.converted,"
                    " is_vehicle_delivered_by_seller = v.is_vehicle_delivered_by_seller OR m.converted,"
                    " is_inspection = CASE WHEN m.converted THEN 'completed' ELSE v.is_inspection END,"
                    " created_at = coalesce(m.came_in, v.created_at)"
                    " FROM money_vehicle m WHERE v.id = m.vehicle_id"
                )
                timings["runs and vehicles"] = time.perf_counter() - mark
                mark = time.perf_counter()
                conn.execute("SET LOCAL maintenance_work_mem = '512MB'")
                for _, definition in indexes:
                    conn.execute(definition)
                timings[f"{len(indexes)} indexes"] = time.perf_counter() - mark
                mark = time.perf_counter()
                for table, name, definition in keys:
                    conn.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
                timings[f"{len(keys)} foreign keys"] = time.perf_counter() - mark
                conn.execute("DELETE FROM document_total WHERE kind IN ('invoice', 'creditNote', 'payment')")
                with conn.cursor().copy(
                    "COPY document_total (kind, status, count, amount) FROM STDIN"
                ) as copy:
                    for (kind, status), (count, amount) in sorted(builder.totals.items()):
                        copy.write_row((kind, status, count, amount))
                conn.execute("DELETE FROM counter WHERE name ~ '^(invoice|credit|payment)-[0-9]{4}$'")
                with conn.cursor().copy("COPY counter (name, value) FROM STDIN") as copy:
                    for name, value in sorted(builder.numbers.items()):
                        copy.write_row((name, value))
            mark = time.perf_counter()
            conn.execute("VACUUM FULL vehicle")
            timings["VACUUM FULL vehicle"] = time.perf_counter() - mark
        finally:  # the vehicle indexes come back whatever happened (IF NOT EXISTS: a failure kept them)
            mark = time.perf_counter()
            with conn.transaction():
                conn.execute("SET LOCAL maintenance_work_mem = '512MB'")
                for _, definition in vehicle_indexes:
                    conn.execute(definition.replace(" INDEX ", " INDEX IF NOT EXISTS ", 1))
            timings[f"{len(vehicle_indexes)} vehicle indexes"] = time.perf_counter() - mark
        mark = time.perf_counter()
        for table in (
            *MONEY_TABLES,
            "document_total",
            "counter",
            "auction_run",
            "vehicle",
            "vehicle_list_count",
        ):
            conn.execute(f"VACUUM ANALYZE {table}")
        timings["VACUUM ANALYZE"] = time.perf_counter() - mark
        done = time.perf_counter()
        for path in files.values():
            path.unlink()
        spool.rmdir()
        print(
            f"loaded {builder.tally['invoice'] + builder.tally['creditNote']:,} invoices and credit notes,"
            f" {builder.tally['lines']:,} lines and {builder.tally['payments']:,} payments"
            f" in {done - started:.1f} s"
        )
        print(
            f"  read {read - started:.1f} s ({have:,} sales, {needed:,} more vehicles sold),"
            f" plan {planned - read:.1f} s, generate {generated - planned:.1f} s, "
            + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items())
        )
        states = ", ".join(
            f"{k.removeprefix('current ')} {v:,}"
            for k, v in sorted(builder.tally.items())
            if k.startswith("current")
        )
        print(
            f"  {corrections:,} corrected sales (a cancelled invoice and a credit note each);"
            f" current invoices: {states}"
        )
        print(f"  payments: {natural:,} from the plans, {len(overrides):,} invoices' instalments changed")
        print(
            "  document_total: "
            + "; ".join(f"{k} {s} {c:,} / {a:,} AED" for (k, s), (c, a) in sorted(builder.totals.items()))
        )
        sizes_row = conn.execute(
            "SELECT pg_size_pretty(sum(pg_total_relation_size(c))) FROM unnest(%s::regclass[]) c",
            (list(MONEY_TABLES),),
        ).fetchone()
        print(f"  invoice, invoice_line and payment with their indexes {sizes_row[0] if sizes_row else '?'}")
        check(conn)


class ExitSpools:
    """The spool files as COPY writers (psycopg's FileWriter: rows formatted by psycopg, not sent)."""

    def __init__(self, conn: psycopg.Connection[Any], files: dict[str, Path]) -> None:
        self.conn = conn
        self.files = files
        self.open: list[tuple[IO[bytes], Copy]] = []

    def __enter__(self) -> dict[str, Copy]:
        out = {}
        for name in ("vehicles", "invoices", "lines", "payments"):
            f = self.files[name].open("wb")
            copy = Copy(self.conn.cursor(), writer=FileWriter(f))
            copy.__enter__()
            self.open.append((f, copy))
            out[name] = copy
        return out

    def __exit__(self, *exc: object) -> None:
        for f, copy in self.open:
            copy.__exit__(None, None, None)
            f.close()


def check(conn: psycopg.Connection[Any]) -> None:
    """The rows agree with themselves: document_total, totals against lines, paid and pending against
    payments, numbers without gaps, and each sold vehicle's Paid against its invoice."""
    started = time.perf_counter()
    checks = {
        "document_total rows that differ from the rows": (
            "SELECT count(*) FROM (SELECT kind, status, count(*) AS n, sum(total) AS amount FROM invoice"
            " GROUP BY 1, 2 UNION ALL SELECT 'payment', confirmation, count(*), sum(amount) FROM payment"
            " GROUP BY 2) r FULL JOIN (SELECT * FROM document_total WHERE kind IN ('invoice', 'creditNote',"
            " 'payment') AND count <> 0) d ON d.kind = r.kind AND d.status = r.status"
            " WHERE d.count IS DISTINCT FROM r.n OR d.amount IS DISTINCT FROM r.amount"
        ),
        "invoices whose totals are not the sums of their lines": (
            "SELECT count(*) FROM invoice i LEFT JOIN (SELECT invoice_id, sum(amount) AS a, sum(vat) AS v,"
            " sum(total) AS t FROM invoice_line GROUP BY 1) l ON l.invoice_id = i.id"
            " WHERE (i.subtotal, i.vat_total, i.total) IS DISTINCT FROM (l.a, l.v, l.t)"
        ),
        "invoices whose paid or pending amount is not their payments'": (
            "SELECT count(*) FROM invoice i LEFT JOIN (SELECT invoice_id,"
            " sum(amount) FILTER (WHERE confirmation = 'Verified') AS p,"
            " sum(amount) FILTER (WHERE confirmation = 'Pending') AS q FROM payment GROUP BY 1) x"
            " ON x.invoice_id = i.id WHERE i.paid_amount <> coalesce(x.p, 0)"
            " OR i.pending_amount <> coalesce(x.q, 0)"
            " OR i.total - i.paid_amount - i.pending_amount < 0 AND i.kind = 'invoice'"
        ),
        "numbering series with a gap (count <> last number <> counter)": (
            "SELECT count(*) FROM (SELECT split_part(number, '-', 2) = 'CN' AS cn,"
            " substring(number from '([0-9]{4})-[0-9]{6}$') AS year, count(*) AS n,"
            " max(right(number, 6)::int) AS last FROM invoice GROUP BY 1, 2"
            " UNION ALL SELECT NULL, split_part(transaction_id, '-', 2), count(*),"
            " max(right(transaction_id, 6)::int) FROM payment GROUP BY 2) s"
            " LEFT JOIN counter c ON c.name = CASE WHEN s.cn IS NULL THEN 'payment'"
            " WHEN s.cn THEN 'credit' ELSE 'invoice' END || '-' || s.year"
            " WHERE s.n <> s.last OR c.value IS DISTINCT FROM s.last"
        ),
        "sold vehicles whose Paid is not their current invoice's": (
            "SELECT count(*) FROM vehicle v LEFT JOIN invoice i ON i.vehicle_id = v.id AND i.kind = 'invoice'"
            " AND i.status <> 'cancelled' WHERE v.status = 'sold'"
            " AND v.is_paid IS DISTINCT FROM (i.status = 'paid')"
        ),
    }
    bad = 0
    for what, sql in checks.items():
        row = conn.execute(sql).fetchone()
        n = int(row[0]) if row else -1
        bad += n
        print(f"  check: {what}: {n:,}")
    print(f"  checks {time.perf_counter() - started:.1f} s")
    if bad:
        raise SystemExit("the money data does not agree with itself")


def invoice_count(url: str) -> int:
    with psycopg.connect(psycopg_url(url)) as conn:
        if conn.execute("SELECT to_regclass('invoice')").fetchone() == (None,):
            return 0
        row = conn.execute("SELECT count(*) FROM invoice").fetchone()
        return int(row[0]) if row else 0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", required=True, help="postgresql://user@host:port/db")
    parser.add_argument("--invoices", type=int, default=1_000_000, help="invoices and credit notes")
    parser.add_argument("--payments", type=int, default=1_500_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--create-database", action="store_true", help="create the database when missing")
    parser.add_argument(
        "--if-fewer", action="store_true", help="load only when the database holds fewer than --invoices"
    )
    args = parser.parse_args()
    if not normalise_database_url(args.database_url).startswith("postgresql"):
        parser.error("the generator loads PostgreSQL only")
    if args.create_database:
        create_database(args.database_url)
    if args.if_fewer:
        have = invoice_count(args.database_url)
        if have >= args.invoices:
            print(f"{have:,} invoices already loaded (>= {args.invoices:,}); nothing to generate")
            return
    load(args.database_url, args.invoices, args.payments, args.seed)


if __name__ == "__main__":
    main()
