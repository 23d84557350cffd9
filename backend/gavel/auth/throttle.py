"""Throttling rules: how many failures of a kind are allowed per account and per IP, and for how long."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auth import repository
from gavel.errors import Throttled


@dataclass(frozen=True)
class Limit:
    kind: str
    per_account: int
    per_ip: int
    window_seconds: int
    message: str


LOGIN = Limit("login_failed", 5, 20, 900, "Too many failed sign-in attempts. Please try again in {wait}.")
VERIFY = Limit("otp_failed", 10, 30, 900, "Too many wrong codes. Please try again in {wait}.")
# Wrong authenticator or recovery codes, once the password was right: as strict as wrong passwords.
TWO_STEP = Limit("two_step_failed", 5, 20, 900, "Too many wrong codes. Please try again in {wait}.")
RESET_REQUEST = Limit(
    "reset_request", 5, 20, 3600, "Too many password reset requests. Please try again in {wait}."
)


def _wait_text(seconds: int) -> str:
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = -(-seconds // 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


async def check(session: AsyncSession, limit: Limit, account: str, ip: str, now: datetime) -> None:
    """Refuse with 429 while the account or the IP has used up its failures in the window."""
    since = now - timedelta(seconds=limit.window_seconds)
    for key, allowed in ((f"account:{account.lower()}", limit.per_account), (f"ip:{ip}", limit.per_ip)):
        count, oldest = await repository.attempts_since(session, limit.kind, key, since)
        if count >= allowed and oldest is not None:
            wait = max(1, int((oldest + timedelta(seconds=limit.window_seconds) - now).total_seconds()) + 1)
            raise Throttled(limit.message.format(wait=_wait_text(wait)), retry_after=wait)


def count(session: AsyncSession, limit: Limit, account: str, ip: str, now: datetime) -> None:
    repository.add_attempt(session, limit.kind, f"account:{account.lower()}", now)
    repository.add_attempt(session, limit.kind, f"ip:{ip}", now)


async def forgive_account(session: AsyncSession, limit: Limit, account: str) -> None:
    await repository.clear_attempts(session, limit.kind, f"account:{account.lower()}")
