from datetime import timedelta

from httpx import AsyncClient
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auth.models import UserSession
from gavel.db import utcnow
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import bearer, login


async def _age_sessions(db: async_sessionmaker[AsyncSession], **delta: timedelta) -> None:
    async with db() as session:
        values = {column: utcnow() - ago for column, ago in delta.items()}
        await session.execute(update(UserSession).values(**values))
        await session.commit()


async def test_me_answers_user_and_session(client: AsyncClient) -> None:
    iphone = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Version/17.0 Mobile/15E148 Safari/604.1"
    )
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD, **{"user-agent": iphone}))["token"]
    body = (await client.get("/api/auth/me", headers=bearer(token))).json()
    assert body["user"]["email"] == ADMIN_EMAIL
    assert body["session"]["deviceName"] == "Apple iPhone"
    assert body["session"]["operatingSystem"] == "iOS 17.0"
    assert body["session"]["browserName"] == "Mobile Safari 17.0"
    assert body["session"]["ipAddress"] == "127.0.0.1"


async def test_no_token_answers_401(client: AsyncClient) -> None:
    response = await client.get("/api/auth/me")
    assert response.status_code == 401
    assert response.json()["message"] == "Please sign in to continue."


async def test_made_up_token_answers_401(client: AsyncClient) -> None:
    response = await client.get("/api/auth/me", headers=bearer("made-up-token"))
    assert response.status_code == 401


async def test_token_is_refused_everywhere_after_logout(client: AsyncClient) -> None:
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"]
    out = await client.post("/api/auth/logout", headers=bearer(token))
    assert out.status_code == 200
    assert out.json() == {"message": "You have been signed out."}
    for method, path in (("GET", "/api/auth/me"), ("POST", "/api/auth/logout")):
        response = await client.request(method, path, headers=bearer(token))
        assert response.status_code == 401
        assert response.json()["message"] == "Your session has ended. Please sign in again."


async def test_logout_frees_the_user_to_sign_in_again_without_conflict(client: AsyncClient) -> None:
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"]
    await client.post("/api/auth/logout", headers=bearer(token))
    await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)


async def test_idle_session_expires(client: AsyncClient, db: async_sessionmaker[AsyncSession]) -> None:
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"]
    await _age_sessions(db, last_active_at=timedelta(minutes=31))
    response = await client.get("/api/auth/me", headers=bearer(token))
    assert response.status_code == 401
    assert response.json()["message"] == "Your session has expired. Please sign in again."


async def test_an_idle_expired_session_does_not_block_a_new_login(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    await _age_sessions(db, last_active_at=timedelta(minutes=31))
    await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)


async def test_activity_keeps_a_session_alive(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"]
    await _age_sessions(db, last_active_at=timedelta(minutes=29))
    assert (await client.get("/api/auth/me", headers=bearer(token))).status_code == 200
    assert (await client.get("/api/auth/me", headers=bearer(token))).status_code == 200


async def test_session_ends_after_twelve_hours_even_when_active(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"]
    await _age_sessions(db, created_at=timedelta(hours=12, seconds=1))
    response = await client.get("/api/auth/me", headers=bearer(token))
    assert response.status_code == 401
    assert response.json()["message"] == "Your session has expired. Please sign in again."


async def _last_active(db: async_sessionmaker[AsyncSession]) -> timedelta:
    async with db() as session:
        newest = await session.scalar(select(func.max(UserSession.last_active_at)))
        assert newest is not None
        return utcnow() - newest


async def test_activity_is_written_at_most_once_a_minute(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"]
    await _age_sessions(db, last_active_at=timedelta(seconds=30))
    assert (await client.get("/api/auth/me", headers=bearer(token))).status_code == 200
    assert await _last_active(db) >= timedelta(seconds=30)  # a read within the minute writes nothing
    await _age_sessions(db, last_active_at=timedelta(seconds=61))
    assert (await client.get("/api/auth/me", headers=bearer(token))).status_code == 200
    assert await _last_active(db) < timedelta(seconds=5)
