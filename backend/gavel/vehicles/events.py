"""What happens to vehicles that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import VehicleStatus


@dataclass(frozen=True)
class VehicleReviewed:
    """A pending vehicle was approved or rejected (`status`); `reason` is the rejection's."""

    vehicle: Vehicle
    status: VehicleStatus
    reason: str | None
    at: datetime
