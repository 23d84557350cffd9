"""Vehicles: intake, review, approval, cancellation and after-sale tracking (SPEC.md section 7, Vehicles). The
lists and a vehicle's page answer the badge of its invoice: gavel.invoices.vehicles_router."""

from fastapi import APIRouter
from fastapi.responses import Response

from gavel.core.bulk import plural
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.vehicles import repository
from gavel.vehicles.deps import CanAdd, CanDelete, CanEdit, CanUpdateStatus, CanView
from gavel.vehicles.export import vehicles_csv
from gavel.vehicles.presenter import vehicle_out
from gavel.vehicles.schemas import (
    ProgressChange,
    SellerCounts,
    StatusResult,
    SuccessMessage,
    VehicleCreate,
    VehicleCreated,
    VehicleIds,
    VehicleOut,
    VehicleQuery,
    VehicleStatusChange,
    VehicleUpdate,
    VinCheck,
    VinDecoded,
)
from gavel.vehicles.service import duplicate_vin_message, vehicle_service
from gavel.vehicles.vin import check_vin, decode_vin

router = APIRouter(prefix="/vehicles", tags=["vehicles"])

Errors = error_responses(403, 404, 409, 422)
EXPORT_LIMIT = 50_000


@router.post("/export", responses={**Errors, 200: {"content": {"text/csv": {}}}})
async def export_vehicles(body: VehicleQuery, session: SessionDep, _: CanView) -> Response:
    """The current filtered list as CSV (at most 50,000 rows)."""
    vehicles = await repository.all_matching(session, body, EXPORT_LIMIT)
    return Response(
        vehicles_csv(vehicles),
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="vehicles-{body.status.value}.csv"'},
    )


@router.post("/decode-vin", response_model=VinDecoded, responses=Errors)
async def decode(body: VinCheck, session: SessionDep, _: CanView) -> VinDecoded:
    """Check a VIN as it is typed: valid or why not, the make and year it suggests, and which vehicle already
    has it (the web app leaves the vehicle being edited out)."""
    try:
        vin = check_vin(body.vin_number)
    except ValueError as exc:
        return VinDecoded(
            vin_number=body.vin_number.strip().upper(),
            valid=False,
            message=str(exc),
            make=None,
            country=None,
            year=None,
            duplicate=False,
        )
    decoded = decode_vin(vin)
    twin = await repository.by_vin(session, vin)
    return VinDecoded(
        vin_number=vin,
        valid=True,
        message=duplicate_vin_message(twin) if twin is not None else None,
        make=decoded.make,
        country=decoded.country,
        year=decoded.year,
        duplicate=twin is not None,
        duplicate_vehicle_id=twin.id if twin is not None else None,
        duplicate_lot_number=twin.vehicle_lot_number if twin is not None else None,
    )


@router.post("/create", response_model=VehicleCreated, status_code=201, responses=Errors)
async def create_vehicle(body: VehicleCreate, session: SessionDep, principal: CanAdd) -> VehicleCreated:
    """Register a vehicle for a seller; it starts in review (pending) with the next lot number."""
    vehicle = await vehicle_service.create(session, body, principal.actor)
    return VehicleCreated(data=vehicle_out(vehicle), counts=await repository.counts(session))


@router.put("/update-status", response_model=StatusResult, responses=Errors)
async def update_vehicle_status(
    body: VehicleStatusChange, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> StatusResult:
    """Approve, reject, resubmit or cancel vehicles; all or nothing. A reason is required to reject or cancel
    and is shown on the vehicle as statusReason. Vehicles already in that status are left alone, so the same
    call twice succeeds twice."""
    vehicles = await vehicle_service.change_status(
        session, body.ids, body.status, principal.actor, clock.now(), body.reason
    )
    return StatusResult(
        success=True,
        message=f"{plural(len(vehicles), 'vehicle')} set to {body.status.value}.",
        errors=[],
        counts=await repository.counts(session),
    )


@router.get("/seller-counts/{memberId}", response_model=SellerCounts, responses=Errors)
async def seller_counts(memberId: str, session: SessionDep, _: CanView) -> SellerCounts:
    """How many vehicles a member sells in each status (the member page's Vehicles tab)."""
    counts = await vehicle_service.seller_counts(session, memberId)
    return SellerCounts(member_id=memberId, total=sum(counts.values()), **counts)


@router.put("/update-vehicle-status/{vehicleId}", response_model=VehicleOut, responses=Errors)
async def update_vehicle_progress(
    vehicleId: str,
    body: ProgressChange,
    session: SessionDep,
    principal: CanUpdateStatus,
) -> VehicleOut:
    """Record review steps (received, delivered, inspection) or after-sale ones (paid, gate pass, release)."""

    return vehicle_out(await vehicle_service.progress(session, vehicleId, body, principal.actor))


@router.delete("", response_model=SuccessMessage, responses=Errors)
async def delete_vehicles(body: VehicleIds, session: SessionDep, principal: CanDelete) -> SuccessMessage:
    """Delete pending or rejected vehicles; all or nothing."""
    deleted = await vehicle_service.delete(session, body.vehicles_ids, principal.actor)
    return SuccessMessage(success=True, message=f"{plural(deleted, 'vehicle')} deleted.")


@router.put("/{id}", response_model=VehicleOut, responses=Errors)
async def update_vehicle(id: str, body: VehicleUpdate, session: SessionDep, principal: CanEdit) -> VehicleOut:
    """Change a vehicle's details (not its status) while it is in review, rejected or approved."""
    return vehicle_out(await vehicle_service.update(session, id, body, principal.actor))
