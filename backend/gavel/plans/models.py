from decimal import Decimal

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Amount, Base, IdMixin, TimestampMixin


class SecurityPlan(IdMixin, TimestampMixin, Base):
    """A deposit plan: a member pays the plan amount and may bid up to the buying power."""

    __tablename__ = "security_plan"

    name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(100), unique=True)
    tag: Mapped[str | None] = mapped_column(String(40))
    plan_amount: Mapped[Decimal] = mapped_column(Amount())
    amount_after_discount: Mapped[Decimal | None] = mapped_column(Amount())
    buying_power: Mapped[Decimal] = mapped_column(Amount())
    description: Mapped[str | None] = mapped_column(Text)
