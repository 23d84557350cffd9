"""The rules of security plans: a unique name, and no plan deleted while members are subscribed."""

from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import all_found, unique_ids
from gavel.errors import Conflict, FieldError, NotFound
from gavel.plans import repository
from gavel.plans.models import SecurityPlan
from gavel.plans.schemas import PlanFields

FIELDS = ("name", "tag", "plan_amount", "amount_after_discount", "buying_power", "description")


def snapshot(plan: SecurityPlan) -> dict[str, Any]:
    return {name: getattr(plan, name) for name in FIELDS}


class Subscribers(Protocol):
    """Who is subscribed to plans: the members' plan (members, above plans) answers it, passed in by the route
    that deletes plans (members/plans_router.py with members/plan_subscribers.py)."""

    async def count(self, session: AsyncSession, plan_ids: list[str]) -> dict[str, int]:
        """How many members are subscribed to each plan."""
        ...


class PlanService:
    async def get(self, session: AsyncSession, plan_id: str) -> SecurityPlan:
        plan = await repository.by_id(session, plan_id)
        if plan is None:
            raise NotFound("This security plan does not exist.")
        return plan

    async def _unique_name(self, session: AsyncSession, name: str, own_id: str | None = None) -> None:
        twin = await repository.by_name(session, name)
        if twin is not None and twin.id != own_id:
            message = f'A security plan named "{twin.name}" already exists.'
            raise Conflict(message, errors=[FieldError(field="name", message=message)])

    def _apply(self, plan: SecurityPlan, body: PlanFields) -> None:
        for name in FIELDS:
            setattr(plan, name, getattr(body, name))
        plan.name_key = body.name.lower()

    async def create(self, session: AsyncSession, body: PlanFields, actor: Actor) -> SecurityPlan:
        await self._unique_name(session, body.name)
        plan = SecurityPlan()
        self._apply(plan, body)
        session.add(plan)
        await session.flush()
        await record_change(session, actor, "plan.created", "security_plan", plan.id, new=snapshot(plan))
        return plan

    async def update(
        self, session: AsyncSession, plan_id: str, body: PlanFields, actor: Actor
    ) -> SecurityPlan:
        plan = await self.get(session, plan_id)
        await self._unique_name(session, body.name, plan.id)
        before = snapshot(plan)
        self._apply(plan, body)
        await session.flush()
        await record_change(
            session, actor, "plan.updated", "security_plan", plan.id, old=before, new=snapshot(plan)
        )
        return plan

    async def delete(
        self, session: AsyncSession, ids: list[str], actor: Actor, subscribers: Subscribers
    ) -> int:
        wanted = unique_ids(ids)
        plans = all_found(await repository.by_ids(session, wanted), wanted, "security plans")
        held = await subscribers.count(session, wanted)
        blocked = [p for p in plans if held.get(p.id)]
        if blocked:
            details = "; ".join(f'"{p.name}" has {held[p.id]} subscribed members' for p in blocked)
            raise Conflict(f"Plans with subscribed members cannot be deleted: {details}.")
        for plan in plans:
            await record_change(session, actor, "plan.deleted", "security_plan", plan.id, old=snapshot(plan))
            await session.delete(plan)
        await session.flush()
        return len(plans)


plan_service = PlanService()
