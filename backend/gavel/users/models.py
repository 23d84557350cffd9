from datetime import date, datetime

from sqlalchemy import BigInteger, Boolean, Date, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.core import sealing
from gavel.db import Base, IdMixin, TimestampMixin, utcnow
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
    # The web app's language and the API's messages for this user (issue 27): "en" or "ar".
    language: Mapped[str] = mapped_column(String(2), default="en", server_default="en")

    role: Mapped[Role | None] = relationship(lazy="joined")

    @property
    def can_sign_in(self) -> bool:
        return self.is_active and self.user_account_status == "Active"


class TwoStep(Base):
    """A staff user's authenticator app (TOTP, RFC 6238): pending until a first code confirms it.

    The secret is handed out once, when set-up starts, and never again; `last_used_step` is the time step of
    the last code accepted, so that no code is taken twice.
    """

    __tablename__ = "user_two_step"

    user_id: Mapped[str] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True)
    # As stored: sealed with GAVEL_TOTP_KEYS when they are set ('fernet:...', core/sealing.py), else as it is.
    stored_secret: Mapped[str] = mapped_column("secret", String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    enabled_at: Mapped[datetime | None] = mapped_column()
    last_used_step: Mapped[int | None] = mapped_column(BigInteger)

    @property
    def secret(self) -> str:
        """The secret itself (503 with a sentence when it is sealed and this process has no key for it)."""
        return sealing.open_secret(self.stored_secret)

    @secret.setter
    def secret(self, value: str) -> None:
        self.stored_secret = sealing.seal(value)


class RecoveryCode(IdMixin, Base):
    """A single-use recovery code for two-step sign-in, kept as an argon2id hash."""

    __tablename__ = "two_step_recovery_code"

    user_id: Mapped[str] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    used_at: Mapped[datetime | None] = mapped_column()
