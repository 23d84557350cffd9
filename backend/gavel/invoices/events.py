"""What happens to invoices that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.invoices.models import Invoice
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle


@dataclass(frozen=True)
class InvoiceIssued:
    """A buyer's tax invoice was issued with the sale of `vehicle`."""

    invoice: Invoice
    vehicle: Vehicle
    buyer: Member
    at: datetime


@dataclass(frozen=True)
class PaymentDueSoon:
    """An open invoice issued earlier entered the 24 hours before its due time (noticed once: stamped in
    `payment_due_alert_at`; an invoice given less than a day to pay is stamped without this event)."""

    invoice: Invoice
    at: datetime


@dataclass(frozen=True)
class InvoiceFellOverdue:
    """An invoice was found past its due time unpaid (once: stamped in `late_fee_at`)."""

    invoice: Invoice
    at: datetime
