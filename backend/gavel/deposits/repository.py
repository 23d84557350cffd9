"""Every query of deposits and buying power."""

from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.invoices.models import Invoice

OPEN = ("unpaid", "partiallyPaid", "overdue")


async def open_deposit_invoices(session: AsyncSession, member_id: str) -> list[Invoice]:
    stmt = select(Invoice).where(
        Invoice.member_id == member_id, Invoice.kind == "deposit", Invoice.status.in_(OPEN)
    )
    return list((await session.scalars(stmt)).all())


async def latest_paid_deposit(session: AsyncSession, member_id: str) -> Invoice | None:
    stmt = (
        select(Invoice)
        .where(Invoice.member_id == member_id, Invoice.kind == "deposit", Invoice.status == "paid")
        .order_by(Invoice.issued_at.desc())
        .limit(1)
    )
    return (await session.scalars(stmt)).one_or_none()


async def open_invoices(session: AsyncSession, member_id: str) -> list[Invoice]:
    """What the member still has to pay: sale, deposit and penalty invoices not paid nor cancelled."""
    stmt = select(Invoice).where(Invoice.member_id == member_id, Invoice.status.in_(OPEN))
    return list((await session.scalars(stmt.order_by(Invoice.issued_at))).all())


def overdue_invoice_number(member_id: str | ColumnElement[str]) -> Any:
    """The number of `overdue_invoice` as a scalar subquery (NULL for none), to read with others; the member
    may be a bound parameter (`bindparam`), for a statement built once."""
    return (
        select(Invoice.number)
        .where(Invoice.member_id == member_id, Invoice.status == "overdue")
        .order_by(Invoice.due_at)
        .limit(1)
        .scalar_subquery()
    )


async def overdue_invoice(session: AsyncSession, member_id: str) -> Invoice | None:
    stmt = (
        select(Invoice)
        .where(Invoice.member_id == member_id, Invoice.status == "overdue")
        .order_by(Invoice.due_at)
        .limit(1)
    )
    return (await session.scalars(stmt)).one_or_none()


async def plan_subscribers(session: AsyncSession, plan_id: str) -> tuple[int, Decimal]:
    from gavel.members.models import Member

    count, held = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(Member.deposit_held), 0)).where(
                Member.security_plan_id == plan_id
            )
        )
    ).one()
    return int(count), held or Decimal("0.00")
