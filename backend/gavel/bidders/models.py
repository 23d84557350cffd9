"""The bidders' tables: one-time sign-in codes, bidder sessions and each member's bidder account."""

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin, utcnow


class BidderCode(IdMixin, Base):
    """A 6-digit code sent to one address of a member; only its HMAC (bound to the row's id) is kept."""

    __tablename__ = "bidder_code"
    __table_args__ = (Index("ix_bidder_code_member_id_created_at", "member_id", "created_at"),)

    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"))
    # What the member typed, normalised: a lower-case email address or an E.164 phone number.
    address: Mapped[str] = mapped_column(String(254))
    channel: Mapped[str] = mapped_column(String(10))  # email, sms or whatsapp
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column()
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    used_at: Mapped[datetime | None] = mapped_column()
    revoked_at: Mapped[datetime | None] = mapped_column()


class BidderSession(IdMixin, Base):
    """A member signed in as a bidder; only the SHA-256 of its token is kept. A code opens one session at
    most: `code_id` is unique, so two verifications of one code can never both succeed."""

    __tablename__ = "bidder_session"
    __table_args__ = (Index("ix_bidder_session_member_id_ended_at", "member_id", "ended_at"),)

    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"))
    code_id: Mapped[str] = mapped_column(ForeignKey("bidder_code.id", ondelete="CASCADE"), unique=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    device_name: Mapped[str] = mapped_column(String(100), default="")
    operating_system: Mapped[str] = mapped_column(String(100), default="")
    browser_name: Mapped[str] = mapped_column(String(100), default="")
    ip_address: Mapped[str] = mapped_column(String(45), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_active_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column()
    end_reason: Mapped[str | None] = mapped_column(String(30))


class BidderAccount(Base):
    """What a member has as a bidder: their paddle number (given at their first sign-in, never reused) and
    the channel their codes go by when they type their phone number (sms or whatsapp)."""

    __tablename__ = "bidder_account"

    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), primary_key=True)
    paddle: Mapped[int] = mapped_column(Integer, unique=True)
    code_channel: Mapped[str] = mapped_column(String(10), default="sms", server_default="sms")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
