from datetime import time

from sqlalchemy import Boolean, ForeignKey, Index, String, Time, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Base, IdMixin, TimestampMixin
from gavel.users.models import User


class Location(IdMixin, TimestampMixin, Base):
    """A yard where vehicles are kept and auctions happen."""

    __tablename__ = "location"
    __table_args__ = (
        Index("ix_location_city_title", "city", "title_key", unique=True),
        Index("ix_location_status_created_at", "status", "created_at"),
    )

    title: Mapped[str] = mapped_column(String(120))
    title_key: Mapped[str] = mapped_column(String(120))  # lower-case title, for uniqueness per city
    status: Mapped[str] = mapped_column(String(10), default="active")
    physical_address: Mapped[str] = mapped_column(String(300))
    mailing_address: Mapped[str | None] = mapped_column(String(300))
    phone_number: Mapped[str] = mapped_column(String(20))
    fax_number: Mapped[str | None] = mapped_column(String(20))
    general_manager_id: Mapped[str | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"), index=True
    )
    country: Mapped[str] = mapped_column(String(80))
    state: Mapped[str] = mapped_column(String(80))
    city: Mapped[str] = mapped_column(String(80))

    general_manager: Mapped[User | None] = relationship(lazy="joined")
    schedule: Mapped[list["LocationHours"]] = relationship(
        back_populates="location",
        cascade="all, delete-orphan",
        lazy="selectin",
        order_by="LocationHours.weekday",
    )


class LocationHours(IdMixin, Base):
    """Opening hours of a location on one weekday (0 is Monday)."""

    __tablename__ = "location_hours"
    __table_args__ = (UniqueConstraint("location_id", "weekday", name="uq_location_hours_location_weekday"),)

    location_id: Mapped[str] = mapped_column(ForeignKey("location.id", ondelete="CASCADE"))
    weekday: Mapped[int] = mapped_column()
    opens_at: Mapped[time | None] = mapped_column(Time)
    closes_at: Mapped[time | None] = mapped_column(Time)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)

    location: Mapped[Location] = relationship(back_populates="schedule")
