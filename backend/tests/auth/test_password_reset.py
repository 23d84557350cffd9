import re
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.auth.models import PasswordReset
from gavel.db import utcnow
from gavel.devtools import MailFolder
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import bearer, login

SENT = "If an account exists for this email, we have sent a 6-digit code to it."
NEW_PASSWORD = "Desert-Falcon-7781"
Deliver = Callable[[], Awaitable[int]]


class Mailbox:
    """The SMTP sink's mails, once the dispatcher has delivered what the requests queued."""

    def __init__(self, folder: MailFolder, deliver: Deliver) -> None:
        self.folder = folder
        self.deliver = deliver

    async def received(self) -> list[dict[str, Any]]:
        await self.deliver()
        return self.folder.received


@pytest.fixture
def mails(mail_sink: tuple[int, MailFolder], deliver: Deliver) -> Mailbox:
    _, folder = mail_sink
    folder.received.clear()
    return Mailbox(folder, deliver)


async def last_code(mails: Mailbox, email: str = ADMIN_EMAIL) -> str:
    mail = [m for m in await mails.received() if email in m["to"]][-1]
    match = re.search(r"\b(\d{6})\b", mail["body"])
    assert match, mail
    return match.group(1)


async def _request_code(client: AsyncClient, mails: Mailbox) -> str:
    response = await client.post("/api/forgot-password", json={"email": ADMIN_EMAIL})
    assert response.status_code == 200
    return await last_code(mails)


async def _reset_token(client: AsyncClient, mails: Mailbox) -> str:
    code = await _request_code(client, mails)
    response = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": code})
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


async def _expire_resets(db: async_sessionmaker[AsyncSession], **values: object) -> None:
    async with db() as session:
        await session.execute(update(PasswordReset).values(**values))
        await session.commit()


async def test_forgot_password_answers_the_same_for_unknown_emails(
    client: AsyncClient, mails: Mailbox
) -> None:
    known = await client.post("/api/forgot-password", json={"email": ADMIN_EMAIL})
    unknown = await client.post("/api/forgot-password", json={"email": "nobody@example.com"})
    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json() == {"message": SENT}
    received = await mails.received()
    assert [m["to"] for m in received] == [[ADMIN_EMAIL]]
    assert "valid for 10 minutes" in received[0]["body"]


async def test_forgot_password_refuses_an_invalid_email(client: AsyncClient) -> None:
    response = await client.post("/api/forgot-password", json={"email": "not-an-email"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "email"


async def test_whole_reset_flow(client: AsyncClient, mails: Mailbox, session: AsyncSession) -> None:
    signed_in = await login(client, ADMIN_EMAIL, ADMIN_PASSWORD)
    token = await _reset_token(client, mails)
    response = await client.post(
        "/api/reset-password",
        json={"password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD},
        headers=bearer(token),
    )
    assert response.status_code == 200
    assert response.json() == {"message": "Your password has been reset. Please sign in."}
    # every session of the user ended, the old password is gone, the new one works
    assert (await client.get("/api/auth/me", headers=bearer(signed_in["token"]))).status_code == 401
    old = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    assert old.status_code == 401
    await login(client, ADMIN_EMAIL, NEW_PASSWORD)
    actions = (await session.scalars(select(AuditEvent.action))).all()
    assert "auth.password_reset" in actions


async def test_wrong_code_is_refused(client: AsyncClient, mails: Mailbox) -> None:
    code = await _request_code(client, mails)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    response = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": wrong})
    assert response.status_code == 400
    assert response.json()["message"] == "The code is incorrect or has expired."


async def test_code_must_be_six_digits(client: AsyncClient) -> None:
    response = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": "12ab"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "otp"


async def test_expired_code_is_refused(
    client: AsyncClient, mails: Mailbox, db: async_sessionmaker[AsyncSession]
) -> None:
    code = await _request_code(client, mails)
    await _expire_resets(db, expires_at=utcnow() - timedelta(seconds=1))
    response = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": code})
    assert response.status_code == 400
    assert response.json()["message"] == "The code is incorrect or has expired."


async def test_sixth_attempt_is_refused_even_with_the_right_code(client: AsyncClient, mails: Mailbox) -> None:
    code = await _request_code(client, mails)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for _ in range(5):
        response = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": wrong})
        assert response.status_code == 400
    sixth = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": code})
    assert sixth.status_code == 429
    assert sixth.json()["message"] == "Too many wrong codes for this request. Please request a new code."


async def test_code_is_single_use(client: AsyncClient, mails: Mailbox) -> None:
    code = await _request_code(client, mails)
    first = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": code})
    assert first.status_code == 200
    again = await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": code})
    assert again.status_code == 400
    assert again.json()["message"] == "The code is incorrect or has expired."


async def test_a_new_code_replaces_the_old_one(
    client: AsyncClient, mails: Mailbox, db: async_sessionmaker[AsyncSession]
) -> None:
    old = await _request_code(client, mails)
    await _expire_resets(db, created_at=utcnow() - timedelta(minutes=2))
    # the cooldown is measured from the last mail; move it back so that the resend is allowed
    from gavel.auth.models import AuthAttempt

    async with db() as s:
        await s.execute(update(AuthAttempt).values(created_at=utcnow() - timedelta(minutes=2)))
        await s.commit()
    response = await client.post("/api/resend-otp", json={"email": ADMIN_EMAIL})
    assert response.status_code == 200
    assert response.json() == {"message": SENT, "cooldownSeconds": 60}
    new = await last_code(mails)
    async with db() as s:
        resets = (await s.scalars(select(PasswordReset).order_by(PasswordReset.created_at))).all()
    assert len(resets) == 2
    assert resets[0].revoked_at is not None and resets[1].revoked_at is None
    assert old != new or resets[0].code_hash != resets[1].code_hash
    assert (await client.post("/api/verify-otp", json={"email": ADMIN_EMAIL, "otp": new})).status_code == 200


async def test_resend_within_the_cooldown_answers_429_with_the_seconds_left(
    client: AsyncClient, mails: Mailbox
) -> None:
    await _request_code(client, mails)
    response = await client.post("/api/resend-otp", json={"email": ADMIN_EMAIL})
    assert response.status_code == 429
    body = response.json()
    assert re.fullmatch(r"Please wait (\d+) seconds before requesting a new code\.", body["message"])
    assert 55 <= body["retryAfter"] <= 60
    assert response.headers["retry-after"] == str(body["retryAfter"])


async def test_resend_cooldown_applies_to_unknown_emails_too(client: AsyncClient) -> None:
    await client.post("/api/forgot-password", json={"email": "nobody@example.com"})
    response = await client.post("/api/resend-otp", json={"email": "nobody@example.com"})
    assert response.status_code == 429


async def test_reset_without_a_token_is_refused(client: AsyncClient) -> None:
    response = await client.post(
        "/api/reset-password", json={"password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD}
    )
    assert response.status_code == 401
    assert response.json()["message"] == "Authentication token is missing. Please try again."


async def test_reset_token_is_single_use(client: AsyncClient, mails: Mailbox) -> None:
    token = await _reset_token(client, mails)
    body = {"password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD}
    assert (await client.post("/api/reset-password", json=body, headers=bearer(token))).status_code == 200
    again = await client.post("/api/reset-password", json=body, headers=bearer(token))
    assert again.status_code == 401
    assert again.json()["message"] == (
        "This password reset has expired or was already used. Please request a new code."
    )


async def test_expired_reset_token_is_refused(
    client: AsyncClient, mails: Mailbox, db: async_sessionmaker[AsyncSession]
) -> None:
    token = await _reset_token(client, mails)
    await _expire_resets(db, reset_expires_at=utcnow() - timedelta(seconds=1))
    body = {"password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD}
    response = await client.post("/api/reset-password", json=body, headers=bearer(token))
    assert response.status_code == 401


async def test_a_session_token_is_not_a_reset_token(client: AsyncClient) -> None:
    token = (await login(client, ADMIN_EMAIL, ADMIN_PASSWORD))["token"]
    body = {"password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD}
    assert (await client.post("/api/reset-password", json=body, headers=bearer(token))).status_code == 401


@pytest.mark.parametrize(
    ("password", "confirm", "field", "message"),
    [
        ("short1!", "short1!", "password", "Password must be at least 8 characters long."),
        ("x" * 129, "x" * 129, "password", "Password must be at most 128 characters long."),
        (
            "password123",
            "password123",
            "password",
            "This password is too common. Please choose a less predictable one.",
        ),
        (
            "Qwerty123",
            "Qwerty123",
            "password",
            "This password is too common. Please choose a less predictable one.",
        ),
        (NEW_PASSWORD, NEW_PASSWORD + "x", "confirmPassword", "The passwords do not match."),
    ],
)
async def test_weak_or_mismatched_passwords_are_refused(
    client: AsyncClient, mails: Mailbox, password: str, confirm: str, field: str, message: str
) -> None:
    token = await _reset_token(client, mails)
    response = await client.post(
        "/api/reset-password", json={"password": password, "confirmPassword": confirm}, headers=bearer(token)
    )
    assert response.status_code == 422
    assert response.json() == {"message": message, "errors": [{"field": field, "message": message}]}
    # the token is still good for a proper password
    ok = await client.post(
        "/api/reset-password",
        json={"password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD},
        headers=bearer(token),
    )
    assert ok.status_code == 200
