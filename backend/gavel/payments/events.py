"""What happens to payments that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.audit.repository import Actor
from gavel.invoices.models import Invoice
from gavel.members.models import Member
from gavel.payments.models import Payment
from gavel.vehicles.models import Vehicle


@dataclass(frozen=True)
class InvoicePaid:
    """A verified payment paid `invoice` in full (it was not paid before): a sale's invoice is settled with
    the seller of `vehicle` (payouts), a deposit invoice's deposit is held (deposits)."""

    invoice: Invoice
    vehicle: Vehicle | None
    payment: Payment
    actor: Actor
    at: datetime


@dataclass(frozen=True)
class PaymentVerified:
    """A second staff user verified `payment` on `invoice`: it counts. `payer`: the member who paid (None when
    their row is gone)."""

    payment: Payment
    invoice: Invoice
    payer: Member | None
    at: datetime
