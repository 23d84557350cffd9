"""Locations (yards) of the business (SPEC.md section 7, Locations)."""

from typing import Annotated

from fastapi import APIRouter

from gavel.core.bulk import plural
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.locations import repository
from gavel.locations.geography import COUNTRIES, UAE
from gavel.locations.models import Location
from gavel.locations.schemas import (
    WEEKDAYS,
    Geography,
    LocationCounts,
    LocationCountsMessage,
    LocationCreate,
    LocationIds,
    LocationList,
    LocationOut,
    LocationQuery,
    LocationStatusChange,
    LocationUpdate,
    ManagerOut,
    OpeningHours,
)
from gavel.locations.service import location_service
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/locations", tags=["locations"])

Errors = error_responses(403, 404, 409, 422)
CanAdd = Annotated[Principal, require(Module.SETTINGS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.SETTINGS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.SETTINGS, Privilege.DELETE)]
CanUpdateStatus = Annotated[Principal, require(Module.SETTINGS, Privilege.UPDATE_STATUS)]


def location_out(location: Location) -> LocationOut:
    manager = ManagerOut.model_validate(location.general_manager) if location.general_manager else None
    schedule = [
        OpeningHours(
            day=WEEKDAYS[h.weekday],
            open=h.opens_at.strftime("%H:%M") if h.opens_at else None,
            close=h.closes_at.strftime("%H:%M") if h.closes_at else None,
            closed=h.closed,
        )
        for h in location.schedule
    ]
    return LocationOut(
        id=location.id,
        title=location.title,
        status=location.status,
        physical_address=location.physical_address,
        mailing_address=location.mailing_address,
        phone_number=location.phone_number,
        fax_number=location.fax_number,
        general_manager=manager,
        country=location.country,
        state=location.state,
        city=location.city,
        schedule=schedule,
        created_at=location.created_at,
        updated_at=location.updated_at,
    )


async def _counts(session: SessionDep) -> LocationCounts:
    total, active, inactive = await repository.counts(session)
    return LocationCounts(total_locations=total, active_locations=active, in_active_locations=inactive)


@router.get("/geography", response_model=Geography, responses=Errors)
async def geography(_: CanView) -> Geography:
    """The countries, emirates and cities a location may be in."""
    return Geography(countries=COUNTRIES, default_country=UAE)


@router.post("/get", response_model=LocationList, responses=Errors)
async def list_locations(body: LocationQuery, session: SessionDep, _: CanView) -> LocationList:
    """A page of locations with search and a status filter, and the counts."""
    locations, total = await repository.page(
        session,
        search=body.search_term,
        status=body.status.value if body.status else None,
        sort_by=body.sort_by,
        sort_order=body.sort_order,
        offset=body.offset,
        limit=body.limit,
    )
    return LocationList(
        locations=[location_out(x) for x in locations],
        total_pages=total_pages(total, body.limit),
        total_matching=total,
        current_page=body.page_no,
        **(await _counts(session)).model_dump(),
    )


@router.post("/create", response_model=LocationOut, status_code=201, responses=Errors)
async def create_location(body: LocationCreate, session: SessionDep, principal: CanAdd) -> LocationOut:
    """Create a location with its opening hours."""
    return location_out(await location_service.create(session, body, principal.actor))


@router.put("/update/{id}", response_model=LocationOut, responses=Errors)
async def update_location(
    id: str, body: LocationUpdate, session: SessionDep, principal: CanEdit
) -> LocationOut:
    """Change a location's details and hours (not its status)."""
    return location_out(await location_service.update(session, id, body, principal.actor))


@router.put("/update-status", response_model=LocationCountsMessage, responses=Errors)
async def update_location_status(
    body: LocationStatusChange, session: SessionDep, principal: CanUpdateStatus
) -> LocationCountsMessage:
    """Set several locations active or inActive; all or nothing."""
    changed = await location_service.set_status(session, body.ids, body.status, principal.actor)
    await session.flush()
    message = f"{plural(len(changed), 'location')} set to {body.status.value.lower()}."
    return LocationCountsMessage(message=message, **(await _counts(session)).model_dump())


@router.delete("/delete", response_model=LocationCountsMessage, responses=Errors)
async def delete_locations(
    body: LocationIds, session: SessionDep, principal: CanDelete
) -> LocationCountsMessage:
    """Delete locations; all or nothing."""
    deleted = await location_service.delete(session, body.ids, principal.actor)
    message = f"{plural(deleted, 'location')} deleted."
    return LocationCountsMessage(message=message, **(await _counts(session)).model_dump())
