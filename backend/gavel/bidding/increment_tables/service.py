"""The increment table of Settings: read, replaced whole in one transaction with its version checked and the
change audited, and the steps a lot opened now is sold by (`increments_for`)."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.bidding import increments
from gavel.bidding.increment_tables import repository, rules
from gavel.bidding.increment_tables.models import TABLE_ID
from gavel.bidding.money import to_fils
from gavel.errors import Conflict
from gavel.users.models import User

Bands = list[tuple[Decimal, Decimal]]


@dataclass(frozen=True)
class TableView:
    """The table as GET answers it."""

    bands: Bands
    version: int
    updated_at: datetime | None
    updated_by_id: str | None
    updated_by_name: str | None


async def read(session: AsyncSession) -> TableView:
    """The table now: its bands (none: off), version and who saved it last, when."""
    row = await repository.table(session)
    if row is None:  # made by migration 0035; a database without it has never had a table
        return TableView([], 0, None, None, None)
    bands = await repository.bands(session)
    return TableView(bands, row.version, row.updated_at, row.updated_by_id, row.updated_by_name)


async def replace(session: AsyncSession, bands: Bands, seen: int, actor: Actor, now: datetime) -> TableView:
    """Make `bands` the whole table (an empty list switches it off), if nobody saved it since version `seen`;
    a rule broken is a 422 naming the row, a save in between a 409. Lots already made keep their steps."""
    rules.check(bands)
    before = await read(session)
    name = await _name_of(session, actor)
    if not await repository.take_version(session, seen, at=now, by_id=actor.id, by_name=name):
        raise _changed_since(await read(session))
    await repository.replace_bands(session, bands)
    after = await read(session)
    await record_change(
        session,
        actor,
        "increment_table.updated",
        "increment_table",
        TABLE_ID,
        old={"bands": _audited(before.bands)},
        new={"bands": _audited(after.bands)},
    )
    return after


async def increments_for(session: AsyncSession, flat_step: Decimal) -> increments.Increments:
    """The steps of a lot made now: the table's bands when it has any, else the auction's flat increment
    (`flat_step`, its `bidIncrementAmount`)."""
    bands = await repository.bands(session)
    table = [(to_fils(from_price), to_fils(step)) for from_price, step in bands]
    return increments.increments_for(to_fils(flat_step), table or None)


async def _name_of(session: AsyncSession, actor: Actor) -> str | None:
    user = await session.get(User, actor.id) if actor.id else None
    return user.full_name if user is not None else actor.email


def _changed_since(now: TableView) -> Conflict:
    who = now.updated_by_name or "someone"
    return Conflict(
        f"Someone else changed the table since you opened it ({who} saved version {now.version}). "
        "Reload it to see their bands, then make your change again.",
        extra={"version": now.version},
    )


def _audited(bands: Bands) -> list[dict[str, str]]:
    return [{"fromPrice": f"{from_price:.2f}", "step": f"{step:.2f}"} for from_price, step in bands]
