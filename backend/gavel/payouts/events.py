"""What happens to payouts and refunds that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.members.models import Member
from gavel.payments.models import Payment


@dataclass(frozen=True)
class OutboundCompleted:
    """A second staff user completed `payment`, a payout of a settlement (`payment.invoice`) or a refund: the
    money left for `member`."""

    payment: Payment
    member: Member
    at: datetime
