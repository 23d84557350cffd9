"""Conditions the dashboard's Today figures share with the vehicle lists they open (issue 15), so that a
figure and its list count the same vehicles: the stage of review (on the vehicle table or on
vehicle_list_count, as gavel.vehicles.counts sorts pending vehicles), a gate pass issued and not used, a sold
vehicle still in the yard."""

from datetime import date
from enum import StrEnum
from typing import Any

from sqlalchemy import BindParameter, and_

from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass, Inspection, VehicleStatus


class ReviewStage(StrEnum):
    PENDING = "pending"  # not received yet
    RECEIVED = "received"  # at the yard, inspection not started
    IN_INSPECTION = "inInspection"
    INSPECTION_COMPLETED = "inspectionCompleted"


def stage_condition(is_received: Any, is_inspection: Any, stage: ReviewStage) -> Any:
    """The condition on the two columns (of Vehicle or VehicleListCount) that holds at exactly one stage."""
    if stage is ReviewStage.INSPECTION_COMPLETED:
        return is_inspection == Inspection.COMPLETED.value
    if stage is ReviewStage.IN_INSPECTION:
        return is_inspection == Inspection.IN_INSPECTION.value
    not_started = is_inspection.not_in([Inspection.COMPLETED.value, Inspection.IN_INSPECTION.value])
    return and_(is_received.is_(stage is ReviewStage.RECEIVED), not_started)


def stage_of(is_received: bool, is_inspection: str) -> ReviewStage:
    """The stage of review of a pending vehicle (or a vehicle_list_count row), as stage_condition has it."""
    if is_inspection == Inspection.COMPLETED.value:
        return ReviewStage.INSPECTION_COMPLETED
    if is_inspection == Inspection.IN_INSPECTION.value:
        return ReviewStage.IN_INSPECTION
    return ReviewStage.RECEIVED if is_received else ReviewStage.PENDING


# A pass issued and not used yet: the vehicle waits at the gate (the dashboard's 'Gate passes not picked up').
GATE_PASS_ISSUED = (GatePass.GENERATED.value, GatePass.SCANNED.value)


def in_yard_sold_by(day: date | BindParameter[date]) -> Any:
    """A sold vehicle still in the yard (not picked up, not released) sold on or before the day: the
    dashboard's 'In the yard past free days' with the last sale day whose free days are over. Read from the
    partial index ix_vehicle_in_yard_event_date (migration 0017), whose condition this repeats."""
    return and_(
        Vehicle.status == VehicleStatus.SOLD.value,
        Vehicle.is_released.is_(False),
        Vehicle.gate_pass_status != GatePass.PICKED_UP.value,
        Vehicle.event_date <= day,
    )
