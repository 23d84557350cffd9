"""A member's buying power from their security plan and the deposit they hold: the rule every module that
moves the deposit (a payment from it, a refund, a penalty, a plan chosen) applies to the member's row."""

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from gavel.core.money import CENT
from gavel.members.models import Member
from gavel.plans.models import SecurityPlan

ZERO = Decimal("0.00")


def _cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def required_deposit(plan: SecurityPlan | None) -> Decimal:
    """What a plan's deposit is: its price after discount."""
    if plan is None:
        return ZERO
    return _cents(plan.amount_after_discount if plan.amount_after_discount is not None else plan.plan_amount)


def plan_buying_power(plan: SecurityPlan | None, held: Decimal, current: Decimal) -> Decimal:
    """The buying power a member has of the deposit `held` on `plan`, who had `current`: the plan's once the
    deposit held covers the plan's deposit; short of it, never more than they had nor more than the plan gives
    in proportion to what is held. So a larger plan gives nothing more until the difference is paid (its
    proportional share of the old deposit would be buying power bought with money not paid), and a deposit
    used or refunded lowers it in proportion."""
    if plan is None:
        return ZERO
    required = required_deposit(plan)
    if required <= 0 or held >= required:
        return _cents(plan.buying_power)
    share = (plan.buying_power * held / required).quantize(CENT, rounding=ROUND_DOWN)
    return max(min(share, _cents(current)), ZERO)


def refresh_buying_power(member: Member) -> None:
    """After the plan or the deposit held changed (the member's row read afresh, and locked when the deposit
    moved)."""
    member.buying_power = plan_buying_power(member.security_plan, member.deposit_held, member.buying_power)
