"""The two-step sign-in tests' staff user and stopped clock (test_two_step.py, test_two_step_reset.py,
test_sealed_secrets.py)."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.users.models import User
from tests.factories import make_staff

EMAIL = "two.step@example.com"
T0 = datetime(2026, 11, 25, 10, 0, 5, tzinfo=UTC)  # five seconds into a 30-second step


class StoppedClock:
    """The app's clock, standing still until the test moves it."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment

    def move(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@pytest.fixture
def clock(app: Any) -> StoppedClock:
    stopped = StoppedClock(T0)
    app.state.clock = stopped
    return stopped


@pytest.fixture
async def staff(db: async_sessionmaker[AsyncSession]) -> User:
    return await make_staff(db, EMAIL)
