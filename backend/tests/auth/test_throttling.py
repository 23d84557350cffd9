import re

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import STAFF_PASSWORD, make_staff

TOO_MANY = re.compile(r"Too many failed sign-in attempts\. Please try again in \d+ minutes?\.")


async def _fail_login(client: AsyncClient, email: str) -> int:
    response = await client.post("/api/auth/login", json={"email": email, "password": "not-it-at-all"})
    return response.status_code


async def test_login_is_throttled_per_account_after_five_failures(client: AsyncClient) -> None:
    for _ in range(5):
        assert await _fail_login(client, ADMIN_EMAIL) == 401
    # even the right password waits: the account is throttled, not locked forever
    response = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    assert response.status_code == 429
    assert TOO_MANY.fullmatch(response.json()["message"])
    assert 0 < response.json()["retryAfter"] <= 900
    assert "retry-after" in response.headers


async def test_throttling_one_account_leaves_another_alone(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    await make_staff(db, "other@example.com")
    for _ in range(5):
        await _fail_login(client, ADMIN_EMAIL)
    response = await client.post(
        "/api/auth/login", json={"email": "other@example.com", "password": STAFF_PASSWORD}
    )
    assert response.status_code == 200


async def test_login_is_throttled_per_ip_across_accounts(client: AsyncClient) -> None:
    for n in range(20):
        assert await _fail_login(client, f"guess{n}@example.com") == 401
    response = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    assert response.status_code == 429


async def test_a_successful_login_forgives_earlier_failures(client: AsyncClient) -> None:
    for _ in range(4):
        await _fail_login(client, ADMIN_EMAIL)
    ok = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    assert ok.status_code == 200
    token = ok.json()["token"]
    await client.post("/api/auth/logout", headers={"Authorization": f"Bearer {token}"})
    for _ in range(4):
        assert await _fail_login(client, ADMIN_EMAIL) == 401


async def test_forgot_password_is_throttled(client: AsyncClient) -> None:
    for _ in range(5):
        assert (await client.post("/api/forgot-password", json={"email": ADMIN_EMAIL})).status_code == 200
    response = await client.post("/api/forgot-password", json={"email": ADMIN_EMAIL})
    assert response.status_code == 429
    assert response.json()["message"].startswith("Too many password reset requests. Please try again in")


async def test_verify_otp_is_throttled_per_ip(client: AsyncClient) -> None:
    for n in range(30):
        response = await client.post("/api/verify-otp", json={"email": f"x{n}@example.com", "otp": "123456"})
        assert response.status_code == 400
    response = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": "123456"})
    assert response.status_code == 429
    assert response.json()["message"].startswith("Too many wrong codes. Please try again in")
