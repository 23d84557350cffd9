from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Date, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Amount, Base, IdMixin, TimestampMixin
from gavel.members.models import Member
from gavel.vehicles.models import Vehicle


class Invoice(IdMixin, TimestampMixin, Base):
    """A buyer's tax invoice for a sold vehicle, or a credit note that cancels one. Never edited or deleted:
    late fees and storage days are added as lines, a correction is a credit note and a new invoice.

    The buyer, vehicle and business details are copied at issue, so the document reads the same for ever."""

    __tablename__ = "invoice"
    __table_args__ = (
        Index("ix_invoice_status_issued_at", "status", "issued_at", "id"),
        Index("ix_invoice_issued_at", "issued_at", "id"),
        Index("ix_invoice_member_id", "member_id", "issued_at"),
        Index("ix_invoice_vehicle_id", "vehicle_id"),
        Index("ix_invoice_due_open", "kind", "status", "due_at"),
        # Migration 0017: the dashboard's invoices due today and overdue, with what is owed, from the index.
        Index("ix_invoice_status_due_amounts", "status", "due_at", "total", "paid_amount"),
        # Migration 0019, the reports: an event's documents by run with their figures (sales by event), and
        # the period's documents of the VAT kinds (the VAT report's count and totals), read from the index.
        Index("ix_invoice_run_id", "run_id", postgresql_include=["kind", "subtotal", "vat_total"]),
        Index("ix_invoice_kind_issued_at", "kind", "issued_at", "id"),
    )

    number: Mapped[str] = mapped_column(String(30), unique=True)
    # invoice (for a sale), deposit (a security plan), penalty (a default), creditNote, settlement (a seller)
    kind: Mapped[str] = mapped_column(String(12), default="invoice")
    status: Mapped[str] = mapped_column(String(14), default="unpaid")
    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    # A deposit invoice is for no vehicle.
    vehicle_id: Mapped[str | None] = mapped_column(ForeignKey("vehicle.id", ondelete="RESTRICT"))
    run_id: Mapped[str | None] = mapped_column(ForeignKey("auction_run.id", ondelete="SET NULL"))
    # A deposit invoice's security plan.
    plan_id: Mapped[str | None] = mapped_column(ForeignKey("security_plan.id", ondelete="SET NULL"))
    credit_for_id: Mapped[str | None] = mapped_column(ForeignKey("invoice.id", ondelete="RESTRICT"))
    issued_at: Mapped[datetime] = mapped_column()
    due_at: Mapped[datetime | None] = mapped_column()
    sale_date: Mapped[date | None] = mapped_column(Date)
    subtotal: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"))
    vat_total: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"))
    total: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"))
    paid_amount: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"))
    pending_amount: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"))
    # Stamped when the clock job finds the invoice overdue (the late fee, or a deposit or penalty invoice
    # falling overdue): the invoiceOverdue alert is sent then, once.
    late_fee_at: Mapped[datetime | None] = mapped_column()
    # Stamped when the paymentDue alert (24 hours before due_at) was written: once per invoice.
    payment_due_alert_at: Mapped[datetime | None] = mapped_column()
    storage_through: Mapped[date | None] = mapped_column(Date)
    void_reason: Mapped[str | None] = mapped_column(Text)
    voided_at: Mapped[datetime | None] = mapped_column()
    voided_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    # Copied at issue.
    buyer_name: Mapped[str] = mapped_column(String(200))
    buyer_trn: Mapped[str | None] = mapped_column(String(15))
    buyer_address: Mapped[str | None] = mapped_column(Text)
    vehicle_lot_number: Mapped[int | None] = mapped_column(Integer)
    vehicle_vin: Mapped[str | None] = mapped_column(String(20))
    vehicle_title: Mapped[str | None] = mapped_column(String(150))
    business_name: Mapped[str] = mapped_column(String(150))
    business_trn: Mapped[str | None] = mapped_column(String(15))
    business_address: Mapped[str] = mapped_column(Text)
    business_phone: Mapped[str | None] = mapped_column(String(20))
    # Lower-case number, buyer, lot and VIN, for the list's search.
    search_text: Mapped[str] = mapped_column(Text, default="")

    member: Mapped[Member] = relationship(lazy="raise")
    vehicle: Mapped[Vehicle | None] = relationship(lazy="raise")
    lines: Mapped[list["InvoiceLine"]] = relationship(
        back_populates="invoice",
        cascade="all, delete-orphan",
        lazy="selectin",
        order_by="InvoiceLine.position",
    )


class InvoiceLine(IdMixin, Base):
    """One charge on an invoice: net amount, VAT rounded half up per line, and their total."""

    __tablename__ = "invoice_line"
    __table_args__ = (
        UniqueConstraint("invoice_id", "kind", "service_date"),
        # Migration 0019: a document's VAT figures from the index (the VAT report and its export).
        Index(
            "ix_invoice_line_invoice_vat",
            "invoice_id",
            postgresql_include=["kind", "vat_rate", "amount", "vat"],
        ),
    )

    invoice_id: Mapped[str] = mapped_column(ForeignKey("invoice.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # vehicle, sale, gatePass, latePayment, storagePerDay
    description: Mapped[str] = mapped_column(String(200))
    charge_id: Mapped[str | None] = mapped_column(ForeignKey("charge.id", ondelete="SET NULL"))
    # The Dubai day a storage line is for (one line a day, never twice).
    service_date: Mapped[date | None] = mapped_column(Date)
    quantity: Mapped[int] = mapped_column(Integer, default=1)
    unit_amount: Mapped[Decimal] = mapped_column(Amount())
    amount: Mapped[Decimal] = mapped_column(Amount())
    vat_rate: Mapped[Decimal] = mapped_column(Amount())
    vat: Mapped[Decimal] = mapped_column(Amount())
    total: Mapped[Decimal] = mapped_column(Amount())

    invoice: Mapped[Invoice] = relationship(back_populates="lines")


class DocumentTotal(Base):
    """How many invoices or payments are in each state, and their amount: the cards of the money lists.

    Written in the same transaction as every change of a document's state or amount (gavel.invoices.totals),
    so the cards never count 1,000,000 rows.
    """

    __tablename__ = "document_total"

    kind: Mapped[str] = mapped_column(String(12), primary_key=True)  # invoice, creditNote, payment
    status: Mapped[str] = mapped_column(String(14), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
    amount: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"))
