"""Security plans: deposits that give members buying power (SPEC.md section 7, Security plans)."""

from typing import Annotated

from fastapi import APIRouter

from gavel.auth.deps import Principal, require
from gavel.core.bulk import plural
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.permissions import Module, Privilege
from gavel.plans import repository
from gavel.plans.models import SecurityPlan
from gavel.plans.schemas import PlanDeleted, PlanFields, PlanIds, PlanList, PlanOut, PlanQuery
from gavel.plans.service import plan_service

router = APIRouter(prefix="/plan", tags=["plans"])

Errors = error_responses(403, 404, 409, 422)
CanAdd = Annotated[Principal, require(Module.SETTINGS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.SETTINGS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.SETTINGS, Privilege.DELETE)]


async def _out(session: SessionDep, plan: SecurityPlan) -> PlanOut:
    held = await repository.subscribers(session, [plan.id])
    return PlanOut.model_validate(plan).model_copy(update={"total_subscribers": held.get(plan.id, 0)})


@router.post("/list", response_model=PlanList, responses=Errors)
async def list_plans(body: PlanQuery, session: SessionDep, _: CanView) -> PlanList:
    """A page of security plans with their subscriber counts."""
    plans, total = await repository.page(
        session,
        search=body.search_term,
        sort_by=body.sort_by,
        sort_order=body.sort_order,
        offset=body.offset,
        limit=body.limit,
    )
    held = await repository.subscribers(session, [p.id for p in plans])
    data = [
        PlanOut.model_validate(p).model_copy(update={"total_subscribers": held.get(p.id, 0)}) for p in plans
    ]
    return PlanList(
        data=data, total_pages=total_pages(total, body.limit), current_page=body.page_no, total=total
    )


@router.post("/create", response_model=PlanOut, status_code=201, responses=Errors)
async def create_plan(body: PlanFields, session: SessionDep, principal: CanAdd) -> PlanOut:
    """Create a security plan."""
    return await _out(session, await plan_service.create(session, body, principal.actor))


@router.delete("/delete", response_model=PlanDeleted, responses=Errors)
async def delete_plans(body: PlanIds, session: SessionDep, principal: CanDelete) -> PlanDeleted:
    """Delete plans nobody is subscribed to; all or nothing."""
    deleted = await plan_service.delete(session, body.ids, principal.actor)
    return PlanDeleted(
        message=f"{plural(deleted, 'security plan')} deleted.", total=await repository.total(session)
    )


@router.put("/{id}", response_model=PlanOut, responses=Errors)
async def update_plan(id: str, body: PlanFields, session: SessionDep, principal: CanEdit) -> PlanOut:
    """Change a security plan."""
    return await _out(session, await plan_service.update(session, id, body, principal.actor))
