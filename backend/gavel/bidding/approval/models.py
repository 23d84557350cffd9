"""A lot closed below its reserve, waiting for its seller's answer (issue 25), and every step of that answer.

`LotApproval` is one per lot (made in the transaction that closes it on approval): the price and reserve it
closed at, who leads (None when the floor led: the member who buys is named when the sale is accepted), the
deadline, the status (`rules.Status`) and the seller's counter-offer. Every change is made holding the lot's
row (the lot's lock orders them); `LotApprovalStep` keeps each one: asked, accepted, declined, countered, the
buyer's answer to a counter-offer, expired.
"""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Amount, Base, IdMixin, TimestampMixin


class LotApproval(IdMixin, TimestampMixin, Base):
    __tablename__ = "lot_approval"
    __table_args__ = (
        # The waiting list and the clock's expiry read the open ones by deadline.
        Index("ix_lot_approval_status_deadline", "status", "deadline"),
    )

    lot_id: Mapped[str] = mapped_column(ForeignKey("lot.id", ondelete="CASCADE"), unique=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("auction_event.id", ondelete="CASCADE"), index=True)
    vehicle_id: Mapped[str] = mapped_column(ForeignKey("vehicle.id", ondelete="CASCADE"), index=True)
    seller_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"), index=True)
    # The lot's leader when it closed; for a floor-led lot, the member named when the sale is accepted.
    buyer_id: Mapped[str | None] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"), index=True)
    price: Mapped[Decimal] = mapped_column(Amount())
    reserve_price: Mapped[Decimal] = mapped_column(Amount())
    deadline: Mapped[datetime] = mapped_column()
    status: Mapped[str] = mapped_column(String(10))
    counter_amount: Mapped[Decimal | None] = mapped_column(Amount())
    # The amount the vehicle was sold for once accepted (the price, or the counter-offer the buyer took).
    sold_for: Mapped[Decimal | None] = mapped_column(Amount())
    decided_at: Mapped[datetime | None] = mapped_column()
    steps: Mapped[int] = mapped_column(Integer, default=0)  # the last step's sequence


class LotApprovalStep(IdMixin, Base):
    """One change of an approval, in order: who made it (a staff user; None for the deadline), the amount
    (a counter-offer, a sale) and staff's note."""

    __tablename__ = "lot_approval_step"
    __table_args__ = (UniqueConstraint("approval_id", "sequence"),)

    approval_id: Mapped[str] = mapped_column(ForeignKey("lot_approval.id", ondelete="CASCADE"))
    sequence: Mapped[int] = mapped_column(Integer)  # 1, 2, ... per approval
    at: Mapped[datetime] = mapped_column()
    action: Mapped[str] = mapped_column(String(20))
    amount: Mapped[Decimal | None] = mapped_column(Amount())
    # A staff user's id and name as they were (no foreign key: the history outlives the user).
    by_id: Mapped[str | None] = mapped_column(String(32))
    by_name: Mapped[str] = mapped_column(String(150))
    note: Mapped[str | None] = mapped_column(Text)
