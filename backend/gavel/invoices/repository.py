"""Every query of the invoices module."""

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import raiseload

from gavel.charges.models import Charge
from gavel.core.paging import count_of, like_pattern
from gavel.invoices.models import Invoice
from gavel.invoices.payable import payable_clause
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass

OPEN = ("unpaid", "partiallyPaid", "overdue")
# The paymentDue alert goes this long before an invoice's due time.
PAYMENT_DUE_NOTICE = timedelta(hours=24)


async def still_to_pay(session: AsyncSession, states: Sequence[str] = OPEN) -> dict[str, tuple[int, Decimal]]:
    """Per open state, how many invoices and what is still to pay on them (their totals less the verified
    payments): the one figure the invoices' cards and the dashboard's 'Overdue invoices' show, read from
    ix_invoice_status_due_amounts alone. A state without invoices is (0, 0.00)."""
    stmt = (
        select(Invoice.status, func.count(), func.coalesce(func.sum(Invoice.total - Invoice.paid_amount), 0))
        .where(Invoice.status.in_(states))
        .group_by(Invoice.status)
    )
    rows = (await session.execute(stmt)).all()
    found = {status: (int(n), Decimal(amount).quantize(Decimal("0.01"))) for status, n, amount in rows}
    return {state: found.get(state, (0, Decimal("0.00"))) for state in states}


async def by_id(session: AsyncSession, invoice_id: str, *, lock: bool = False) -> Invoice | None:
    stmt = select(Invoice).where(Invoice.id == invoice_id)
    if lock:
        stmt = stmt.with_for_update(key_share=True).execution_options(populate_existing=True)
    return (await session.scalars(stmt)).one_or_none()


async def current_for_vehicle(
    session: AsyncSession, vehicle_id: str, *, lock: bool = False
) -> Invoice | None:
    """The vehicle's invoice that is not cancelled (a vehicle has at most one at a time)."""
    stmt = select(Invoice).where(
        Invoice.vehicle_id == vehicle_id, Invoice.kind == "invoice", Invoice.status != "cancelled"
    )
    if lock:
        stmt = stmt.with_for_update(key_share=True).execution_options(populate_existing=True)
    return (await session.scalars(stmt.order_by(Invoice.issued_at.desc()))).first()


async def of_vehicles(session: AsyncSession, vehicle_ids: Sequence[str]) -> dict[str, Invoice]:
    """The current invoice of each vehicle, from one query."""
    if not vehicle_ids:
        return {}
    stmt = select(Invoice).where(
        Invoice.vehicle_id.in_(list(vehicle_ids)), Invoice.kind == "invoice", Invoice.status != "cancelled"
    )
    return {i.vehicle_id: i for i in (await session.scalars(stmt)).all() if i.vehicle_id}


def _unpaid_sales() -> Any:
    """Sold vehicles whose price the verified payments of their invoice do not cover yet (fees and storage
    owed on top of a paid price do not use up buying power)."""
    invoice = and_(Invoice.vehicle_id == Vehicle.id, Invoice.kind == "invoice", Invoice.status != "cancelled")
    return (
        select(Vehicle.buyer_member_id, Vehicle.sold_for)
        .outerjoin(Invoice, invoice)
        .where(Vehicle.status == "sold", func.coalesce(Invoice.paid_amount, 0) < Vehicle.sold_for)
    )


def unpaid_purchases_sum(buyer_id: str | ColumnElement[str], *, besides: str | None = None) -> Any:
    """`unpaid_purchases` as a scalar subquery (NULL for none), to read in one statement with others; the
    buyer may be a bound parameter (`bindparam`), for a statement built once."""
    stmt = (
        _unpaid_sales()
        .where(Vehicle.buyer_member_id == buyer_id)
        .with_only_columns(func.sum(Vehicle.sold_for))
    )
    if besides is not None:
        stmt = stmt.where(Vehicle.id != besides)
    return stmt.scalar_subquery()


async def unpaid_purchases(session: AsyncSession, buyer_id: str, *, besides: str | None = None) -> Decimal:
    """The prices of what a buyer bought and has not paid for yet (besides one vehicle, when given): the
    figure a sale is checked with, and the buying power's unpaid purchases."""
    return await session.scalar(select(unpaid_purchases_sum(buyer_id, besides=besides))) or Decimal("0.00")


async def documents_of_vehicle(session: AsyncSession, vehicle_id: str) -> list[Invoice]:
    stmt = select(Invoice).where(Invoice.vehicle_id == vehicle_id).order_by(Invoice.issued_at, Invoice.number)
    return list((await session.scalars(stmt)).all())


async def active_charges(session: AsyncSession, side: str, kinds: Sequence[str]) -> list[Charge]:
    stmt = select(Charge).where(Charge.is_active.is_(True), Charge.applies_to == side, Charge.kind.in_(kinds))
    return list((await session.scalars(stmt)).all())


async def active_buyer_charges(session: AsyncSession, kinds: Sequence[str]) -> list[Charge]:
    return await active_charges(session, "buyer", kinds)


async def due_for_accrual(session: AsyncSession, now: datetime, today: date, limit: int) -> list[str]:
    """Invoices a clock job has work on: overdue without their late fee, due within 24 hours without their
    paymentDue alert, or a sold vehicle still in the yard whose storage is not charged up to today. Claimed
    with SKIP LOCKED on PostgreSQL, so that several app processes share the work without doing it twice."""
    late = (Invoice.status.in_(OPEN)) & (Invoice.due_at < now) & (Invoice.late_fee_at.is_(None))
    reminder = (
        (Invoice.status.in_(OPEN))
        & (Invoice.payment_due_alert_at.is_(None))
        & (Invoice.due_at > now)
        & (Invoice.due_at <= now + PAYMENT_DUE_NOTICE)
    )
    in_yard = (
        (Invoice.status != "cancelled")
        & (Vehicle.id.is_not(None))
        & (Vehicle.gate_pass_status != GatePass.PICKED_UP.value)
        & (Vehicle.is_released.is_(False))
        & ((Invoice.storage_through.is_(None)) | (Invoice.storage_through < today))
    )
    stmt: Select[Any] = (
        select(Invoice.id)
        .outerjoin(Vehicle, Vehicle.id == Invoice.vehicle_id)  # deposit and penalty invoices have none
        .where(Invoice.kind.in_(["invoice", "deposit", "penalty"]), late | reminder | in_yard)
        .order_by(Invoice.issued_at)
        .limit(limit)
        .with_for_update(of=Invoice, skip_locked=True, key_share=True)
    )
    return list(await session.scalars(stmt))


def filtered(
    *,
    status: str | None,
    kind: str | None,
    member_id: str | None,
    vehicle_id: str | None,
    date_from: datetime | None,
    date_to: datetime | None,
    search: str | None,
    due_from: datetime | None = None,
    due_to: datetime | None = None,
    open_only: bool = False,
    payable_only: bool = False,
) -> Select[Any]:
    stmt = select(Invoice)
    if open_only:
        stmt = stmt.where(Invoice.status.in_(OPEN))
    if payable_only:
        stmt = stmt.where(payable_clause())
    if due_from:
        stmt = stmt.where(Invoice.due_at >= due_from)
    if due_to:
        stmt = stmt.where(Invoice.due_at < due_to)
    if status:
        stmt = stmt.where(Invoice.status == status)
    if kind:
        stmt = stmt.where(Invoice.kind == kind)
    if member_id:
        stmt = stmt.where(Invoice.member_id == member_id)
    if vehicle_id:
        stmt = stmt.where(Invoice.vehicle_id == vehicle_id)
    if date_from:
        stmt = stmt.where(Invoice.issued_at >= date_from)
    if date_to:
        stmt = stmt.where(Invoice.issued_at < date_to)
    if search:
        stmt = stmt.where(Invoice.search_text.like(like_pattern(search), escape="\\"))
    return stmt


async def page(
    session: AsyncSession, stmt: Select[Any], offset: int, limit: int, *, total: int | None = None
) -> tuple[list[Invoice], int]:
    """A page of the statement's rows and how many it selects (`total` when the caller knows it already)."""
    if total is None:
        total = await count_of(session, stmt.with_only_columns(Invoice.id))
    ids = list(
        await session.scalars(
            stmt.with_only_columns(Invoice.id)
            .order_by(Invoice.issued_at.desc(), Invoice.id.desc())
            .offset(offset)
            .limit(limit)
        )
    )
    if not ids:
        return [], total
    # A list shows no lines: they stay unread (their selectin load was a statement and a score of objects).
    found = select(Invoice).where(Invoice.id.in_(ids)).options(raiseload(Invoice.lines))
    rows = {i.id: i for i in (await session.scalars(found)).all()}
    return [rows[i] for i in ids if i in rows], total
