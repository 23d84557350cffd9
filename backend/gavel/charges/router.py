"""Charges: the fees of the business (SPEC.md section 7, Charges)."""

from typing import Annotated

from fastapi import APIRouter

from gavel.charges import repository
from gavel.charges.models import Charge
from gavel.charges.schemas import (
    ChargeCountsMessage,
    ChargeCreate,
    ChargeFields,
    ChargeIds,
    ChargeList,
    ChargeOut,
    ChargeQuery,
    ChargeStatusChange,
)
from gavel.charges.service import charge_service
from gavel.core.bulk import plural
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/charge", tags=["charges"])

Errors = error_responses(403, 404, 409, 422)
CanAdd = Annotated[Principal, require(Module.SETTINGS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.SETTINGS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.SETTINGS, Privilege.DELETE)]
CanUpdateStatus = Annotated[Principal, require(Module.SETTINGS, Privilege.UPDATE_STATUS)]


async def _counts_message(session: SessionDep, message: str) -> ChargeCountsMessage:
    total, active, inactive = await repository.counts(session)
    return ChargeCountsMessage(message=message, total=total, active=active, inactive=inactive)


@router.post("/get", response_model=ChargeList, responses=Errors)
async def list_charges(body: ChargeQuery, session: SessionDep, _: CanView) -> ChargeList:
    """A page of charges with search and filters, and the active and inactive counts."""
    charges, matching = await repository.page(
        session,
        search=body.search_term,
        is_active=body.is_active,
        applies_to=body.applies_to.value if body.applies_to else None,
        kind=body.kind.value if body.kind else None,
        sort_by=body.sort_by,
        sort_order=body.sort_order,
        offset=body.offset,
        limit=body.limit,
    )
    total, active, inactive = await repository.counts(session)
    return ChargeList(
        data=[ChargeOut.model_validate(c) for c in charges],
        total_pages=total_pages(matching, body.limit),
        total_matching=matching,
        current_page=body.page_no,
        total=total,
        active=active,
        inactive=inactive,
    )


@router.post("/create", response_model=ChargeOut, status_code=201, responses=Errors)
async def create_charge(body: ChargeCreate, session: SessionDep, principal: CanAdd) -> Charge:
    """Create a charge; an active one's band must not overlap another active charge of its kind and side."""
    return await charge_service.create(session, body, principal.actor)


@router.put("/update/{id}", response_model=ChargeOut, responses=Errors)
async def update_charge(id: str, body: ChargeFields, session: SessionDep, principal: CanEdit) -> Charge:
    """Change a charge (its active switch has its own call)."""
    return await charge_service.update(session, id, body, principal.actor)


@router.put("/update-charge-status", response_model=ChargeCountsMessage, responses=Errors)
async def update_charge_status(
    body: ChargeStatusChange, session: SessionDep, principal: CanUpdateStatus
) -> ChargeCountsMessage:
    """Switch several charges on or off; all or nothing."""
    changed = await charge_service.set_active(session, body.ids, body.is_active, principal.actor)
    state = "active" if body.is_active else "inactive"
    return await _counts_message(session, f"{plural(changed, 'charge')} set {state}.")


@router.delete("/delete", response_model=ChargeCountsMessage, responses=Errors)
async def delete_charges(body: ChargeIds, session: SessionDep, principal: CanDelete) -> ChargeCountsMessage:
    """Delete charges; all or nothing."""
    deleted = await charge_service.delete(session, body.ids, principal.actor)
    return await _counts_message(session, f"{plural(deleted, 'charge')} deleted.")
