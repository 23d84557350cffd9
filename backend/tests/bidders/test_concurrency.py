"""Two verifications with one code at the same moment (a double tap, two devices): the database lets one
open a session and the other is refused. On PostgreSQL both requests read the open code before either takes
it, and the second one's UPDATE waits for the first to commit; on SQLite writers take turns from BEGIN."""

import asyncio
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select

from gavel.alerts.models import AlertMessage
from gavel.bidders import repository
from gavel.bidders.models import BidderCode, BidderSession
from gavel.config import Settings
from gavel.members.models import Member, MemberProfile
from tests.bidders.conftest import verify
from tests.committing import committing_app


@pytest.fixture
async def committing(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[Any, AsyncClient]]:
    async with committing_app(settings, tmp_path) as (app, client):
        yield app, client


async def test_two_verifications_of_one_code_at_once_open_one_session(
    committing: tuple[Any, AsyncClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, client = committing
    async with app.state.sessionmaker() as session:
        session.add(
            Member(
                first_name="Omar",
                last_name="Racer",
                email="racer@example.com",
                phone="+971505550100",
                member_identity_no="784-1990-1234599-1",
                is_buyer=True,
                member_entity="individual",
                status="approved",
                profile=MemberProfile(identity_type="passport", identity_expiry=datetime(2035, 1, 1).date()),
            )
        )
        await session.commit()
    assert (
        await client.post("/api/bidder/sign-in", json={"address": "racer@example.com"})
    ).status_code == 200
    async with app.state.sessionmaker() as session:
        [message_code] = await _codes(session)

    if app.state.engine.dialect.name == "postgresql":
        # Both requests have read the open code before either takes it.
        both_read = asyncio.Barrier(2)
        read = repository.open_codes

        async def read_then_wait(*args: Any, **kwargs: Any) -> Any:
            found = await read(*args, **kwargs)
            await asyncio.wait_for(both_read.wait(), timeout=10)
            return found

        monkeypatch.setattr(repository, "open_codes", read_then_wait)

    answers = await asyncio.gather(*(verify(client, "racer@example.com", message_code) for _ in "ab"))
    assert sorted(a.status_code for a in answers) == [200, 400], [a.text for a in answers]
    refused = next(a for a in answers if a.status_code == 400)
    assert refused.json()["message"] == "The code is incorrect or has expired."
    async with app.state.sessionmaker() as session:
        assert await session.scalar(select(func.count()).select_from(BidderSession)) == 1
        assert await session.scalar(select(func.count()).where(BidderCode.used_at.is_not(None))) == 1


async def _codes(session: Any) -> list[str]:
    """The codes of the sign-in messages in the outbox (kept apart from their masked text until sent)."""
    rows = (await session.scalars(select(AlertMessage).where(AlertMessage.event == "bidderSignInCode"))).all()
    return [str(r.template_params[0]) for r in rows]
