"""A session ended from the console answers its next request with a 401 that says who ended it and when (Dubai
time), for the sign-in page; one the person signed out of says only that it ended."""

from datetime import UTC, datetime

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auth.models import UserSession
from tests.factories import admin_headers
from tests.staff_sessions.helpers import live_sessions, signed_in_staff


async def test_a_session_ended_by_an_administrator_answers_401_with_when(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    omar = await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    (row,) = (await live_sessions(client, admin, search="omar"))["data"]
    assert (await client.put(f"/api/staff-sessions/{row['_id']}/end", headers=admin)).status_code == 200
    async with db() as session:  # the console ends it on the real clock: set the moment it ended
        ended_at = datetime(2026, 11, 29, 10, 2, 40, tzinfo=UTC)  # 14:02 in Dubai
        moved = update(UserSession).where(UserSession.id == row["_id"]).values(ended_at=ended_at)
        await session.execute(moved)
        await session.commit()

    refused = await client.get("/api/auth/me", headers=omar["headers"])
    assert refused.status_code == 401
    assert refused.json() == {
        "message": "Your session has ended. Please sign in again.",
        "errors": [],
        "code": "session_ended_by_admin",
        "reason": "Your session was ended by an administrator at 14:02.",
    }
    elsewhere = await client.post("/api/staff-sessions/get", json={}, headers=omar["headers"])
    assert elsewhere.status_code == 401
    assert elsewhere.json()["code"] == "session_ended_by_admin"


async def test_a_session_the_person_signed_out_of_answers_401_without_a_reason(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    omar = await signed_in_staff(client, db, "omar@example.com", "Omar Al Suwaidi")
    assert (await client.post("/api/auth/logout", headers=omar["headers"])).status_code == 200

    refused = await client.get("/api/auth/me", headers=omar["headers"])

    assert refused.status_code == 401
    assert refused.json() == {"message": "Your session has ended. Please sign in again.", "errors": []}
