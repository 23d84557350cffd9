"""Who is subscribed to plans, as the plans' rules ask it (plans.service.Subscribers): the members' plan."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.members import repository


class PlanSubscribers:
    async def count(self, session: AsyncSession, plan_ids: list[str]) -> dict[str, int]:
        return await repository.plan_subscribers(session, plan_ids)


subscribers = PlanSubscribers()
