"""Every query of the payments module."""

from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased, joinedload

from gavel.core.paging import count_of, like_pattern
from gavel.invoices.models import Invoice
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.users.models import User


async def by_id(session: AsyncSession, payment_id: str, *, lock: bool = False) -> Payment | None:
    stmt = select(Payment).where(Payment.id == payment_id)
    if lock:
        # Refreshed from the locked row (and its invoice, joined): an earlier read in this session must not
        # hide what a transaction that held the lock before committed.
        stmt = stmt.with_for_update(of=Payment, key_share=True).execution_options(populate_existing=True)
    return (await session.scalars(stmt)).unique().one_or_none()


async def invoice_and_direction(session: AsyncSession, payment_id: str) -> tuple[str, str] | None:
    """The payment's invoice and direction, read as plain columns (no Payment or Invoice enters the session):
    the invoice is locked before the payment, and both are then read as the locks found them."""
    row = (
        await session.execute(select(Payment.invoice_id, Payment.direction).where(Payment.id == payment_id))
    ).one_or_none()
    return (row[0], row[1]) if row is not None else None


async def pending_from_deposit(session: AsyncSession, member_id: str) -> Decimal:
    """What the member's payments from the deposit still waiting for verification take from it."""
    amount = await session.scalar(
        select(func.coalesce(func.sum(Payment.amount), 0)).where(
            Payment.member_id == member_id,
            Payment.direction == "inbound",
            Payment.method == "deposit",
            Payment.confirmation == "Pending",
        )
    )
    return amount if amount is not None else Decimal("0.00")


async def of_invoice(session: AsyncSession, invoice_id: str) -> list[Payment]:
    stmt = select(Payment).where(Payment.invoice_id == invoice_id).order_by(Payment.paid_at, Payment.id)
    return list((await session.scalars(stmt)).unique().all())


async def staff_names(session: AsyncSession, ids: Iterable[str | None]) -> dict[str, str]:
    wanted = {i for i in ids if i}
    if not wanted:
        return {}
    rows = await session.execute(select(User.id, User.full_name).where(User.id.in_(wanted)))
    return {user_id: name for user_id, name in rows.all()}


async def members_of(session: AsyncSession, ids: Iterable[str]) -> dict[str, Member]:
    wanted = set(ids)
    if not wanted:
        return {}
    rows = await session.scalars(select(Member).where(Member.id.in_(wanted)))
    return {member.id: member for member in rows.unique()}


async def verifiers_of_vehicles(session: AsyncSession, vehicle_ids: set[str]) -> dict[str, set[str]]:
    """Who verified the buyers' payments for each vehicle."""
    if not vehicle_ids:
        return {}
    stmt = (
        select(Invoice.vehicle_id, Payment.verified_by_id)
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(
            Invoice.vehicle_id.in_(vehicle_ids),
            Invoice.kind == "invoice",
            Payment.kind == "payment",
            Payment.confirmation == "Verified",
        )
    )
    found: dict[str, set[str]] = {}
    for vehicle_id, user_id in await session.execute(stmt):
        if vehicle_id and user_id:
            found.setdefault(vehicle_id, set()).add(user_id)
    return found


async def completed_since(session: AsyncSession, since: datetime) -> tuple[int, Decimal]:
    """How many payouts and refunds were completed with a payment date from `since`, and their sum: one range
    of ix_payment_direction_confirmation (direction, confirmation, paid_at)."""
    count, amount = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(Payment.amount), 0)).where(
                Payment.direction == "outbound",
                Payment.confirmation == "Completed",
                Payment.paid_at >= since,
            )
        )
    ).one()
    return int(count), amount if amount is not None else Decimal("0.00")


def filtered(
    *,
    direction: str = "inbound",
    kind: str | None = None,
    method: str | None,
    confirmation: str | None,
    status: str | None,
    member_id: str | None,
    invoice_id: str | None,
    vehicle_id: str | None,
    paid_from: datetime | None,
    paid_to: datetime | None,
    search: str | None,
) -> Select[Any]:
    stmt = select(Payment).where(Payment.direction == direction)
    if kind:
        stmt = stmt.where(Payment.kind == kind)
    if method:
        stmt = stmt.where(Payment.method == method)
    if confirmation:
        stmt = stmt.where(Payment.confirmation == confirmation)
    if status or vehicle_id:
        stmt = stmt.join(Invoice, Invoice.id == Payment.invoice_id)
    if status:
        stmt = stmt.where(Invoice.status == status)
    if vehicle_id:
        stmt = stmt.where(Invoice.vehicle_id == vehicle_id)
    if member_id:
        stmt = stmt.where(Payment.member_id == member_id)
    if invoice_id:
        stmt = stmt.where(Payment.invoice_id == invoice_id)
    if paid_from:
        stmt = stmt.where(Payment.paid_at >= paid_from)
    if paid_to:
        stmt = stmt.where(Payment.paid_at < paid_to)
    if search:
        stmt = stmt.where(Payment.search_text.like(like_pattern(search), escape="\\"))
    return stmt


# A page's payments with their invoice (its lines stay unread) and the names of the staff who recorded,
# verified and completed them: one statement.
_RECORDED, _VERIFIED, _COMPLETED = aliased(User), aliased(User), aliased(User)
_PAGE_ROWS = (
    select(Payment, _RECORDED.full_name, _VERIFIED.full_name, _COMPLETED.full_name)
    .outerjoin(_RECORDED, _RECORDED.id == Payment.recorded_by_id)
    .outerjoin(_VERIFIED, _VERIFIED.id == Payment.verified_by_id)
    .outerjoin(_COMPLETED, _COMPLETED.id == Payment.completed_by_id)
    .options(joinedload(Payment.invoice).raiseload(Invoice.lines))
)


async def page(
    session: AsyncSession, stmt: Select[Any], offset: int, limit: int, *, total: int | None = None
) -> tuple[list[Payment], dict[str, str], int]:
    """A page of the statement's rows, the names of their staff (by user id), and how many rows it selects
    (`total` when the caller knows it already)."""
    if total is None:
        total = await count_of(session, stmt.with_only_columns(Payment.id))
    ids = list(
        await session.scalars(
            stmt.with_only_columns(Payment.id)
            .order_by(Payment.paid_at.desc(), Payment.id.desc())
            .offset(offset)
            .limit(limit)
        )
    )
    if not ids:
        return [], {}, total
    rows: dict[str, Payment] = {}
    staff: dict[str, str] = {}
    for payment, *names in (await session.execute(_PAGE_ROWS.where(Payment.id.in_(ids)))).unique():
        rows[payment.id] = payment
        for user_id, name in zip(
            (payment.recorded_by_id, payment.verified_by_id, payment.completed_by_id), names, strict=True
        ):
            if user_id is not None and name is not None:
                staff[user_id] = name
    return [rows[i] for i in ids if i in rows], staff, total
