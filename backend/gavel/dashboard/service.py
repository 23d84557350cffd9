"""The dashboard's Today figures: what needs doing today, in Asia/Dubai days by the app's clock, for the
modules the caller's role may view (docs/decisions.md, issue 15)."""

from datetime import date, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.clock import day_start, dubai_date
from gavel.dashboard import repository
from gavel.dashboard.repository import Amounts
from gavel.dashboard.schemas import (
    CountAndAmount,
    DashboardSummary,
    EventsFigure,
    FailedMessages,
    ReviewBadges,
    TodayFigures,
    YardFigure,
)
from gavel.dashboard.totals.service import dashboard_totals
from gavel.guards import Principal
from gavel.permissions import Module, Privilege

CHANNELS = ("sms", "whatsapp", "email")


def _may_view(principal: Principal, module: Module) -> bool:
    return principal.may(module, Privilege.VIEW)


def _money(figure: Amounts) -> CountAndAmount:
    return CountAndAmount(count=figure.count, amount=figure.amount)


async def _events(session: AsyncSession, first: date, last: date) -> EventsFigure:
    totals = await repository.events_between(session, day_start(first), day_start(last + timedelta(days=1)))
    return EventsFigure(
        date_from=first, date_to=last, events=totals.events, lanes=totals.lanes, vehicles=totals.vehicles
    )


class DashboardService:
    async def review_badges(self, session: AsyncSession, principal: Principal) -> ReviewBadges:
        """Pending members and vehicles waiting for review, for the modules the caller may view."""
        return ReviewBadges(
            members_pending=(
                await repository.members_pending(session) if _may_view(principal, Module.MEMBERS) else None
            ),
            vehicles_review=(
                await repository.vehicles_pending(session) if _may_view(principal, Module.VEHICLES) else None
            ),
        )

    async def summary(self, session: AsyncSession, principal: Principal, now: datetime) -> DashboardSummary:
        return DashboardSummary(
            today=await self.today(session, principal, now),
            totals=await dashboard_totals(session, principal),
        )

    async def today(self, session: AsyncSession, principal: Principal, now: datetime) -> TodayFigures:
        day = dubai_date(now)
        figures = TodayFigures(
            day=day,
            members_review=None,
            vehicles_review=None,
            vehicles_received_not_inspected=None,
            events_today=None,
            events_this_week=None,
            waiting_for_seller_approval=None,
            invoices_due_today=None,
            invoices_overdue=None,
            payments_to_verify=None,
            payouts_waiting=None,
            refunds_waiting=None,
            gate_passes_not_picked_up=None,
            vehicles_past_free_days=None,
            failed_messages=None,
        )
        if _may_view(principal, Module.MEMBERS):
            figures.members_review = await repository.members_pending(session)
        if _may_view(principal, Module.VEHICLES):
            await self._vehicles(session, figures, day)
        if _may_view(principal, Module.AUCTIONS):
            monday = day - timedelta(days=day.weekday())
            figures.events_today = await _events(session, day, day)
            figures.events_this_week = await _events(session, monday, monday + timedelta(days=6))
            figures.waiting_for_seller_approval = await repository.lots_waiting_for_approval(session)
        if _may_view(principal, Module.PAYMENTS):
            await self._money(session, figures, day)
        if _may_view(principal, Module.ALERTS):
            failed = await repository.failed_messages(session)
            per_channel = {channel: failed.get(channel, 0) for channel in CHANNELS}
            figures.failed_messages = FailedMessages(**per_channel, total=sum(per_channel.values()))
        return figures

    async def _vehicles(self, session: AsyncSession, figures: TodayFigures, day: date) -> None:
        counts = await repository.vehicle_list_counts(session)
        figures.vehicles_review = counts.review_total
        figures.vehicles_received_not_inspected = counts.received
        figures.gate_passes_not_picked_up = await repository.gate_passes_not_picked_up(session)
        # The sale day is the first free day; storage is charged from the day after the last one.
        free_days = await repository.free_storage_days(session) or 0
        cutoff = day - timedelta(days=free_days)
        figures.vehicles_past_free_days = YardFigure(
            count=await repository.vehicles_past_free_days(session, cutoff), sold_on_or_before=cutoff
        )

    async def _money(self, session: AsyncSession, figures: TodayFigures, day: date) -> None:
        figures.invoices_due_today = _money(
            await repository.invoices_due_between(session, day_start(day), day_start(day + timedelta(days=1)))
        )
        figures.invoices_overdue = _money(await repository.invoices_overdue(session))
        waiting = await repository.document_totals(
            session, [("payment", "Pending"), ("payout", "Pending"), ("refund", "Pending")]
        )
        figures.payments_to_verify = _money(waiting["payment", "Pending"])
        figures.payouts_waiting = _money(waiting["payout", "Pending"])
        figures.refunds_waiting = _money(waiting["refund", "Pending"])


dashboard_service = DashboardService()
