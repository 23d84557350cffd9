"""Roles: their list, with how many staff users hold each, and their changes (SPEC.md section 7, Roles).
Paths of the roles' API, served here because users know who holds a role (user_account.role_id); the rules
stay roles' own (roles/service.py), asking users/role_holders.py who holds what."""

from typing import Annotated

from fastapi import APIRouter

from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege
from gavel.roles import repository
from gavel.roles.models import Role
from gavel.roles.schemas import (
    RoleCreate,
    RoleDelete,
    RoleList,
    RoleListItem,
    RoleOut,
    RoleQuery,
    RoleToggle,
    RoleUpdate,
    SuccessMessage,
)
from gavel.roles.service import role_service
from gavel.users import repository as users
from gavel.users.role_holders import role_holders

router = APIRouter(prefix="/role", tags=["roles"])

Errors = error_responses(403, 404, 409, 422)
CanAdd = Annotated[Principal, require(Module.ROLES, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.ROLES, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.ROLES, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.ROLES, Privilege.DELETE)]
CanUpdateStatus = Annotated[Principal, require(Module.ROLES, Privilege.UPDATE_STATUS)]


async def _with_counts(session: SessionDep, role: Role) -> RoleListItem:
    held = await users.assigned_users(session, [role.id])
    return RoleListItem.model_validate(role).model_copy(update={"assigned_users": held.get(role.id, 0)})


@router.post("/create", response_model=RoleListItem, status_code=201, responses=Errors)
async def create_role(body: RoleCreate, session: SessionDep, principal: CanAdd) -> RoleListItem:
    """Create a role with its privileges per module."""
    role = await role_service.create(session, body, principal.actor)
    return await _with_counts(session, role)


@router.post("/get", response_model=RoleList, responses=Errors)
async def list_roles(body: RoleQuery, session: SessionDep, _: CanView) -> RoleList:
    """A page of roles with their privileges, how many users hold each, and the totals."""
    roles, total = await repository.page(
        session,
        search=body.search_term,
        is_active=body.is_active,
        sort_by=body.sort_by,
        sort_order=body.sort_order,
        offset=body.offset,
        limit=body.limit,
    )
    held = await users.assigned_users(session, [r.id for r in roles])
    active, inactive = await repository.counts(session)
    items = [
        RoleListItem.model_validate(r).model_copy(update={"assigned_users": held.get(r.id, 0)}) for r in roles
    ]
    return RoleList(
        roles=items,
        total_roles=active + inactive,
        total_active=active,
        total_inactive=inactive,
        total_pages=total_pages(total, body.limit),
        total_matching=total,
        current_page=body.page_no,
    )


@router.put("/toggle-active-role/{roleId}", response_model=RoleOut, responses=Errors)
async def toggle_role(roleId: str, body: RoleToggle, session: SessionDep, principal: CanUpdateStatus) -> Role:
    """Switch a role on or off; a role that is off grants nothing."""
    return await role_service.set_active(session, roleId, body.is_active, principal.actor, role_holders)


@router.delete("/delete", response_model=SuccessMessage, responses=Errors)
async def delete_roles(body: RoleDelete, session: SessionDep, principal: CanDelete) -> SuccessMessage:
    """Delete roles that nobody holds; all or nothing."""
    deleted = await role_service.delete(session, body.role_ids, principal.actor, role_holders)
    return SuccessMessage(success=True, message=f"{deleted} role{'s' if deleted != 1 else ''} deleted.")


@router.put("/update/{id}", response_model=RoleListItem, responses=Errors)
async def update_role(id: str, body: RoleUpdate, session: SessionDep, principal: CanEdit) -> RoleListItem:
    """Rename a role and change its privileges; they apply from each holder's next request."""
    role = await role_service.update(session, id, body, principal.actor, role_holders)
    return await _with_counts(session, role)
