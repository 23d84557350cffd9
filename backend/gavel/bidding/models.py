"""A lot's rows: the lot (one per run), its bid log, the maxima on it and its numbered events.

Amounts are stored as every amount of Gavel is (`Amount()`, a Decimal with two places); the engine counts in
fils, and `repository` converts at the edge. The increment bands are a snapshot in whole fils
(`[[from_price, step], ...]`), taken when the lot is made and again when it opens.
"""

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Amount, Base, IdMixin, TimestampMixin, utcnow


class LotRow(IdMixin, TimestampMixin, Base):
    """One vehicle's run as the bid engine sells it: waiting, open, closed or withdrawn."""

    __tablename__ = "lot"
    __table_args__ = (
        Index("ix_lot_event_lane_run", "event_id", "lane_id", "run_number"),
        Index("ix_lot_state_event", "state", "event_id"),
        Index("ix_lot_leader_state", "leader_member_id", "state"),
        Index("ix_lot_vehicle_id", "vehicle_id"),
        # The lane runner's queries: a lane's open lot, its next waiting lot, its lots in run order.
        Index("ix_lot_lane_state_run", "lane_id", "state", "run_number"),
    )

    run_id: Mapped[str] = mapped_column(ForeignKey("auction_run.id", ondelete="CASCADE"), unique=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("auction_event.id", ondelete="CASCADE"))
    lane_id: Mapped[str] = mapped_column(ForeignKey("auction_lane.id", ondelete="CASCADE"))
    vehicle_id: Mapped[str] = mapped_column(ForeignKey("vehicle.id", ondelete="CASCADE"))
    run_number: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(10), default="waiting")
    opening_price: Mapped[Decimal] = mapped_column(Amount())
    reserve_price: Mapped[Decimal | None] = mapped_column(Amount())
    increments: Mapped[list[list[int]]] = mapped_column(JSON)
    counter_bid_seconds: Mapped[int] = mapped_column(Integer)
    price: Mapped[Decimal | None] = mapped_column(Amount())
    leader_member_id: Mapped[str | None] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    leader_source: Mapped[str | None] = mapped_column(String(10))
    last_bid_sequence: Mapped[int] = mapped_column(Integer, default=0)
    last_event_sequence: Mapped[int] = mapped_column(Integer, default=0)
    clock_ends_at: Mapped[datetime | None] = mapped_column()
    opened_at: Mapped[datetime | None] = mapped_column()
    closed_at: Mapped[datetime | None] = mapped_column()
    result: Mapped[str | None] = mapped_column(String(12))


class LotBid(IdMixin, Base):
    """A row of a lot's bid log (`bids.LogRow`): every bid as entered, accepted or refused with its reason,
    and every bid the engine placed for a maximum. `entered_by` is a staff user's id (floor, absentee) or
    the member's (online): no foreign key, the log outlives both."""

    __tablename__ = "lot_bid"
    __table_args__ = (
        UniqueConstraint("lot_id", "sequence"),
        Index("ix_lot_bid_bidder_id", "bidder_id"),
    )

    lot_id: Mapped[str] = mapped_column(ForeignKey("lot.id", ondelete="CASCADE"))
    sequence: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column()
    source: Mapped[str] = mapped_column(String(10))
    bidder_id: Mapped[str | None] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    entered_by: Mapped[str | None] = mapped_column(String(32))
    amount: Mapped[Decimal] = mapped_column(Amount())
    maximum: Mapped[Decimal | None] = mapped_column(Amount())
    automatic: Mapped[bool] = mapped_column(Boolean, default=False)
    accepted: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str | None] = mapped_column(String(30))
    withdrawal: Mapped[bool] = mapped_column(Boolean, default=False)
    # Staff's reason for withdrawing a maximum (a withdrawal's row only).
    note: Mapped[str | None] = mapped_column(Text)
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)


class LotMaximum(IdMixin, Base):
    """A member's latest maximum on a lot (`lot.Maximum`), kept beside the log so that a bid reads the lot's
    maxima without replaying it. `sequence` is the bid-log row that placed it."""

    __tablename__ = "lot_maximum"
    __table_args__ = (UniqueConstraint("lot_id", "bidder_id"),)

    lot_id: Mapped[str] = mapped_column(ForeignKey("lot.id", ondelete="CASCADE"))
    bidder_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"), index=True)
    amount: Mapped[Decimal] = mapped_column(Amount())
    sequence: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(10))
    at: Mapped[datetime] = mapped_column()


class LotEvent(IdMixin, Base):
    """What happened to a lot, numbered per lot from 1 without gaps, at the server's time: what watchers are
    told after commit, and what a watcher that missed some asks for again (`events_after`)."""

    __tablename__ = "lot_event"
    __table_args__ = (UniqueConstraint("lot_id", "sequence"),)

    lot_id: Mapped[str] = mapped_column(ForeignKey("lot.id", ondelete="CASCADE"))
    sequence: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column()
    kind: Mapped[str] = mapped_column(String(20))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
