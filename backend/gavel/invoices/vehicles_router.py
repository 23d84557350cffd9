"""The vehicles' lists and a vehicle's page, each sold vehicle with the badge of its invoice (paths of the
vehicles' API: /vehicles/...; the rest of it is gavel.vehicles.router)."""

from fastapi import APIRouter

from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.invoices import repository as invoice_repository
from gavel.invoices.vehicle_badges import page_with_invoices, vehicle_with_invoice
from gavel.vehicles import repository
from gavel.vehicles.deps import CanView
from gavel.vehicles.schemas import VehicleList, VehicleOut, VehiclePage, VehicleQuery
from gavel.vehicles.service import vehicle_service

router = APIRouter(prefix="/vehicles", tags=["vehicles"])

Errors = error_responses(403, 404, 409, 422)


async def _list(session: SessionDep, body: VehicleQuery, *, unassigned_approved: bool = False) -> VehicleList:
    count_rows = await repository.count_rows(session)
    vehicles, matching = await repository.page(
        session, body, count_rows, unassigned_approved=unassigned_approved
    )
    counts = repository.counts_of(count_rows)
    sold = [row.fields["id"] for row in vehicles if row.fields["status"] == "sold"]
    invoices = await invoice_repository.of_vehicles(session, sold)
    return VehicleList(
        data=VehiclePage(
            vehicles=page_with_invoices(vehicles, invoices),
            total_pages=total_pages(matching, body.limit),
            current_page=body.page_no,
            total_matching=matching,
            **counts.model_dump(),
        )
    )


@router.post("/get", response_model=VehicleList, responses=Errors)
async def list_vehicles(body: VehicleQuery, session: SessionDep, _: CanView) -> VehicleList:
    """One list of vehicles by status, with filters, search and every count."""
    return await _list(session, body)


@router.post("/get-unassigned-approved-vehicles", response_model=VehicleList, responses=Errors)
async def list_unassigned_approved(body: VehicleQuery, session: SessionDep, _: CanView) -> VehicleList:
    """Approved vehicles not yet in an auction event."""
    return await _list(session, body, unassigned_approved=True)


@router.get("/{id}", response_model=VehicleOut, responses=Errors)
async def get_vehicle(id: str, session: SessionDep, _: CanView) -> VehicleOut:
    """One vehicle with its seller, buyer and images."""
    vehicle = await vehicle_service.get(session, id)
    return vehicle_with_invoice(vehicle, await invoice_repository.current_for_vehicle(session, vehicle.id))
