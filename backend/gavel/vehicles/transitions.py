"""Which changes a vehicle may go through, and why not (docs/decisions.md, Vehicles)."""

from gavel.errors import Invalid
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass, Inspection, VehicleStatus

GATE_PASS_NEXT: dict[str, set[str]] = {
    GatePass.PENDING: {GatePass.GENERATED, GatePass.CANCELED},
    GatePass.GENERATED: {GatePass.SCANNED, GatePass.CANCELED},
    GatePass.SCANNED: {GatePass.PICKED_UP, GatePass.CANCELED},
    GatePass.CANCELED: {GatePass.PENDING},
    GatePass.PICKED_UP: set(),
}

# The changes staff must explain (the verb says what they are doing); the reason stays on the vehicle until
# its next status change.
NEEDS_REASON: dict[VehicleStatus, str] = {
    VehicleStatus.REJECTED: "rejecting",
    VehicleStatus.CANCELLED: "cancelling",
}
MIN_REASON = 3
# The gate pass as a sentence says it: the API value Canceled reads "Cancelled", like every other message.
GATE_PASS_WORDS: dict[str, str] = {GatePass.CANCELED: "Cancelled"}


def gate_pass_word(value: str) -> str:
    return GATE_PASS_WORDS.get(value, value)


def reason_to_keep(wanted: VehicleStatus, reason: str | None, count: int) -> str | None:
    """The reason stored with the new status; 422 when the change needs one and none (or too short) came."""
    if wanted not in NEEDS_REASON:
        return None
    if len(reason or "") < MIN_REASON:
        noun = "vehicle" if count == 1 else "vehicles"
        raise Invalid.field("reason", f"Give a reason for {NEEDS_REASON[wanted]} the {noun}.")
    return reason


def lot(vehicle: Vehicle) -> str:
    return f"Lot {vehicle.vehicle_lot_number}"


def status_problem(vehicle: Vehicle, wanted: VehicleStatus) -> str | None:
    """Why the vehicle cannot move to the wanted status, or None when it can."""
    current = vehicle.status
    if current == wanted:
        return None
    if wanted == VehicleStatus.SOLD:
        return f"{lot(vehicle)}: vehicles are sold by auctions, not by hand."
    if current == VehicleStatus.PENDING and wanted == VehicleStatus.APPROVED:
        missing = []
        if not vehicle.is_received:
            missing.append("it has not been received")
        if vehicle.is_inspection != Inspection.COMPLETED:
            missing.append("its inspection is not completed")
        return f"{lot(vehicle)} cannot be approved yet: {' and '.join(missing)}." if missing else None
    if current == VehicleStatus.PENDING and wanted == VehicleStatus.REJECTED:
        return None
    if current == VehicleStatus.REJECTED and wanted == VehicleStatus.PENDING:
        return None
    if current == VehicleStatus.APPROVED and wanted == VehicleStatus.CANCELLED:
        if vehicle.event_id:
            return f"{lot(vehicle)} is in an auction event; remove it from the event before cancelling."
        return None
    return f"{lot(vehicle)} cannot go from {current} to {wanted.value}."
