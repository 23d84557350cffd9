"""Release: the one rule that closes a sold vehicle's life in the yard, applied by the gate's pick-up (in its
transaction) and by the vehicle's Release step for a vehicle picked up before pick-ups released."""

from datetime import datetime

from gavel.errors import Conflict
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass
from gavel.vehicles.transitions import lot


def release(vehicle: Vehicle, when: datetime) -> None:
    """Marks a paid vehicle whose pass was used at the gate as released: the lists' Release, their counts (the
    triggers of vehicle_list_count) and 'In the yard past free days' all read is_released."""
    if not vehicle.is_paid or vehicle.gate_pass_status != GatePass.PICKED_UP:
        raise Conflict(f"{lot(vehicle)} is released only once it is paid and picked up.")
    vehicle.is_released = True
    vehicle.release_date = when
