"""The charts' running totals and the indexes they read on other modules' tables (migration 0021).

The totals are kept by database triggers on `vehicle` and `auction_run` (migration 0021, as
`vehicle_list_count` in 0007: statement-level with transition tables on PostgreSQL, row-level on SQLite), so
that every write of every module keeps them exact without knowing them, and a year's chart reads a few
thousand rows, never the million vehicles. The indexes are declared here, beside the queries they serve, so
that the schema the models declare matches the migrations.
"""

from datetime import date
from decimal import Decimal

from sqlalchemy import BigInteger, Boolean, Date, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.auctions.models import AuctionEvent
from gavel.db import Amount, Base
from gavel.invoices.models import Invoice
from gavel.vehicles.models import Vehicle


class ChartSaleDay(Base):
    """Sold vehicles per sale day and band of hammer against reserve, with their hammer and reserve totals
    (a vehicle without a reserve adds 0 to the reserve)."""

    __tablename__ = "chart_sale_day"

    sale_date: Mapped[date] = mapped_column(Date, primary_key=True)
    band: Mapped[str] = mapped_column(String(10), primary_key=True)
    vehicles: Mapped[int] = mapped_column(BigInteger)
    hammer: Mapped[Decimal] = mapped_column(Amount())
    reserve: Mapped[Decimal] = mapped_column(Amount())


class ChartIntakeDay(Base):
    """Vehicles per Dubai day of submission and where they stand (status, paid, released, in an event)."""

    __tablename__ = "chart_intake_day"

    created_day: Mapped[date] = mapped_column(Date, primary_key=True)
    status: Mapped[str] = mapped_column(String(10), primary_key=True)
    is_paid: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    is_released: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    assigned: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    vehicles: Mapped[int] = mapped_column(BigInteger)


class ChartEventResult(Base):
    """Runs per event (by its sale day) and recorded outcome (sold, notSold): an event's sell-through."""

    __tablename__ = "chart_event_result"

    sale_date: Mapped[date] = mapped_column(Date, primary_key=True)
    event_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    outcome: Mapped[str] = mapped_column(String(10), primary_key=True)
    runs: Mapped[int] = mapped_column(BigInteger)


class ChartMemberPeriod(Base):
    """Each member's sales (side seller) and purchases (side buyer) per week (from Monday), month, quarter and
    year of the sale day: the top sellers and buyers of a named period are the first rows of an index."""

    __tablename__ = "chart_member_period"
    __table_args__ = (
        Index("ix_chart_member_period_top", "kind", "period_start", "side", "amount", "member_id"),
    )

    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    period_start: Mapped[date] = mapped_column(Date, primary_key=True)
    side: Mapped[str] = mapped_column(String(6), primary_key=True)
    member_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    vehicles: Mapped[int] = mapped_column(BigInteger)
    amount: Mapped[Decimal] = mapped_column(Amount())


# Top sellers and buyers of dates asked for: the sold vehicles of a range of sale days with price and members.
SOLD_BY_SALE_DAY = Index(
    "ix_vehicle_status_event_date_sale",
    Vehicle.status,
    Vehicle.event_date,
    Vehicle.sold_for,
    Vehicle.member_id,
    Vehicle.buyer_member_id,
)

# Receivables by age: open invoices by issue time, with what they owe.
OPEN_BY_ISSUE = Index(
    "ix_invoice_status_issued_at_due",
    Invoice.status,
    Invoice.issued_at,
    Invoice.total,
    Invoice.paid_amount,
)

# Sell-through: the period's events, the latest first.
EVENTS_BY_SALE_DAY = Index("ix_auction_event_sale_date", AuctionEvent.sale_date, AuctionEvent.start_at)
