from datetime import date

from pydantic import Field

from gavel.core.money import Money
from gavel.dashboard.totals.schemas import DashboardTotals
from gavel.schemas import ApiModel


class ReviewBadges(ApiModel):
    """What waits for review; null for a module the caller's role may not view."""

    members_pending: int | None
    vehicles_review: int | None


class CountAndAmount(ApiModel):
    count: int
    amount: Money = Field(description="AED")


class EventsFigure(ApiModel):
    """Auction events starting in a span of Dubai days (both included), their lanes and vehicles."""

    date_from: date
    date_to: date
    events: int
    lanes: int
    vehicles: int


class YardFigure(ApiModel):
    count: int
    sold_on_or_before: date = Field(description="The last sale day whose free storage days are over")


class FailedMessages(ApiModel):
    """Messages given up after their attempts, per channel."""

    sms: int
    whatsapp: int
    email: int
    total: int


class TodayFigures(ApiModel):
    """What needs doing today. A figure is null when the caller's role may not view its module."""

    day: date = Field(description="Today in Asia/Dubai, by the app's clock")
    members_review: int | None = Field(description="Members on the Review list (Members)")
    vehicles_review: int | None = Field(
        description="Vehicles on the Review list, as the top bar's badge (Vehicles)"
    )
    vehicles_received_not_inspected: int | None = Field(
        description="Vehicles under review received at the yard whose inspection has not started (Vehicles)"
    )
    events_today: EventsFigure | None = Field(description="Auction events starting today (Auctions)")
    events_this_week: EventsFigure | None = Field(
        description="Auction events starting this week, Monday to Sunday (Auctions)"
    )
    waiting_for_seller_approval: int | None = Field(
        description="Lots sold below their reserve whose seller (or, after a counter-offer, buyer) has not "
        "answered yet (Auctions)"
    )
    invoices_due_today: CountAndAmount | None = Field(
        description="Open invoices due today and what is still owed on them (Payments)"
    )
    invoices_overdue: CountAndAmount | None = Field(
        description="Overdue invoices and what is still owed on them (Payments)"
    )
    payments_to_verify: CountAndAmount | None = Field(
        description="Payments received that wait for a second person's verification (Payments)"
    )
    payouts_waiting: CountAndAmount | None = Field(description="Sellers' payouts waiting (Payments)")
    refunds_waiting: CountAndAmount | None = Field(description="Members' refunds waiting (Payments)")
    gate_passes_not_picked_up: int | None = Field(
        description="Gate passes issued (generated or scanned) whose vehicle was not picked up (Vehicles)"
    )
    vehicles_past_free_days: YardFigure | None = Field(
        description="Sold vehicles still in the yard after their free storage days (Vehicles)"
    )
    failed_messages: FailedMessages | None = Field(description="Messages that failed (Alerts)")


class DashboardSummary(ApiModel):
    today: TodayFigures
    totals: DashboardTotals
