"""The lots a member watches: one row per member and lot (the primary key decides between two taps)."""

from datetime import datetime

from sqlalchemy import ForeignKey, Index
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, utcnow


class BidderWatch(Base):
    __tablename__ = "bidder_watch"
    __table_args__ = (Index("ix_bidder_watch_lot_id", "lot_id"),)

    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), primary_key=True)
    lot_id: Mapped[str] = mapped_column(ForeignKey("lot.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
