"""What happens to members that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.audit.repository import Actor
from gavel.members.models import Member
from gavel.members.schemas import MemberStatus
from gavel.plans.models import SecurityPlan


@dataclass(frozen=True)
class SecurityPlanChosen:
    """A member was registered with `plan` (or none), or their plan changed to it: its deposit is invoiced
    (deposits). `refund_excess`: staff asked that what the deposit holds beyond the new plan's needs be
    refunded at once (payouts)."""

    member: Member
    plan: SecurityPlan | None
    actor: Actor
    at: datetime
    refund_excess: bool = False


@dataclass(frozen=True)
class MemberStatusChanged:
    """A member's status changed from `old` to `new` (`reason`: the one kept on the member)."""

    member: Member
    old: str
    new: MemberStatus
    reason: str | None
    at: datetime


@dataclass(frozen=True)
class TemporaryPasswordIssued:
    """Staff reset a member's password: `password` is mailed to them, never shown to staff."""

    member: Member
    password: str
