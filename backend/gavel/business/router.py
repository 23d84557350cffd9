"""Settings → Business: the details printed on documents and the rules of money in."""

from typing import Annotated

from fastapi import APIRouter

from gavel.business.models import BusinessSettings
from gavel.business.schemas import BusinessFields, BusinessOut
from gavel.business.service import business_service
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/business", tags=["business"])

CanView = Annotated[Principal, require(Module.SETTINGS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]


@router.get("/settings", response_model=BusinessOut, responses=error_responses(403))
async def get_business_settings(session: SessionDep, _: CanView) -> BusinessSettings:
    """The business's details and money rules."""
    return await business_service.get(session)


@router.put("/settings", response_model=BusinessOut, responses=error_responses(403, 422))
async def update_business_settings(
    body: BusinessFields, session: SessionDep, principal: CanEdit
) -> BusinessSettings:
    """Change them; invoices issued later use the new values."""
    return await business_service.update(session, body, principal.actor)
