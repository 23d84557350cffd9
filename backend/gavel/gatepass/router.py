"""Gate passes for paid vehicles, and the gate screen's scan and pick-up."""

from typing import Annotated

from fastapi import APIRouter

from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.gatepass.schemas import (
    GateAnswer,
    GatePassIssue,
    GatePassIssued,
    GatePassList,
    GatePassOut,
    GatePickUp,
    GateScan,
)
from gavel.gatepass.service import RefusedAtGate, gate_pass_service, pass_out
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

router = APIRouter(tags=["gate"])

Errors = error_responses(403, 404, 409, 422)
CanView = Annotated[Principal, require(Module.VEHICLES, Privilege.VIEW)]
CanUpdateStatus = Annotated[Principal, require(Module.VEHICLES, Privilege.UPDATE_STATUS)]


@router.post("/gate-passes/issue", response_model=GatePassIssued, status_code=201, responses=Errors)
async def issue_gate_pass(
    body: GatePassIssue, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> GatePassIssued:
    """A pass for a vehicle whose invoice is paid. A vehicle has one live pass: a new one is issued only in
    place of the one named in `replaces` (cancelled with it); otherwise, or when two requests race, 409."""
    gate_pass, token = await gate_pass_service.issue(
        session, body.vehicle_id, principal.actor, clock.now(), replaces=body.replaces
    )
    return GatePassIssued(message="Gate pass generated.", data=pass_out(gate_pass, token))


@router.get("/gate-passes/vehicle/{vehicleId}", response_model=GatePassList, responses=Errors)
async def vehicle_gate_passes(vehicleId: str, session: SessionDep, _: CanView) -> GatePassList:
    """Every pass of a vehicle, the newest first."""
    return GatePassList(data=[pass_out(p) for p in await gate_pass_service.of_vehicle(session, vehicleId)])


@router.put("/gate-passes/{id}/cancel", response_model=GatePassOut, responses=Errors)
async def cancel_gate_pass(id: str, session: SessionDep, principal: CanUpdateStatus) -> GatePassOut:
    """Withdraw a pass that was not used."""
    return pass_out(await gate_pass_service.cancel(session, id, principal.actor))


@router.post("/gate/scan", response_model=GateAnswer, responses=Errors)
async def scan_at_gate(
    body: GateScan, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> GateAnswer:
    """Who may take which vehicle, or why not, from a QR token, a short code, a lot number or a VIN (a short
    code with a wrong check character is a 422). Every scan is audited."""
    return (await gate_pass_service.scan(session, body.token, principal.actor, clock.now())).answer


@router.post("/gate/pick-up", response_model=GateAnswer, responses=Errors)
async def pick_up_at_gate(
    body: GatePickUp, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> GateAnswer:
    """The vehicle leaves with this driver: the pass is used and the vehicle is Picked Up."""
    try:
        return await gate_pass_service.pick_up(
            session, body.token, body.driver_name, body.driver_emirates_id, principal.actor, clock.now()
        )
    except RefusedAtGate:
        await session.commit()  # the refused scan stays in the audit trail: every scan is audited
        raise
