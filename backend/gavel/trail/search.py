"""The audit log's search box, in the words staff use: a lot number, a VIN, an invoice or payment number, a
member's or a staff user's name. The words are resolved to records first (each look-up on an index of its
own table, gavel/trail/repository.py), then the events are those about the records, or made by the staff
users named."""

import re

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import like_pattern
from gavel.errors import Invalid
from gavel.trail import repository
from gavel.trail.found import Found

# A name that matches more records than this asks for more of the name instead of a slow, useless page.
MAX_RECORDS = 1_000
LOT = re.compile(r"(?:lot\s*)?#?\s*(\d{1,9})", re.IGNORECASE)
VIN = re.compile(r"[A-HJ-NPR-Z0-9]{17}", re.IGNORECASE)


def _few(found: list[str], what: str, words: str) -> list[str]:
    """The records a name or a vehicle names, read up to one more than MAX_RECORDS: 422 with a sentence
    beyond."""
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
    most = MAX_RECORDS + 1
    found = Found()
    vehicles: list[str] = []
    if lot := LOT.fullmatch(term):
        vehicles += await repository.vehicles_by_lot(session, int(lot[1]))
    if VIN.fullmatch(term):
        vehicles += await repository.vehicles_by_vin(session, upper)
    invoices = await repository.invoices_numbered(session, upper)
    payments = await repository.payments_numbered(session, upper)
    if vehicles:
        invoices += _few(await repository.invoices_of_vehicles(session, vehicles, most), "invoices", term)
        passes = await repository.gate_passes_of_vehicles(session, vehicles, most)
        found.add("gate_pass", _few(passes, "gate passes", term))
    if invoices:
        payments += _few(await repository.payments_of_invoices(session, invoices, most), "payments", term)
    found.add("vehicle", vehicles)
    found.add("invoice", invoices)
    found.add("payment", payments)
    if len(term) >= 2 and not found.records:
        pattern = like_pattern(term)
        found.add("member", _few(await repository.members_like(session, pattern, most), "members", term))
        found.staff = set(_few(await repository.staff_like(session, pattern, most), "staff users", term))
        found.add("user", sorted(found.staff))
    return found
