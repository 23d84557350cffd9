from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Amount, Base, IdMixin, TimestampMixin


class LedgerEntry(IdMixin, TimestampMixin, Base):
    """One movement of a member's money, written in the same transaction as its cause, with the three running
    balances after it: what they owe us, what we owe them, and the deposit we hold for them."""

    __tablename__ = "ledger_entry"
    __table_args__ = (
        Index("ix_ledger_entry_member_at", "member_id", "at", "sequence"),
        # The member's last entry is found by its number, and no two entries share one (migration 0014).
        Index("uq_ledger_entry_member_sequence", "member_id", "sequence", unique=True),
        Index("ix_ledger_entry_invoice_id", "invoice_id"),
        Index("ix_ledger_entry_payment_id", "payment_id"),
    )

    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    # The member's entries in the order they were written (1, 2, ...): the running balances follow it.
    sequence: Mapped[int] = mapped_column()
    at: Mapped[datetime] = mapped_column()
    # invoice, creditNote, charge (late fee, storage), payment, deposit, depositUse, penalty, settlement,
    # payout, refund, refundPaid, refundCancelled (gavel.ledger.schemas.LedgerKind)
    kind: Mapped[str] = mapped_column(String(20))
    description: Mapped[str] = mapped_column(String(200))
    invoice_id: Mapped[str | None] = mapped_column(ForeignKey("invoice.id", ondelete="RESTRICT"))
    payment_id: Mapped[str | None] = mapped_column(ForeignKey("payment.id", ondelete="RESTRICT"))
    vehicle_id: Mapped[str | None] = mapped_column(ForeignKey("vehicle.id", ondelete="RESTRICT"))
    owes_us: Mapped[Decimal] = mapped_column(Amount())
    we_owe: Mapped[Decimal] = mapped_column(Amount())
    deposit: Mapped[Decimal] = mapped_column(Amount())
    owes_us_balance: Mapped[Decimal] = mapped_column(Amount())
    we_owe_balance: Mapped[Decimal] = mapped_column(Amount())
    deposit_balance: Mapped[Decimal] = mapped_column(Amount())
