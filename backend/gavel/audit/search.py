"""The audit log's search box, in the words staff use: a lot number, a VIN, an invoice or payment number, a
member's or a staff user's name. The words are resolved to records first (each look-up on an index of its
own table), then the events are those about the records, or made by the staff users named."""

import re
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, false, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from gavel.core.paging import like_pattern
from gavel.errors import Invalid
from gavel.gatepass.models import GatePass
from gavel.invoices.models import Invoice
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.users.models import User
from gavel.vehicles.models import Vehicle

# A name that matches more records than this asks for more of the name instead of a slow, useless page.
MAX_RECORDS = 1_000
LOT = re.compile(r"(?:lot\s*)?#?\s*(\d{1,9})", re.IGNORECASE)
VIN = re.compile(r"[A-HJ-NPR-Z0-9]{17}", re.IGNORECASE)


@dataclass
class Found:
    """The records the words name, by the audit entity that events about them carry."""

    records: dict[str, set[str]] = field(default_factory=dict)
    staff: set[str] = field(default_factory=set)  # staff users named: events about them and made by them

    def add(self, entity: str, ids: list[str]) -> None:
        if ids:
            self.records.setdefault(entity, set()).update(ids)

    def condition(self) -> ColumnElement[bool]:
        """The events about the records found, or made by the staff users found; none when nothing was."""
        parts = [
            and_(AuditEvent.entity == entity, AuditEvent.entity_id.in_(sorted(ids)))
            for entity, ids in sorted(self.records.items())
        ]
        if self.staff:
            parts.append(AuditEvent.actor_id.in_(sorted(self.staff)))
        return or_(*parts) if parts else false()


async def _unique(session: AsyncSession, stmt: Select[Any]) -> list[str]:
    """The record a number names (a unique column): none or one."""
    return list((await session.scalars(stmt)).all())


async def _many(session: AsyncSession, stmt: Select[Any], what: str, words: str) -> list[str]:
    """The records a name or a vehicle names, at most MAX_RECORDS (422 with a sentence beyond)."""
    found = list((await session.scalars(stmt.limit(MAX_RECORDS + 1))).all())
    if len(found) > MAX_RECORDS:
        raise Invalid.field("search", f'More than {MAX_RECORDS:,} {what} match "{words}": type more of it.')
    return found


async def resolve(session: AsyncSession, words: str | None) -> Found | None:
    """Every record the words name: a vehicle by lot or VIN (with its invoices, their payments and its gate
    passes), an invoice or a payment by number (an invoice with its payments), members and staff users by
    name (or a member by email or phone) when no number matched. None for no words: no search."""
    term = " ".join((words or "").split())
    if not term:
        return None
    upper = term.upper()
    found = Found()
    vehicles: list[str] = []
    if lot := LOT.fullmatch(term):
        vehicles += await _unique(
            session, select(Vehicle.id).where(Vehicle.vehicle_lot_number == int(lot[1]))
        )
    if VIN.fullmatch(term):
        vehicles += await _unique(session, select(Vehicle.id).where(Vehicle.vin_number == upper))
    invoices = await _unique(session, select(Invoice.id).where(Invoice.number == upper))
    payments = await _unique(session, select(Payment.id).where(Payment.transaction_id == upper))
    if vehicles:
        of_vehicles = select(Invoice.id).where(Invoice.vehicle_id.in_(vehicles))
        invoices += await _many(session, of_vehicles, "invoices", term)
        passes = select(GatePass.id).where(GatePass.vehicle_id.in_(vehicles))
        found.add("gate_pass", await _many(session, passes, "gate passes", term))
    if invoices:
        of_invoices = select(Payment.id).where(Payment.invoice_id.in_(invoices))
        payments += await _many(session, of_invoices, "payments", term)
    found.add("vehicle", vehicles)
    found.add("invoice", invoices)
    found.add("payment", payments)
    if len(term) >= 2 and not found.records:
        pattern = like_pattern(term)
        members = select(Member.id).where(Member.search_text.like(pattern, escape="\\"))
        found.add("member", await _many(session, members, "members", term))
        staff = select(User.id).where(func.lower(User.full_name).like(pattern, escape="\\"))
        found.staff = set(await _many(session, staff, "staff users", term))
        found.add("user", sorted(found.staff))
    return found
