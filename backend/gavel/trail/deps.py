"""Who may read audit events: the whole trail with the Audit log row's View; one record's history also
with the view privilege of that record's module, as its page."""

from typing import Annotated

from fastapi import Depends, Query

from gavel.guards import CurrentPrincipal, Principal, require_any
from gavel.permissions import Module, Privilege
from gavel.trail.modules import HISTORY_MODULE
from gavel.trail.schemas import AuditFilters, AuditQuery

TRAIL = (Module.AUDIT_LOG, Privilege.VIEW)


async def _may_read(filters: AuditFilters, principal: Principal) -> None:
    grants = [TRAIL]
    module = HISTORY_MODULE.get(filters.entity) if filters.entity and filters.entity_id else None
    if module is not None:
        grants.append((module, Privilege.VIEW))
    guard = require_any(*grants).dependency
    await guard(principal)


async def readable_query(query: Annotated[AuditQuery, Query()], principal: CurrentPrincipal) -> AuditQuery:
    """The audit log's page query, once the caller may read what it asks for (403 otherwise)."""
    await _may_read(query, principal)
    return query


async def readable_filters(
    filters: Annotated[AuditFilters, Query()], principal: CurrentPrincipal
) -> AuditFilters:
    """The export's filters, once the caller may read what they ask for (403 otherwise)."""
    await _may_read(filters, principal)
    return filters


ReadableQuery = Annotated[AuditQuery, Depends(readable_query)]
ReadableFilters = Annotated[AuditFilters, Depends(readable_filters)]
CanReadTrail = Annotated[Principal, require_any(TRAIL)]
