"""Deposits and buying power: why a member may bid what they may."""

from typing import Annotated

from fastapi import APIRouter

from gavel.core.clock import ClockDep, dubai_date
from gavel.db import SessionDep
from gavel.deposits.schemas import BuyingPower, OverdueInvoice, PlanPower
from gavel.deposits.service import BuyingPowerBreakdown, buying_power_of
from gavel.errors import NotFound, error_responses
from gavel.guards import Principal, require
from gavel.invoices.service import aed, member_name
from gavel.members.models import Member
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/members", tags=["deposits"])

Errors = error_responses(403, 404)
CanView = Annotated[Principal, require(Module.MEMBERS, Privilege.VIEW)]


def _reason(b: BuyingPowerBreakdown) -> str:
    name = member_name(b.member)
    if b.plan is None:
        return f"{name} has no security plan: no buying power."
    if b.overdue is not None:
        return f"{b.overdue.number} is overdue: no buying power until it is paid."
    if b.deposit_held <= 0:
        return (
            f"The {b.plan.name} plan's deposit of {aed(b.required_deposit)} is not paid yet: no buying power."
        )
    held = (
        f"the {b.plan.name} plan gives {aed(b.plan_buying_power)} on the {aed(b.deposit_held)} deposit held"
    )
    if b.unpaid_purchases > 0:
        return f"{aed(b.available)} available: {held}, less {aed(b.unpaid_purchases)} of unpaid purchases."
    return f"{aed(b.available)} available: {held}."


@router.get("/{id}/buying-power", response_model=BuyingPower, responses=Errors)
async def member_buying_power(id: str, session: SessionDep, clock: ClockDep, _: CanView) -> BuyingPower:
    """The member's buying power and why: plan, deposit held, unpaid purchases, an overdue invoice, and what
    is available (the figure recording a sale checks)."""
    member = await session.get(Member, id)
    if member is None:
        raise NotFound("This member does not exist.")
    b = await buying_power_of(session, member)
    overdue = b.overdue
    return BuyingPower(
        member_id=member.id,
        plan=PlanPower(
            id=b.plan.id,
            name=b.plan.name,
            buying_power=b.plan.buying_power,
            required_deposit=b.required_deposit,
        )
        if b.plan
        else None,
        deposit_held=b.deposit_held,
        plan_buying_power=b.plan_buying_power,
        unpaid_purchases=b.unpaid_purchases,
        overdue_invoice=OverdueInvoice(
            id=overdue.id,
            invoice_no=overdue.number,
            days_overdue=max((dubai_date(clock.now()) - dubai_date(overdue.due_at)).days, 0)
            if overdue.due_at
            else 0,
        )
        if overdue
        else None,
        available=b.available,
        reason=_reason(b),
    )
