from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import BigInteger, Boolean, Date, ForeignKey, Index, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Amount, Base, IdMixin, TimestampMixin
from gavel.plans.models import SecurityPlan


class Member(IdMixin, TimestampMixin, Base):
    """A seller or buyer, a person or a company, reviewed by staff before taking part in auctions."""

    __tablename__ = "member"
    __table_args__ = (
        Index("ix_member_status_created_at", "status", "created_at", "id"),
        Index("ix_member_created_at", "created_at", "id"),
        Index("ix_member_status_is_seller", "status", "is_seller"),
        Index("ix_member_status_is_buyer", "status", "is_buyer"),
        Index("ix_member_status_entity", "status", "member_entity"),
        # Migration 0005: the counts, other sort orders and filter totals read these (bench/README.md).
        Index("ix_member_status_entity_kinds", "status", "member_entity", "is_seller", "is_buyer"),
        Index("ix_member_status_first_name", "status", "first_name", "id"),
        Index("ix_member_status_last_name", "status", "last_name", "id"),
        Index("ix_member_status_email", "status", "email", "id"),
        Index("ix_member_status_company_name", "status", "company_name", "id"),
        Index("ix_member_status_id", "status", "id"),
        Index("ix_member_status_seller_type", "status", "seller_type", "created_at", "id"),
        Index("ix_member_status_trusted", "status", "is_trusted_seller", "created_at", "id"),
        Index("ix_member_status_plan", "status", "security_plan_id", "created_at", "id"),
        # Migration 0024: the plans list's subscriber counts and deposits, from the index alone.
        Index("ix_member_plan_deposit", "security_plan_id", "deposit_held"),
    )

    first_name: Mapped[str] = mapped_column(String(80))
    last_name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    phone: Mapped[str] = mapped_column(String(20), unique=True)
    profile_image: Mapped[str | None] = mapped_column(String(500))
    is_trusted_seller: Mapped[bool] = mapped_column(Boolean, default=False)
    member_identity_no: Mapped[str] = mapped_column(String(40), index=True)
    is_seller: Mapped[bool] = mapped_column(Boolean, default=False)
    is_buyer: Mapped[bool] = mapped_column(Boolean, default=False)
    seller_type: Mapped[str | None] = mapped_column(String(20), index=True)
    member_entity: Mapped[str] = mapped_column(String(20))
    company_name: Mapped[str | None] = mapped_column(String(150))
    status: Mapped[str] = mapped_column(String(12), default="pending")
    request_type: Mapped[str] = mapped_column(String(10), default="New")
    security_plan_id: Mapped[str | None] = mapped_column(ForeignKey("security_plan.id", ondelete="RESTRICT"))
    buying_power: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"))
    password_hash: Mapped[str | None] = mapped_column(String(200))
    must_change_password: Mapped[bool] = mapped_column(Boolean, default=False)
    status_changed_at: Mapped[datetime | None] = mapped_column()
    # Why the member was rejected or deactivated (kept until the next status change).
    status_reason: Mapped[str | None] = mapped_column(Text)
    # Tax Registration Number, for members registered for VAT (15 digits).
    trn: Mapped[str | None] = mapped_column(String(15))
    # The security deposit we hold for them (paid deposit invoices, less what was used or refunded).
    deposit_held: Mapped[Decimal] = mapped_column(Amount(), default=Decimal("0"), server_default="0")
    # Where payouts go.
    bank_account_name: Mapped[str | None] = mapped_column(String(150))
    bank_iban: Mapped[str | None] = mapped_column(String(34))
    bank_name: Mapped[str | None] = mapped_column(String(120))
    # Alerts: the language of their messages (en, ar) and their consent to promotions per channel (an
    # inbound STOP takes it back). Messages about their own affairs need no consent.
    preferred_language: Mapped[str] = mapped_column(String(2), default="en", server_default="en")
    promo_consent_sms: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    promo_consent_whatsapp: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    promo_consent_email: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Lower-case text of every value of the member and its profile; kept up to date on every write.
    search_text: Mapped[str] = mapped_column(Text, default="")

    profile: Mapped["MemberProfile"] = relationship(
        back_populates="member", cascade="all, delete-orphan", lazy="joined", uselist=False
    )
    security_plan: Mapped[SecurityPlan | None] = relationship(lazy="joined")

    @property
    def member_types(self) -> list[str]:
        return member_types_of(self.is_seller, self.is_buyer)


def member_types_of(is_seller: bool, is_buyer: bool) -> list[str]:
    """What a member is, as the API says it: ["seller"], ["buyer"], both or none."""
    return [kind for kind, on in (("seller", is_seller), ("buyer", is_buyer)) if on]


class MemberProfile(IdMixin, Base):
    """What a registration carries beyond the summary: address, birth, licence and identity document."""

    __tablename__ = "member_profile"

    member_id: Mapped[str] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), unique=True)
    nationality: Mapped[str | None] = mapped_column(String(60))
    address: Mapped[str | None] = mapped_column(String(300))
    emirate: Mapped[str | None] = mapped_column(String(40))
    city: Mapped[str | None] = mapped_column(String(80))
    dob: Mapped[date | None] = mapped_column(Date)
    trade_license_number: Mapped[str | None] = mapped_column(String(40))
    trade_license_expiry: Mapped[date | None] = mapped_column(Date)
    identity_type: Mapped[str] = mapped_column(String(10))
    identity_expiry: Mapped[date] = mapped_column(Date)
    identity_front_image: Mapped[str | None] = mapped_column(String(500))
    identity_back_image: Mapped[str | None] = mapped_column(String(500))
    trade_license_image: Mapped[str | None] = mapped_column(String(500))

    member: Mapped[Member] = relationship(back_populates="profile")


class MemberListCount(Base):
    """How many members have exactly these status, entity and member types; written only by the triggers of
    migration 0006, read by gavel.members.counts."""

    __tablename__ = "member_list_count"

    status: Mapped[str] = mapped_column(String(12), primary_key=True)
    member_entity: Mapped[str] = mapped_column(String(20), primary_key=True)
    is_seller: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    is_buyer: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    members: Mapped[int] = mapped_column(BigInteger)
