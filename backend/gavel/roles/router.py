"""Roles and their privileges (SPEC.md section 7, Roles): what each box of the grid allows. The roles' list
and changes are served by users/roles_router.py, which knows who holds each role."""

from fastapi import APIRouter

from gavel.errors import error_responses
from gavel.guards import CurrentPrincipal
from gavel.permissions import MEANINGS, Module, Privilege
from gavel.roles.schemas import ModulePrivileges, PrivilegeBox

router = APIRouter(prefix="/role", tags=["roles"])


@router.get("/privileges", response_model=list[ModulePrivileges], responses=error_responses(403))
async def privilege_table(_: CurrentPrincipal) -> list[ModulePrivileges]:
    """What each box of the privileges grid allows, module by module, in the grid's order: the table that the
    route guards follow (gavel/permissions.py). A box a module does not list allows nothing there."""
    return [
        ModulePrivileges(
            module=module,
            boxes=[
                PrivilegeBox(privilege=p, allows=MEANINGS[module][p])
                for p in Privilege
                if p in MEANINGS[module]
            ],
        )
        for module in Module
    ]
