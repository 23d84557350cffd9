"""What happens to deposits and defaulted sales that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.invoices.models import Invoice
from gavel.vehicles.models import Vehicle


@dataclass(frozen=True)
class SaleCancelledForDefault:
    """A sale's invoice was credited because its buyer defaulted, and `vehicle` is back among the approved
    vehicles: the run that sold it (`invoice.run_id`) stays only as the history of the sale (auctions)."""

    invoice: Invoice
    vehicle: Vehicle
    at: datetime
