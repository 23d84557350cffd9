"""Money columns keep exact amounts on both engines: SQL sums add up to the fils, comparisons hold at the
fils, and a value comes back as the Decimal that was written."""

from datetime import UTC, datetime
from decimal import Decimal

from alembic import command
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from gavel.charges.models import Charge
from gavel.migrate import alembic_config, sync_url

# Amounts a binary float cannot hold: summed as floats, 3,000 of them drift away from the fils.
AMOUNTS = [Decimal("0.10"), Decimal("0.01"), Decimal("1234.57"), Decimal("999999.99"), Decimal("0.07")]


def _charge(n: int, amount: Decimal) -> Charge:
    title = f"Fee {n:05d}"
    return Charge(
        title=title,
        title_key=title.lower(),
        charges=amount,
        applies_to="buyer",
        kind="sale",
        min_price=amount,
        is_active=False,
    )


async def test_sql_sums_of_many_amounts_add_up_to_the_fils(session: AsyncSession) -> None:
    amounts = [AMOUNTS[n % len(AMOUNTS)] for n in range(3000)]
    session.add_all(_charge(n, amount) for n, amount in enumerate(amounts))
    await session.flush()
    total = await session.scalar(select(func.sum(Charge.charges)).where(Charge.title_key.like("fee %")))
    assert total == sum(amounts)
    assert str(total) == "600740844.00"
    dimes = await session.scalar(select(func.sum(Charge.charges)).where(Charge.charges == Decimal("0.10")))
    assert dimes == Decimal("60.00")


async def test_amounts_come_back_as_written_and_compare_at_the_fils(session: AsyncSession) -> None:
    session.add_all([_charge(1, Decimal("10000.00")), _charge(2, Decimal("10000.01"))])
    await session.flush()
    session.expunge_all()
    both = select(Charge).where(Charge.title_key.in_(["fee 00001", "fee 00002"]))
    rows = (await session.scalars(both)).all()
    assert sorted(c.charges for c in rows) == [Decimal("10000.00"), Decimal("10000.01")]
    assert all(str(c.charges).endswith((".00", ".01")) for c in rows)
    above = await session.scalars(
        select(Charge.title).where(Charge.min_price > Decimal("10000"), Charge.title_key.like("fee %"))
    )
    assert list(above) == ["Fee 00002"]


def test_migration_0009_converts_stored_amounts_both_ways(empty_database: str) -> None:
    config = alembic_config(empty_database)
    command.upgrade(config, "0008")
    engine = create_engine(sync_url(empty_database))
    now = datetime.now(UTC)
    try:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO charge (id, created_at, updated_at, title, title_key, charges, applies_to,"
                    " kind, min_price, max_price, is_active) VALUES ('c1', :now, :now, 'Fee', 'fee', 350.10,"
                    " 'buyer', 'sale', 10000.01, NULL, true)"
                ),
                {"now": now},
            )
        command.upgrade(config, "head")
        with Session(engine) as session:
            charge = session.get_one(Charge, "c1")
            assert (charge.charges, charge.min_price, charge.max_price) == (
                Decimal("350.10"),
                Decimal("10000.01"),
                None,
            )
        command.downgrade(config, "0008")
        with engine.connect() as conn:
            row = conn.execute(text("SELECT charges, min_price FROM charge")).one()
            assert (Decimal(str(row[0])), Decimal(str(row[1]))) == (Decimal("350.1"), Decimal("10000.01"))
    finally:
        engine.dispose()
