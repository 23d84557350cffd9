"""Reading the audit trail: the audit log's pages, a record's history, the CSV export, the records the search
box names and the names of the records a page is about."""

from collections import defaultdict
from collections.abc import AsyncIterator, Iterable
from datetime import timedelta
from typing import Any, TypeVar, cast

from sqlalchemy import ColumnElement, Select, String, and_, false, func, literal, or_, select, union_all
from sqlalchemy import cast as sql_cast
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.models import AlertCampaign, AlertMessage, AlertTemplate
from gavel.auctions.models import Auction, AuctionEvent
from gavel.audit.models import AuditEvent
from gavel.charges.models import Charge
from gavel.core.clock import day_start
from gavel.core.paging import SortOrder
from gavel.gatepass.models import GatePass
from gavel.invoices.models import Invoice
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.plans.models import SecurityPlan
from gavel.roles.models import Role
from gavel.trail.found import Found
from gavel.trail.modules import ENTITIES_OF
from gavel.trail.schemas import AuditFilters, AuditQuery
from gavel.users.models import User
from gavel.vehicles.models import Vehicle

S = TypeVar("S", bound=Select[Any])
COUNT_LIMIT = 10_000  # a page counts at most this many matching events: a count costs a walk over them
EXPORT_BATCH = 1_000


def _about(found: Found) -> ColumnElement[bool]:
    """The events about the records found, or made by the staff users found; none when nothing was."""
    parts = [
        and_(AuditEvent.entity == entity, AuditEvent.entity_id.in_(sorted(ids)))
        for entity, ids in sorted(found.records.items())
    ]
    if found.staff:
        parts.append(AuditEvent.actor_id.in_(sorted(found.staff)))
    return or_(*parts) if parts else false()


def _where(stmt: S, filters: AuditFilters, found: Found | None = None) -> S:
    """The filters, every one on audit_event alone, so that an index answers it; `found`: the records the
    search box named (gavel/trail/search.py)."""
    if found is not None:
        stmt = stmt.where(_about(found))
    if filters.actor_id:
        stmt = stmt.where(AuditEvent.actor_id == filters.actor_id)
    if filters.module:
        stmt = stmt.where(AuditEvent.entity.in_([e.value for e in ENTITIES_OF[filters.module]]))
    if filters.action:
        stmt = stmt.where(AuditEvent.action == filters.action)
    if filters.entity:
        stmt = stmt.where(AuditEvent.entity == filters.entity.value)
    if filters.entity_id:
        stmt = stmt.where(AuditEvent.entity_id == filters.entity_id)
    if filters.date_from:
        stmt = stmt.where(AuditEvent.created_at >= day_start(filters.date_from))
    if filters.date_to:
        stmt = stmt.where(AuditEvent.created_at < day_start(filters.date_to + timedelta(days=1)))
    return stmt


def _matching(filters: AuditFilters, found: Found | None) -> Select[Any]:
    """The ids of the matching events."""
    return _where(select(AuditEvent.id), filters, found)


def _ordered(stmt: Select[Any], order: SortOrder) -> Select[Any]:
    if order == SortOrder.ASC:
        return stmt.order_by(AuditEvent.created_at.asc(), AuditEvent.id.asc())
    return stmt.order_by(AuditEvent.created_at.desc(), AuditEvent.id.desc())


def _with_actor() -> Select[Any]:
    """Events with their staff user's name (none for the system or a deleted user)."""
    stmt = select(AuditEvent, User.full_name).outerjoin(User, User.id == AuditEvent.actor_id)
    return cast(Select[Any], stmt)


def page_statement(query: AuditQuery, found: Found | None = None) -> Select[Any]:
    """One page of events: the offset walks the index alone for the ids (a deep page stays cheap), then only
    those rows are read, with their staff users."""
    ids = (
        _ordered(_matching(query, found), query.sort_order).offset(query.offset).limit(query.limit).subquery()
    )
    return _ordered(_with_actor().where(AuditEvent.id.in_(select(ids.c.id))), query.sort_order)


async def page(
    session: AsyncSession, query: AuditQuery, found: Found | None = None
) -> tuple[list[tuple[AuditEvent, str | None]], int]:
    """One page, newest first (the id breaks ties), and how many events match, counted up to COUNT_LIMIT."""
    counted = _matching(query, found).limit(COUNT_LIMIT + 1).subquery()
    total = int(await session.scalar(select(func.count()).select_from(counted)) or 0)
    rows = await session.execute(page_statement(query, found))
    return [(event, name) for event, name in rows.all()], total


async def stream(
    session: AsyncSession, filters: AuditFilters, found: Found | None = None
) -> AsyncIterator[list[tuple[AuditEvent, str | None]]]:
    """Every matching event in batches, in the list's order, without holding them all in memory."""
    stmt = _ordered(_where(_with_actor(), filters, found), filters.sort_order)
    result = await session.stream(stmt.execution_options(yield_per=EXPORT_BATCH))
    async for batch in result.partitions(EXPORT_BATCH):
        yield [(event, name) for event, name in batch]


async def staff(session: AsyncSession) -> list[User]:
    """Every staff user, active or not, by name: who the audit log can filter by."""
    return list(await session.scalars(select(User).order_by(User.full_name, User.id)))


# ------------------------------------------------------------------------------------------ the search box
# The records the search box's words name (gavel/trail/search.py), each look-up on an index of its table. A
# look-up by a unique column finds none or one; the others read at most `limit` ids.


async def _ids(session: AsyncSession, stmt: Select[Any]) -> list[str]:
    return list((await session.scalars(stmt)).all())


async def vehicles_by_lot(session: AsyncSession, lot: int) -> list[str]:
    return await _ids(session, select(Vehicle.id).where(Vehicle.vehicle_lot_number == lot))


async def vehicles_by_vin(session: AsyncSession, vin: str) -> list[str]:
    return await _ids(session, select(Vehicle.id).where(Vehicle.vin_number == vin))


async def invoices_numbered(session: AsyncSession, number: str) -> list[str]:
    return await _ids(session, select(Invoice.id).where(Invoice.number == number))


async def payments_numbered(session: AsyncSession, transaction_id: str) -> list[str]:
    return await _ids(session, select(Payment.id).where(Payment.transaction_id == transaction_id))


async def invoices_of_vehicles(session: AsyncSession, vehicle_ids: list[str], limit: int) -> list[str]:
    return await _ids(session, select(Invoice.id).where(Invoice.vehicle_id.in_(vehicle_ids)).limit(limit))


async def gate_passes_of_vehicles(session: AsyncSession, vehicle_ids: list[str], limit: int) -> list[str]:
    return await _ids(session, select(GatePass.id).where(GatePass.vehicle_id.in_(vehicle_ids)).limit(limit))


async def payments_of_invoices(session: AsyncSession, invoice_ids: list[str], limit: int) -> list[str]:
    return await _ids(session, select(Payment.id).where(Payment.invoice_id.in_(invoice_ids)).limit(limit))


async def members_like(session: AsyncSession, pattern: str, limit: int) -> list[str]:
    """Members whose name, email or phone (the search column) matches a LIKE pattern."""
    named = Member.search_text.like(pattern, escape="\\")
    return await _ids(session, select(Member.id).where(named).limit(limit))


async def staff_like(session: AsyncSession, pattern: str, limit: int) -> list[str]:
    """Staff users whose name matches a LIKE pattern (in lower case)."""
    named = func.lower(User.full_name).like(pattern, escape="\\")
    return await _ids(session, select(User.id).where(named).limit(limit))


# ------------------------------------------------------------------------------------------ record names
# The names of the records a page of audit events is about, in one query for the whole page (no N+1).

# entity -> (model, the expression that names one of its rows)
NAMED: dict[str, tuple[Any, Any]] = {
    "member": (Member, func.coalesce(Member.company_name, Member.first_name + " " + Member.last_name)),
    "vehicle": (Vehicle, Vehicle.title + ", lot " + sql_cast(Vehicle.vehicle_lot_number, String)),
    "auction": (Auction, Auction.auction_title),
    "invoice": (Invoice, Invoice.number),
    "payment": (Payment, Payment.transaction_id),
    "user": (User, User.full_name),
    "role": (Role, Role.name),
    "location": (Location, Location.title),
    "security_plan": (SecurityPlan, SecurityPlan.name),
    "charge": (Charge, Charge.title),
    "alert_campaign": (AlertCampaign, AlertCampaign.name),
    "alert_template": (AlertTemplate, AlertTemplate.name),
    "alert_message": (AlertMessage, AlertMessage.recipient),
}


async def record_names(
    session: AsyncSession, refs: Iterable[tuple[str, str | None]]
) -> dict[tuple[str, str], str]:
    """{(entity, id): name} of the records that still exist, in one UNION ALL query."""
    ids: dict[str, set[str]] = defaultdict(set)
    for entity, entity_id in refs:
        if entity_id and (entity in NAMED or entity == "auction_event"):
            ids[entity].add(entity_id)
    parts = []
    for entity, wanted in sorted(ids.items()):
        kind = sql_cast(literal(entity), String(40)).label("entity")
        if entity == "auction_event":
            name = Auction.auction_title + " (" + sql_cast(AuctionEvent.sale_date, String) + ")"
            parts.append(
                select(kind, AuctionEvent.id.label("id"), name.label("name"))
                .join(Auction, Auction.id == AuctionEvent.auction_id)
                .where(AuctionEvent.id.in_(wanted))
            )
            continue
        model, expression = NAMED[entity]
        parts.append(select(kind, model.id.label("id"), expression.label("name")).where(model.id.in_(wanted)))
    if not parts:
        return {}
    rows = await session.execute(union_all(*parts))
    return {(row.entity, row.id): row.name for row in rows}
