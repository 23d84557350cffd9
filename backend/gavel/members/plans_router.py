"""Security plans: deposits that give members buying power (SPEC.md section 7, Security plans). Paths of the
plans' API, served here because each plan is shown with its subscribed members and the deposits they hold,
which members know; the rules stay plans' own (plans/service.py)."""

from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter

from gavel.core.bulk import plural
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.members import repository as member_repository
from gavel.members.plan_subscribers import subscribers
from gavel.permissions import Module, Privilege
from gavel.plans import repository as plan_repository
from gavel.plans.models import SecurityPlan
from gavel.plans.schemas import (
    PlanDeleted,
    PlanFields,
    PlanIds,
    PlanList,
    PlanOut,
    PlanQuery,
    SubscriberList,
    SubscriberOut,
    SubscriberQuery,
)
from gavel.plans.service import plan_service

router = APIRouter(prefix="/plan", tags=["plans"])

Errors = error_responses(403, 404, 409, 422)
CanAdd = Annotated[Principal, require(Module.SETTINGS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.SETTINGS, Privilege.VIEW)]
CanEdit = Annotated[Principal, require(Module.SETTINGS, Privilege.EDIT)]
CanDelete = Annotated[Principal, require(Module.SETTINGS, Privilege.DELETE)]


def _with_totals(plan: SecurityPlan, totals: dict[str, tuple[int, Decimal]]) -> PlanOut:
    count, held = totals.get(plan.id, (0, Decimal("0.00")))
    return PlanOut.model_validate(plan).model_copy(update={"total_subscribers": count, "deposits_held": held})


async def _out(session: SessionDep, plan: SecurityPlan) -> PlanOut:
    return _with_totals(plan, await member_repository.plan_subscriber_totals(session, [plan.id]))


@router.post("/list", response_model=PlanList, responses=Errors)
async def list_plans(body: PlanQuery, session: SessionDep, _: CanView) -> PlanList:
    """A page of security plans with their subscriber counts and the deposits their members hold."""
    plans, total = await plan_repository.page(
        session,
        search=body.search_term,
        sort_by=body.sort_by,
        sort_order=body.sort_order,
        offset=body.offset,
        limit=body.limit,
    )
    totals = await member_repository.plan_subscriber_totals(session, [p.id for p in plans])
    data = [_with_totals(p, totals) for p in plans]
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
    deleted = await plan_service.delete(session, body.ids, principal.actor, subscribers)
    return PlanDeleted(
        message=f"{plural(deleted, 'security plan')} deleted.", total=await plan_repository.total(session)
    )


@router.put("/{id}", response_model=PlanOut, responses=Errors)
async def update_plan(id: str, body: PlanFields, session: SessionDep, principal: CanEdit) -> PlanOut:
    """Change a security plan."""
    return await _out(session, await plan_service.update(session, id, body, principal.actor))


@router.post("/{id}/subscribers", response_model=SubscriberList, responses=Errors)
async def plan_subscribers(id: str, body: SubscriberQuery, session: SessionDep, _: CanView) -> SubscriberList:
    """A page of the plan's members with the deposit each holds, their buying power and status."""
    plan = await plan_service.get(session, id)
    members, matching = await member_repository.plan_subscriber_page(
        session, plan.id, search=body.search_term, offset=(body.page_no - 1) * body.limit, limit=body.limit
    )
    count, held = (await member_repository.plan_subscriber_totals(session, [plan.id])).get(
        plan.id, (0, Decimal("0.00"))
    )
    return SubscriberList(
        data=[SubscriberOut.model_validate(m) for m in members],
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        total_subscribers=count,
        deposits_held=held,
    )
