from decimal import Decimal

from sqlalchemy import Numeric, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin, TimestampMixin


class SecurityPlan(IdMixin, TimestampMixin, Base):
    """A deposit plan: a member pays the plan amount and may bid up to the buying power."""

    __tablename__ = "security_plan"

    name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(100), unique=True)
    tag: Mapped[str | None] = mapped_column(String(40))
    plan_amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    amount_after_discount: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    buying_power: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    description: Mapped[str | None] = mapped_column(Text)
