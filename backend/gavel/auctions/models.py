from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Boolean, Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Amount, Base, IdMixin, TimestampMixin
from gavel.locations.models import Location
from gavel.members.models import Member
from gavel.users.models import User
from gavel.vehicles.models import Vehicle


class Auction(IdMixin, TimestampMixin, Base):
    """A recurring sale at a yard ('Dubai Thursday Live Sale', weekly, 2 lanes); each occurrence is an
    event."""

    __tablename__ = "auction"
    __table_args__ = (
        Index("ix_auction_status_created_at", "status", "created_at", "id"),
        Index("ix_auction_status_first_event_at", "status", "first_event_at", "id"),
        Index("ix_auction_status_title_key", "status", "title_key", "id"),
        Index("ix_auction_type_status", "auction_type", "status"),
    )

    auction_title: Mapped[str] = mapped_column(String(150))
    title_key: Mapped[str] = mapped_column(String(150))
    auction_type: Mapped[str] = mapped_column(String(10))
    location_id: Mapped[str] = mapped_column(ForeignKey("location.id", ondelete="RESTRICT"), index=True)
    lane_count: Mapped[int] = mapped_column(Integer)
    bid_increment_amount: Mapped[Decimal] = mapped_column(Amount())
    counter_bid_time: Mapped[int] = mapped_column(Integer)
    repeat_type: Mapped[str] = mapped_column(String(10))
    repeat_until: Mapped[date | None] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(12), default="draft")
    first_event_at: Mapped[datetime] = mapped_column()
    last_event_at: Mapped[datetime] = mapped_column()
    event_count: Mapped[int] = mapped_column(Integer)
    created_by_id: Mapped[str | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )

    location: Mapped[Location] = relationship(lazy="joined")
    created_by: Mapped[User | None] = relationship(lazy="joined")


class AuctionEvent(IdMixin, TimestampMixin, Base):
    """One occurrence of an auction: a sale day at the auction's yard with its lanes."""

    __tablename__ = "auction_event"
    __table_args__ = (
        Index("ix_auction_event_auction_start", "auction_id", "start_at"),
        Index("ix_auction_event_start_at", "start_at", "id"),
    )

    auction_id: Mapped[str] = mapped_column(ForeignKey("auction.id", ondelete="CASCADE"))
    sequence: Mapped[int] = mapped_column(Integer)
    start_at: Mapped[datetime] = mapped_column()
    end_at: Mapped[datetime] = mapped_column()
    # The Asia/Dubai calendar day of the start: results are recorded from this day on.
    sale_date: Mapped[date] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(12), default="draft")
    completed_at: Mapped[datetime | None] = mapped_column()

    auction: Mapped[Auction] = relationship(lazy="joined")
    lanes: Mapped[list["Lane"]] = relationship(
        back_populates="event", cascade="all, delete-orphan", lazy="selectin", order_by="Lane.lane_number"
    )


class Lane(IdMixin, Base):
    """A lane of an event (A, B, ...): its vehicles run one after the other in run order."""

    __tablename__ = "auction_lane"
    __table_args__ = (UniqueConstraint("event_id", "lane_number"),)

    event_id: Mapped[str] = mapped_column(ForeignKey("auction_event.id", ondelete="CASCADE"))
    lane_number: Mapped[int] = mapped_column(Integer)

    event: Mapped[AuctionEvent] = relationship(back_populates="lanes")


class Run(IdMixin, TimestampMixin, Base):
    """A vehicle's place in an event's lane, and the result the clerk recorded for it.

    `is_current` holds while the vehicle is placed by this run: it ends when the vehicle is not sold (it
    goes back to the unassigned vehicles; the run stays as history). At most one current run per vehicle:
    the partial unique index decides when two requests place one vehicle in two events at once.
    """

    __tablename__ = "auction_run"
    __table_args__ = (
        UniqueConstraint("lane_id", "run_number"),
        Index(
            "uq_auction_run_current_vehicle",
            "vehicle_id",
            unique=True,
            postgresql_where="is_current",
            sqlite_where="is_current",
        ),
        Index("ix_auction_run_event_lane_run", "event_id", "lane_id", "run_number"),
        Index("ix_auction_run_vehicle_id", "vehicle_id"),
        Index("ix_auction_run_buyer_id", "buyer_id"),
        # Migration 0019: an event's results read from the index (the sales-by-event report).
        Index("ix_auction_run_event_id", "event_id", postgresql_include=["outcome", "sold_for", "id"]),
    )

    event_id: Mapped[str] = mapped_column(ForeignKey("auction_event.id", ondelete="CASCADE"))
    lane_id: Mapped[str] = mapped_column(ForeignKey("auction_lane.id", ondelete="CASCADE"))
    vehicle_id: Mapped[str] = mapped_column(ForeignKey("vehicle.id", ondelete="CASCADE"))
    run_number: Mapped[int] = mapped_column(Integer)
    is_current: Mapped[bool] = mapped_column(Boolean, default=True)
    outcome: Mapped[str | None] = mapped_column(String(10))
    buyer_id: Mapped[str | None] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    sold_for: Mapped[Decimal | None] = mapped_column(Amount())
    seller_approved: Mapped[bool] = mapped_column(Boolean, default=False)
    recorded_at: Mapped[datetime | None] = mapped_column()
    recorded_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))

    lane: Mapped[Lane] = relationship(lazy="joined")
    vehicle: Mapped[Vehicle] = relationship(lazy="joined")
    buyer: Mapped[Member | None] = relationship(lazy="joined")
