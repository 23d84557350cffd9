from decimal import Decimal

from sqlalchemy import Boolean, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Amount, Base, IdMixin, TimestampMixin


class Charge(IdMixin, TimestampMixin, Base):
    """A fee charged to buyers or sellers, optionally only for sale prices within a band."""

    __tablename__ = "charge"

    title: Mapped[str] = mapped_column(String(120))
    title_key: Mapped[str] = mapped_column(String(120), unique=True)
    charges: Mapped[Decimal] = mapped_column(Amount())
    applies_to: Mapped[str] = mapped_column(String(10), index=True)
    kind: Mapped[str] = mapped_column(String(20), index=True, default="sale", server_default="sale")
    min_price: Mapped[Decimal | None] = mapped_column(Amount())
    max_price: Mapped[Decimal | None] = mapped_column(Amount())
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
    description: Mapped[str | None] = mapped_column(Text)
