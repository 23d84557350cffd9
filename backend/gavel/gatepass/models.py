from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin, TimestampMixin


class GatePass(IdMixin, TimestampMixin, Base):
    """A pass that lets a paid vehicle leave the yard once: its QR code carries a signed token naming it."""

    __tablename__ = "gate_pass"
    __table_args__ = (
        Index("ix_gate_pass_vehicle_id", "vehicle_id", "issued_at"),
        # One live pass (generated or scanned) per vehicle: of two racing issues, the database refuses one.
        Index(
            "uq_gate_pass_live_vehicle",
            "vehicle_id",
            unique=True,
            postgresql_where=text("status IN ('Generated', 'Scanned')"),
            sqlite_where=text("status IN ('Generated', 'Scanned')"),
        ),
    )

    vehicle_id: Mapped[str] = mapped_column(ForeignKey("vehicle.id", ondelete="RESTRICT"))
    invoice_id: Mapped[str] = mapped_column(ForeignKey("invoice.id", ondelete="RESTRICT"))
    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    issued_at: Mapped[datetime] = mapped_column()
    valid_until: Mapped[datetime] = mapped_column()
    # Generated, Scanned, Picked Up or Canceled (the vehicle's gate pass column takes the same words).
    status: Mapped[str] = mapped_column(String(12), default="Generated")
    # The short code a guard can type (gavel.gatepass.code), unique among all passes ever issued.
    code: Mapped[str] = mapped_column(String(8), unique=True)
    issued_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    scanned_at: Mapped[datetime | None] = mapped_column()
    picked_up_at: Mapped[datetime | None] = mapped_column()
    picked_up_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    driver_name: Mapped[str | None] = mapped_column(String(150))
    driver_emirates_id: Mapped[str | None] = mapped_column(String(20))
