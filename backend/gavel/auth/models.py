from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin, utcnow


class UserSession(IdMixin, Base):
    """A signed-in session; only the SHA-256 of its token is kept."""

    __tablename__ = "user_session"
    __table_args__ = (
        Index("ix_user_session_user_id_ended_at", "user_id", "ended_at"),
        # The staff session console (gavel/staff_sessions): live sessions by last activity.
        Index(
            "ix_user_session_live_last_active_at",
            "last_active_at",
            postgresql_where="ended_at IS NULL",
            sqlite_where="ended_at IS NULL",
        ),
    )

    user_id: Mapped[str] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    device_name: Mapped[str] = mapped_column(String(100), default="")
    operating_system: Mapped[str] = mapped_column(String(100), default="")
    browser_name: Mapped[str] = mapped_column(String(100), default="")
    ip_address: Mapped[str] = mapped_column(String(45), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_active_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column()
    end_reason: Mapped[str | None] = mapped_column(String(30))


class PasswordReset(IdMixin, Base):
    """One forgot-password request: its code and, once verified, its reset token."""

    __tablename__ = "password_reset"

    user_id: Mapped[str] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column()
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    verified_at: Mapped[datetime | None] = mapped_column()
    revoked_at: Mapped[datetime | None] = mapped_column()
    reset_token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    reset_expires_at: Mapped[datetime | None] = mapped_column()
    reset_used_at: Mapped[datetime | None] = mapped_column()


class AuthAttempt(IdMixin, Base):
    """A counted event for throttling (failed login, failed code, reset request, code sent).

    Kept in the database so that every app process sees the same counts.
    """

    __tablename__ = "auth_attempt"
    __table_args__ = (Index("ix_auth_attempt_kind_key_created_at", "kind", "key", "created_at"),)

    kind: Mapped[str] = mapped_column(String(30))
    key: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
