from decimal import Decimal

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Amount, Base, TimestampMixin

SETTINGS_ID = "business"
PROMO_OPT_OUT_LIMIT = 100  # characters of the opt-out text of promotional SMS, per language
PROMO_OPT_OUT_EN = "To opt out send B AD-GAVEL to 7726"
PROMO_OPT_OUT_AR = "لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726"


class BusinessSettings(TimestampMixin, Base):
    """The business as its documents show it, and the rules of money in (one row)."""

    __tablename__ = "business_settings"

    id: Mapped[str] = mapped_column(String(20), primary_key=True, default=SETTINGS_ID)
    legal_name: Mapped[str] = mapped_column(String(150))
    trn: Mapped[str | None] = mapped_column(String(15))
    address: Mapped[str] = mapped_column(Text)
    phone: Mapped[str | None] = mapped_column(String(20))
    email: Mapped[str | None] = mapped_column(String(254))
    # A percentage with two places (5.00), kept exact like money.
    vat_rate: Mapped[Decimal] = mapped_column(Amount())
    payment_window_hours: Mapped[int] = mapped_column(Integer)
    free_storage_days: Mapped[int] = mapped_column(Integer)
    invoice_prefix: Mapped[str] = mapped_column(String(10))
    # A sale whose invoice is overdue this many days may be cancelled for the buyer's default.
    default_after_days: Mapped[int] = mapped_column(Integer, default=14, server_default="14")
    # Promotional SMS and WhatsApp wait outside these Dubai hours ('HH:MM'; from 21:00 until 08:00).
    promo_quiet_from: Mapped[str] = mapped_column(String(5), default="21:00", server_default="21:00")
    promo_quiet_until: Mapped[str] = mapped_column(String(5), default="08:00", server_default="08:00")
    # The opt-out line every promotional SMS ends with, per language (migration 0031): the operators' block
    # short code by default (TDRA), e.g. 'To opt out send B AD-GAVEL to 7726'.
    promo_opt_out_en: Mapped[str] = mapped_column(
        String(100), default=PROMO_OPT_OUT_EN, server_default=PROMO_OPT_OUT_EN
    )
    promo_opt_out_ar: Mapped[str] = mapped_column(
        String(100), default=PROMO_OPT_OUT_AR, server_default=PROMO_OPT_OUT_AR
    )
    # A lot closed below its reserve waits for its seller's answer until this Dubai time ('HH:MM') of the next
    # working day (migration 0033; gavel.bidding.approval.deadline).
    approval_deadline_time: Mapped[str] = mapped_column(String(5), default="17:00", server_default="17:00")
    # How to pay, printed on the tax invoice (migration 0026): empty until Settings, Business fills them.
    bank_name: Mapped[str | None] = mapped_column(String(100))
    bank_account_name: Mapped[str | None] = mapped_column(String(150))
    iban: Mapped[str | None] = mapped_column(String(34))
