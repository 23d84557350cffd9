"""Members to sign in as bidders, a stopped clock the tests move, and the codes read from the outbox."""

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.models import AlertMessage
from gavel.members.models import Member, MemberProfile
from tests.factories import bearer

T0 = datetime(2031, 5, 1, 6, 0, tzinfo=UTC)  # 10:00 in Dubai


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


async def make_member(
    db: async_sessionmaker[AsyncSession],
    n: int = 1,
    *,
    status: str = "approved",
    language: str = "en",
    organization: str | None = None,
) -> Member:
    """A buyer with the email bidder{n}@example.com and the phone +97150555{n:04d}."""
    async with db() as session:
        member = Member(
            first_name="Omar",
            last_name=f"Bidder{n}",
            email=f"bidder{n}@example.com",
            phone=f"+97150555{n:04d}",
            member_identity_no=f"784-1990-12345{n:02d}-1",
            is_buyer=True,
            member_entity="organization" if organization else "individual",
            company_name=organization,
            status=status,
            preferred_language=language,
            profile=MemberProfile(identity_type="passport", identity_expiry=date(2035, 1, 1)),
        )
        session.add(member)
        await session.commit()
        return member


async def messages_to(db: async_sessionmaker[AsyncSession], recipient: str) -> list[AlertMessage]:
    async with db() as session:
        query = (
            select(AlertMessage).where(AlertMessage.recipient == recipient).order_by(AlertMessage.created_at)
        )
        return list((await session.scalars(query)).all())


async def last_code(db: async_sessionmaker[AsyncSession], recipient: str) -> str:
    """The code of the newest sign-in message to the address (kept apart from its masked text until sent)."""
    found = await messages_to(db, recipient)
    assert found, f"no message to {recipient}"
    params = found[-1].template_params
    assert params is not None
    return str(params[0])


async def sign_in(client: AsyncClient, address: str, **headers: str) -> Any:
    return await client.post("/api/bidder/sign-in", json={"address": address}, headers=headers)


async def verify(client: AsyncClient, address: str, code: str, **headers: str) -> Any:
    return await client.post("/api/bidder/verify", json={"address": address, "code": code}, headers=headers)


async def signed_in(
    client: AsyncClient, db: async_sessionmaker[AsyncSession], address: str
) -> dict[str, str]:
    """A bidder session for the member at the address: the headers of its token."""
    asked = await sign_in(client, address)
    assert asked.status_code == 200, asked.text
    answered = await verify(client, address, await last_code(db, address))
    assert answered.status_code == 200, answered.text
    return bearer(answered.json()["token"])


async def set_status(client: AsyncClient, admin: dict[str, str], member_id: str, status: str) -> None:
    body = {"ids": [member_id], "status": status, "reason": "Documents expired"}
    changed = await client.put("/api/members/update-status", json=body, headers=admin)
    assert changed.status_code == 200, changed.text


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"
