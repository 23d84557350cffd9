from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.core import repository as counters


async def test_a_counter_starts_at_its_start_and_counts_up(db: async_sessionmaker[AsyncSession]) -> None:
    async with db() as session:
        assert [await counters.next_number(session, "test_counter", start=1000) for _ in range(3)] == [
            1000,
            1001,
            1002,
        ]
        assert await counters.next_number(session, "other_counter") == 1
