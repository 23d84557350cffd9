from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin


class ConsentRecord(IdMixin, Base):
    """A member's consent to promotions on one channel, given or withdrawn: when, how, the wording agreed to
    and who recorded it. Never changed nor deleted by the app: a deleted member's records stay (member_id
    set to NULL), named by the snapshot of the member's name and the address the consent was for.
    The member's promo_consent_<channel> is always the `given` of their newest record on that channel."""

    __tablename__ = "member_consent"
    __table_args__ = (
        # The member's records, newest first (the member's page; the newest per channel).
        Index("ix_member_consent_member_at", "member_id", "at", "sequence"),
        # Numbered in the order they were written; no two of a member's records share a number.
        Index("uq_member_consent_member_sequence", "member_id", "sequence", unique=True),
        Index("ix_member_consent_recorded_by_id", "recorded_by_id"),
    )

    member_id: Mapped[str | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"))
    # The member's records in the order they were written (1, 2, ...): orders records of the same instant.
    sequence: Mapped[int] = mapped_column()
    channel: Mapped[str] = mapped_column(String(10))  # PromoChannel
    given: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column()
    method: Mapped[str] = mapped_column(String(20))  # ConsentMethod
    # What the member agreed to (consents given by staff or the member); none for a withdrawal.
    wording: Mapped[str | None] = mapped_column(Text)
    recorded_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    # Who recorded it, as a name that outlives the staff user: 'Aisha Al Hashemi', 'Twilio reply from +971…'.
    recorded_by: Mapped[str] = mapped_column(String(200))
    # The member and the address at the time (phone for SMS and WhatsApp, email for email).
    member_name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(254))
