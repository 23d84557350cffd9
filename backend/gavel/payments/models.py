from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Amount, Base, IdMixin, TimestampMixin
from gavel.invoices.models import Invoice


class Payment(IdMixin, TimestampMixin, Base):
    """Money received against an invoice (inbound: it counts as paid only once another staff user verified
    it), or paid to a member (outbound: a seller's payout, a refund; completed by a second staff user)."""

    __tablename__ = "payment"
    __table_args__ = (
        Index("ix_payment_confirmation_paid_at", "confirmation", "paid_at", "id"),
        Index("ix_payment_direction_paid_at", "direction", "paid_at", "id"),  # migration 0015
        Index("ix_payment_invoice_id", "invoice_id"),
        Index("ix_payment_member_id", "member_id", "paid_at"),
        Index("ix_payment_direction_confirmation", "direction", "confirmation", "paid_at", "id"),
        # Migration 0013: the outbound list filtered by kind (payout, refund) and status, newest first.
        Index("ix_payment_kind_confirmation", "kind", "confirmation", "paid_at", "id"),
    )

    transaction_id: Mapped[str] = mapped_column(String(30), unique=True)
    direction: Mapped[str] = mapped_column(String(10), default="inbound")
    # payment (inbound), payout (to a seller), refund (to a member)
    kind: Mapped[str] = mapped_column(String(10), default="payment", server_default="payment")
    # A refund's cause: deposit, overpayment, cancelledSale.
    refund_kind: Mapped[str | None] = mapped_column(String(14))
    refund_reason: Mapped[str | None] = mapped_column(Text)
    completed_at: Mapped[datetime | None] = mapped_column()
    completed_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    invoice_id: Mapped[str] = mapped_column(ForeignKey("invoice.id", ondelete="RESTRICT"))
    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    amount: Mapped[Decimal] = mapped_column(Amount())
    method: Mapped[str] = mapped_column(String(14))  # cash, card, bankTransfer, cheque
    reference: Mapped[str | None] = mapped_column(String(80))
    paid_at: Mapped[datetime] = mapped_column()
    # Inbound: Pending, Verified, Rejected. Outbound (payouts, refunds): Pending, Completed, Canceled.
    confirmation: Mapped[str] = mapped_column(String(10), default="Pending")
    recorded_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    verified_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    verified_at: Mapped[datetime | None] = mapped_column()
    reject_reason: Mapped[str | None] = mapped_column(Text)
    search_text: Mapped[str] = mapped_column(Text, default="")

    invoice: Mapped[Invoice] = relationship(lazy="joined")
