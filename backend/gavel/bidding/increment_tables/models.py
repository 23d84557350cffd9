"""The increment table of Settings (issue 25): one table for the whole business, its bands as rows.

`IncrementTable` is one row (made by migration 0035) whose `version` goes up by one at every save: a
save names the version it was read at, so that of two people editing at once the second is told
instead of undoing the first's bands. `IncrementBand` is a row of the table from a price (AED) upward:
the step the asking price grows by. No band at all is no table: every lot steps by its auction's flat
`bidIncrementAmount`.
"""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Amount, Base

TABLE_ID = "business"


class IncrementTable(Base):
    """The business's one increment table: who saved it last, when, and its version."""

    __tablename__ = "increment_table"

    id: Mapped[str] = mapped_column(String(20), primary_key=True, default=TABLE_ID)
    version: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime | None] = mapped_column()
    updated_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    # The name as it was when they saved: a staff user deleted later is still named.
    updated_by_name: Mapped[str | None] = mapped_column(String(150))


class IncrementBand(Base):
    """From `from_price` up to the next band's, each step adds `step` (both AED, two places)."""

    __tablename__ = "increment_band"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("increment_table.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    from_price: Mapped[Decimal] = mapped_column(Amount())
    step: Mapped[Decimal] = mapped_column(Amount())
