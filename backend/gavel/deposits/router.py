"""Deposits and buying power: why a member may bid what they may; a sale cancelled for default (its invoice
credited, the penalty taken from the deposit)."""

from typing import Annotated

from fastapi import APIRouter

from gavel.core.clock import ClockDep, dubai_date
from gavel.db import SessionDep
from gavel.deposits.schemas import BuyingPower, OverdueInvoice, PlanPower
from gavel.deposits.service import BuyingPowerBreakdown, buying_power_of, default_service
from gavel.errors import NotFound, error_responses
from gavel.guards import Principal, require
from gavel.invoices.presenter import invoice_out
from gavel.invoices.schemas import DefaultCancel, DefaultCancelled
from gavel.invoices.service import aed, member_name
from gavel.members.models import Member
from gavel.permissions import Module, Privilege

# Two resources, each under its own path and tag: a member's buying power, an invoice's default.
router = APIRouter()

Errors = error_responses(403, 404)
CanView = Annotated[Principal, require(Module.MEMBERS, Privilege.VIEW)]
InvoiceErrors = error_responses(403, 404, 409, 422)
CanUpdateStatus = Annotated[Principal, require(Module.PAYMENTS, Privilege.UPDATE_STATUS)]


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


@router.get("/members/{id}/buying-power", response_model=BuyingPower, responses=Errors, tags=["deposits"])
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


@router.put(
    "/invoices/{id}/cancel-default",
    response_model=DefaultCancelled,
    responses=InvoiceErrors,
    tags=["invoices"],
)
async def cancel_for_default(
    id: str, body: DefaultCancel, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> DefaultCancelled:
    """Cancel a sale whose buyer defaulted (its invoice overdue for the days of Business settings, nothing
    waiting for verification, the vehicle not collected): a credit note (a part paid becomes the buyer's
    credit), the vehicle back among the approved unassigned vehicles, the penalty taken from the deposit."""
    now = clock.now()
    done = await default_service.cancel_for_default(session, id, body.reason, principal.actor, now)
    penalty = done.penalty
    taken = f"{aed(done.taken)} taken from the deposit" if penalty else "no penalty charge is active"
    return DefaultCancelled(
        message=(
            f"The sale of Lot {done.vehicle.vehicle_lot_number} is cancelled: credit note "
            f"{done.credit_note.number} issued, the vehicle is back among the approved vehicles, "
            + (f"penalty {penalty.number} with {taken}." if penalty else f"{taken}.")
            + (
                f" The {aed(done.invoice.paid_amount)} paid on it is the buyer's credit: refund it as a "
                "cancelled sale."
                if done.invoice.paid_amount > 0
                else ""
            )
        ),
        invoice=invoice_out(done.invoice, now),
        credit_note=invoice_out(done.credit_note, now),
        penalty_invoice=invoice_out(penalty, now) if penalty else None,
        penalty_taken=done.taken,
        deposit_held=done.buyer.deposit_held,
        buying_power=done.buyer.buying_power,
    )
