"""The business's settings are read once per transaction: a sale's invoice and each of its messages ask for
them, under the lot's lock in a lot's close. The next transaction lets them go and reads them again."""

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from gavel.business.models import BusinessSettings
from gavel.business.service import business_service
from tests.bidding.test_bid_statements import recorded


def reads(statements: list[str]) -> int:
    return sum(1 for text in statements if text.startswith("SELECT business_settings."))


async def test_the_settings_are_read_once_per_transaction_and_again_in_the_next(
    db: async_sessionmaker[AsyncSession], engine: AsyncEngine
) -> None:
    async with db() as session:
        await business_service.get(session)  # made with the defaults on a new database
        await session.commit()
        with recorded(engine) as statements:
            # As an invoice and each message ask: nothing else keeps the row between the asks.
            names = [(await business_service.get(session)).legal_name for _ in range(3)]
            names.append((await business_service.current(session)).legal_name)
        assert len(set(names)) == 1
        assert reads(statements) == 1, statements
        await session.commit()

        # Changed behind the held row's back (another request's commit): the next transaction sees it.
        await session.execute(update(BusinessSettings).values(legal_name="Changed Auctions LLC"))
        with recorded(engine) as statements:
            later = await business_service.get(session)
        assert later.legal_name == "Changed Auctions LLC"
        assert reads(statements) == 1, statements


async def test_a_rollback_lets_the_settings_go(
    db: async_sessionmaker[AsyncSession], engine: AsyncEngine
) -> None:
    async with db() as session:
        await business_service.get(session)
        await session.rollback()
        with recorded(engine) as statements:
            settings = await business_service.get(session)
        assert settings.id
        assert reads(statements) == 1, statements
