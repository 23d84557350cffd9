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


@dataclass(frozen=True)
class ResultRecording:
    """A result is about to be recorded for the run `run_id` of `vehicle` (`outcome` None: taken back). A
    module above may refuse it by raising its error (the request is answered with its sentence) or follow
    it."""

    run_id: str
    vehicle: Vehicle
    outcome: str | None
    price: Decimal | None
    lane_number: int
    at: datetime
