"""What happens at the gate that modules above it react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.gatepass.models import GatePass
from gavel.vehicles.models import Vehicle


@dataclass(frozen=True)
class GatePassIssued:
    """A gate pass was issued for `vehicle` against its paid invoice (to the invoice's member)."""

    gate_pass: GatePass
    vehicle: Vehicle
    at: datetime
