"""GET /api/dashboard/charts/...: one call per chart, each for a period (`period=week|month|quarter|year`,
or `from` and `to` Dubai days) and each guarded by the view privilege of the module it shows."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from gavel.core.clock import ClockDep
from gavel.dashboard.charts import service
from gavel.dashboard.charts.schemas import (
    HammerVsReserve,
    PeriodName,
    Pipeline,
    Receivables,
    SalesPerWeek,
    SellThrough,
    TopMembers,
)
from gavel.dashboard.charts.service import Period, resolve_period
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege
from gavel.schemas import Day

router = APIRouter(prefix="/dashboard/charts", tags=["dashboard"])

Errors = error_responses(403, 422)
ViewsAuctions = Annotated[Principal, require(Module.AUCTIONS, Privilege.VIEW)]
ViewsVehicles = Annotated[Principal, require(Module.VEHICLES, Privilege.VIEW)]
ViewsPayments = Annotated[Principal, require(Module.PAYMENTS, Privilege.VIEW)]
ViewsMembers = Annotated[Principal, require(Module.MEMBERS, Privilege.VIEW)]


async def chart_period(
    clock: ClockDep,
    period: PeriodName | None = None,
    start: Annotated[Day | None, Query(alias="from")] = None,
    end: Annotated[Day | None, Query(alias="to")] = None,
) -> Period:
    return resolve_period(period, start, end, clock.now())


PeriodDep = Annotated[Period, Depends(chart_period)]
Limit = Annotated[int, Query(ge=1, le=50)]


@router.get("/sales-per-week", response_model=SalesPerWeek, responses=Errors)
async def sales_per_week(session: SessionDep, period: PeriodDep, _: ViewsAuctions) -> SalesPerWeek:
    """Vehicles sold per week of the period (by sale day) and their hammer total in AED."""
    return await service.sales_per_week(session, period)


@router.get("/sell-through", response_model=SellThrough, responses=Errors)
async def sell_through(
    session: SessionDep, period: PeriodDep, _: ViewsAuctions, limit: Limit = 20
) -> SellThrough:
    """Sold over run for the period's latest events with results, and for the whole period."""
    return await service.sell_through(session, period, limit)


@router.get("/hammer-vs-reserve", response_model=HammerVsReserve, responses=Errors)
async def hammer_vs_reserve(session: SessionDep, period: PeriodDep, _: ViewsAuctions) -> HammerVsReserve:
    """The period's sold vehicles by how their hammer price compares with their reserve."""
    return await service.hammer_vs_reserve(session, period)


@router.get("/pipeline", response_model=Pipeline, responses=Errors)
async def pipeline(session: SessionDep, period: PeriodDep, _: ViewsVehicles) -> Pipeline:
    """Where the vehicles submitted in the period stand today, from review to released."""
    return await service.pipeline(session, period)


@router.get("/receivables", response_model=Receivables, responses=Errors)
async def receivables(session: SessionDep, period: PeriodDep, _: ViewsPayments) -> Receivables:
    """What the invoices issued in the period still owe today, by days since issue."""
    return await service.receivables(session, period)


@router.get("/top-members", response_model=TopMembers, responses=Errors)
async def top_members(
    session: SessionDep, period: PeriodDep, _: ViewsMembers, limit: Limit = 5
) -> TopMembers:
    """The sellers and the buyers with the highest hammer totals at the period's sales."""
    return await service.top_members(session, period, limit)
