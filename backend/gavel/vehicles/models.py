from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import BigInteger, Boolean, Date, ForeignKey, Index, Integer, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Amount, Base, IdMixin, TimestampMixin
from gavel.members.models import Member


class Vehicle(IdMixin, TimestampMixin, Base):
    """A vehicle a seller submits for auction, followed until it is released or returned."""

    __tablename__ = "vehicle"
    __table_args__ = (
        Index("ix_vehicle_status_created_at", "status", "created_at", "id"),
        Index("ix_vehicle_status_make_model", "status", "make", "model"),
        Index("ix_vehicle_member_id", "member_id"),
        # Migration 0007: a page's ids in every sort order, and the make filter by year (bench/README.md).
        Index("ix_vehicle_status_year", "status", "year", "id"),
        Index("ix_vehicle_status_opening_price", "status", "opening_price", "id"),
        Index("ix_vehicle_status_lot_number", "status", "vehicle_lot_number", "id"),
        Index("ix_vehicle_status_make_id", "status", "make", "id"),
        Index("ix_vehicle_status_model_id", "status", "model", "id"),
        Index("ix_vehicle_status_mileage", "status", "mileage", "id"),
        Index("ix_vehicle_status_sold_for", "status", "sold_for", "id"),
        Index("ix_vehicle_status_make_year", "status", "make", "year", "id"),
        # Migration 0017: the Review list at one stage of review, newest first.
        Index(
            "ix_vehicle_status_stage_created_at", "status", "is_received", "is_inspection", "created_at", "id"
        ),
        # Migration 0017: the Sold list's vehicles whose gate pass is issued (and the dashboard's count).
        Index("ix_vehicle_status_gate_pass_created_at", "status", "gate_pass_status", "created_at", "id"),
        # Migration 0017: the dashboard's sold vehicles still in the yard, by sale day.
        Index(
            "ix_vehicle_in_yard_event_date",
            "event_date",
            postgresql_where=text(
                "status = 'sold' AND is_released IS false AND gate_pass_status <> 'Picked Up'"
            ),
            sqlite_where=text("status = 'sold' AND is_released = 0 AND gate_pass_status <> 'Picked Up'"),
        ),
    )

    vehicle_lot_number: Mapped[int] = mapped_column(Integer, unique=True)
    vin_number: Mapped[str] = mapped_column(String(17), unique=True)
    title: Mapped[str] = mapped_column(String(150))
    make: Mapped[str] = mapped_column(String(60))
    model: Mapped[str] = mapped_column(String(60))
    year: Mapped[int] = mapped_column(Integer)
    transmission: Mapped[str | None] = mapped_column(String(20))
    engine_details: Mapped[str | None] = mapped_column(String(120))
    drive_type: Mapped[str | None] = mapped_column(String(5))
    fuel_type: Mapped[str | None] = mapped_column(String(10))
    mileage: Mapped[int] = mapped_column(Integer, default=0)
    keys_available: Mapped[bool] = mapped_column(Boolean, default=False)
    run_and_drive: Mapped[bool] = mapped_column(Boolean, default=False)
    start_status: Mapped[bool] = mapped_column(Boolean, default=False)
    unknown_status: Mapped[bool] = mapped_column(Boolean, default=False)
    color: Mapped[str | None] = mapped_column(String(40))
    plate_number: Mapped[str | None] = mapped_column(String(20))
    body_style: Mapped[str | None] = mapped_column(String(20))
    primary_damage: Mapped[str | None] = mapped_column(String(30))
    secondary_damage: Mapped[str | None] = mapped_column(String(30))
    cylinders: Mapped[int | None] = mapped_column(Integer)
    opening_price: Mapped[Decimal] = mapped_column(Amount())
    reserve_price: Mapped[Decimal | None] = mapped_column(Amount())
    sold_for: Mapped[Decimal | None] = mapped_column(Amount())
    status: Mapped[str] = mapped_column(String(10), default="pending")
    status_changed_at: Mapped[datetime | None] = mapped_column()
    # Why the vehicle was rejected or cancelled (kept until the next status change).
    status_reason: Mapped[str | None] = mapped_column(Text)
    request_type: Mapped[str] = mapped_column(String(10), default="New")
    is_vehicle_delivered_by_seller: Mapped[bool] = mapped_column(Boolean, default=False)
    is_received: Mapped[bool] = mapped_column(Boolean, default=False)
    is_inspection: Mapped[str] = mapped_column(String(15), default="pending")
    is_returned: Mapped[bool] = mapped_column(Boolean, default=False)
    is_paid: Mapped[bool] = mapped_column(Boolean, default=False)
    gate_pass_status: Mapped[str] = mapped_column(String(12), default="Pending")
    is_released: Mapped[bool] = mapped_column(Boolean, default=False)
    release_date: Mapped[datetime | None] = mapped_column()
    auction_id: Mapped[str | None] = mapped_column(String(32))
    auction_date: Mapped[date | None] = mapped_column(Date)
    event_id: Mapped[str | None] = mapped_column(String(32), index=True)
    event_date: Mapped[date | None] = mapped_column(Date)
    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="RESTRICT"))
    buyer_member_id: Mapped[str | None] = mapped_column(
        ForeignKey("member.id", ondelete="RESTRICT"), index=True
    )
    description: Mapped[str | None] = mapped_column(Text)
    # Lower-case lot number, VIN, title, make, model and seller; kept up to date on every write.
    search_text: Mapped[str] = mapped_column(Text, default="")

    seller: Mapped[Member] = relationship(foreign_keys=[member_id], lazy="joined")
    buyer: Mapped[Member | None] = relationship(foreign_keys=[buyer_member_id], lazy="joined")
    images: Mapped[list["VehicleImage"]] = relationship(
        back_populates="vehicle",
        cascade="all, delete-orphan",
        lazy="selectin",
        order_by="VehicleImage.position",
    )


class VehicleImage(IdMixin, Base):
    __tablename__ = "vehicle_image"

    vehicle_id: Mapped[str] = mapped_column(ForeignKey("vehicle.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    url: Mapped[str] = mapped_column(String(500))
    thumbnail_url: Mapped[str] = mapped_column(String(500))

    vehicle: Mapped[Vehicle] = relationship(back_populates="images")


class VehicleListCount(Base):
    """How many vehicles have exactly these list keys; written only by the triggers of migration 0007, read by
    gavel.vehicles.counts. `assigned` is event_id IS NOT NULL."""

    __tablename__ = "vehicle_list_count"

    status: Mapped[str] = mapped_column(String(10), primary_key=True)
    is_received: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    is_inspection: Mapped[str] = mapped_column(String(15), primary_key=True)
    assigned: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    is_paid: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    is_released: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    is_returned: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    vehicles: Mapped[int] = mapped_column(BigInteger)
