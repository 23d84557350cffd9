"""The charts' answers: each names the period it covers (Dubai days, both included) and its figures."""

from datetime import date
from enum import StrEnum

from pydantic import Field

from gavel.core.money import Money, SignedMoney
from gavel.schemas import ApiModel


class PeriodName(StrEnum):
    WEEK = "week"
    MONTH = "month"
    QUARTER = "quarter"
    YEAR = "year"


class ChartPeriod(ApiModel):
    """The Dubai days a chart covers, the first and the last included."""

    start: date = Field(alias="from")
    end: date = Field(alias="to")


class WeekSales(ApiModel):
    week_start: date  # the Monday of the week
    count: int
    amount: Money


class SalesPerWeek(ApiModel):
    """Vehicles sold per week (by sale day) and their hammer prices in AED."""

    period: ChartPeriod
    weeks: list[WeekSales]
    total_count: int
    total_amount: Money


class EventSellThrough(ApiModel):
    event_id: str
    sale_date: date
    auction_title: str
    run: int  # vehicles with a result
    sold: int
    rate: float  # sold / run, 0 to 1


class SellThrough(ApiModel):
    """Per event of the period (the latest first, at most `limit`): sold over the vehicles that ran."""

    period: ChartPeriod
    events: list[EventSellThrough]
    total_events: int
    run: int
    sold: int
    rate: float | None


class ReserveBand(StrEnum):
    NO_RESERVE = "noReserve"
    BELOW = "below"
    MET = "met"  # reserve to 10 % above
    ABOVE_10 = "above10"  # 10 % to 25 % above
    ABOVE_25 = "above25"  # 25 % above or more


class HammerBand(ApiModel):
    band: ReserveBand
    count: int
    hammer: Money
    reserve: Money


class HammerVsReserve(ApiModel):
    """Sold vehicles of the period by how their hammer price compares with their reserve."""

    period: ChartPeriod
    bands: list[HammerBand]
    hammer_total: Money  # of the vehicles with a reserve
    reserve_total: Money


class PipelineStage(StrEnum):
    REVIEW = "review"
    APPROVED = "approved"
    IN_EVENT = "inEvent"
    SOLD = "sold"
    PAID = "paid"
    RELEASED = "released"
    REJECTED = "rejected"
    CANCELLED = "cancelled"


class StageCount(ApiModel):
    stage: PipelineStage
    count: int


class Pipeline(ApiModel):
    """Where the vehicles submitted in the period stand today, from review to released."""

    period: ChartPeriod
    stages: list[StageCount]
    submitted: int


class AgeBucket(StrEnum):
    DAYS_0_2 = "0-2"
    DAYS_3_7 = "3-7"
    DAYS_8_30 = "8-30"
    OVER_30 = "over30"


class ReceivableAge(ApiModel):
    bucket: AgeBucket
    count: int
    amount: SignedMoney


class Receivables(ApiModel):
    """What the invoices issued in the period still owe today, by days since issue."""

    period: ChartPeriod
    as_of: date
    buckets: list[ReceivableAge]
    total_count: int
    total_amount: SignedMoney


class TopMember(ApiModel):
    member_id: str = Field(alias="_id")
    name: str
    count: int
    amount: Money


class TopMembers(ApiModel):
    """The members who sold and bought the most (hammer AED) at the period's sales."""

    period: ChartPeriod
    sellers: list[TopMember]
    buyers: list[TopMember]
