"""What happens in auctions that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from gavel.vehicles.models import Vehicle


@dataclass(frozen=True)
class VehicleSold:
    """A sale was recorded for `vehicle` (its buyer's invoice issued first, in the same transaction)."""

    vehicle: Vehicle
    price: Decimal
    sale_date: date
    at: datetime
