"""Settings → Bid increments: the table of the asking price's steps by price band (issue 25). Guarded as the
other settings of the business are: Settings view to read it, Settings edit to change it."""

from typing import Annotated

from fastapi import APIRouter

from gavel.bidding.increment_tables import service
from gavel.bidding.increment_tables.schemas import (
    IncrementBandOut,
    IncrementTableEditor,
    IncrementTableIn,
    IncrementTableOut,
)
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/increment-table", tags=["increment-tables"])

CanView = Annotated[Principal, require(Module.SETTINGS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]


def _out(table: service.TableView) -> IncrementTableOut:
    by = table.updated_by_name
    return IncrementTableOut(
        bands=[IncrementBandOut(from_price=from_price, step=step) for from_price, step in table.bands],
        version=table.version,
        updated_at=table.updated_at,
        updated_by=IncrementTableEditor(id=table.updated_by_id, name=by) if by is not None else None,
    )


@router.get("", response_model=IncrementTableOut, responses=error_responses(403))
async def get_increment_table(session: SessionDep, _: CanView) -> IncrementTableOut:
    """The bands lots opened from now on step by; none: each auction's flat increment."""
    return _out(await service.read(session))


@router.put("", response_model=IncrementTableOut, responses=error_responses(403, 409, 422))
async def replace_increment_table(
    body: IncrementTableIn, session: SessionDep, principal: CanEdit, clock: ClockDep
) -> IncrementTableOut:
    """Replace the whole table (an empty list switches it off); lots already open keep their steps."""
    bands = [(band.from_price, band.step) for band in body.bands]
    return _out(await service.replace(session, bands, body.version, principal.actor, clock.now()))
