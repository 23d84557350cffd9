from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Base, IdMixin, TimestampMixin
from gavel.roles.models import Role


class User(IdMixin, TimestampMixin, Base):
    """A staff user of the back office."""

    __tablename__ = "user_account"
    # A unique index rather than a constraint: SQLite adds it in place (migration 0009).
    __table_args__ = (Index("uq_user_account_phone", "phone", unique=True),)

    full_name: Mapped[str] = mapped_column(String(150))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    phone: Mapped[str | None] = mapped_column(String(20))
    dob: Mapped[date | None] = mapped_column(Date)
    gender: Mapped[str | None] = mapped_column(String(1))
    nic_number: Mapped[str | None] = mapped_column(String(40))
    emirates_id: Mapped[str | None] = mapped_column(String(18))
    passport_number: Mapped[str | None] = mapped_column(String(20))
    home_country: Mapped[str | None] = mapped_column(String(80))
    home_city: Mapped[str | None] = mapped_column(String(80))
    profile_image: Mapped[str | None] = mapped_column(String(500))
    user_account_status: Mapped[str] = mapped_column(String(12), default="Active", index=True)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    role_id: Mapped[str | None] = mapped_column(ForeignKey("role.id", ondelete="RESTRICT"), index=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    must_change_password: Mapped[bool] = mapped_column(Boolean, default=False)
    password_changed_at: Mapped[datetime | None] = mapped_column()

    role: Mapped[Role | None] = relationship(lazy="joined")

    @property
    def can_sign_in(self) -> bool:
        return self.is_active and self.user_account_status == "Active"
