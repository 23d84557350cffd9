"""Signed tokens for links that need no sign-in (the unsubscribe link of a promotional email).

A token is `<subject>.<signature>`: the signature is HMAC-SHA256, keyed with a key of the installation, over
the subject and what the token is for (its parts, such as the channel and the purpose), in URL-safe base64
without padding. The parts are not in the token: a token made for one purpose does not verify for another.

The keys live in the database (`app_key`, one row per name, made by the migration with random bytes), so that
every app process and every machine signs and verifies alike; a process reads a key once and keeps it.
"""

import base64
import hashlib
import hmac

from sqlalchemy import String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base

SEPARATOR = "."
_known: dict[str, bytes] = {}


class AppKey(Base):
    """A secret of this installation, made once by a migration (hex of random bytes), never shown."""

    __tablename__ = "app_key"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class KeyMissing(RuntimeError):
    """The key was never made: the database was not migrated to the revision that makes it."""


async def key_of(session: AsyncSession, name: str) -> bytes:
    """The key named `name`, read from the database the first time and kept by this process."""
    found = _known.get(name)
    if found is not None:
        return found
    value = await session.scalar(select(AppKey.value).where(AppKey.name == name))
    if not value:
        raise KeyMissing(
            f"The key '{name}' is missing from app_key: apply the migrations (python -m gavel migrate)."
        )
    _known[name] = bytes.fromhex(value)
    return _known[name]


def forget_keys() -> None:
    """Keys are read again (the tests restore databases under a running process)."""
    _known.clear()


def _signature(key: bytes, subject: str, parts: tuple[str, ...]) -> str:
    message = "\n".join((subject, *parts)).encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def sign(key: bytes, subject: str, *parts: str) -> str:
    """A token naming `subject` (which may not hold the separator), valid for these parts only."""
    if SEPARATOR in subject:
        raise ValueError(f"A signed subject may not contain '{SEPARATOR}'.")
    return f"{subject}{SEPARATOR}{_signature(key, subject, parts)}"


def verify(key: bytes, token: str, *parts: str) -> str | None:
    """The subject of a token made by `sign` with the same key and parts; None for any other string."""
    subject, separator, signature = token.partition(SEPARATOR)
    if not separator or not subject or not signature:
        return None
    if not hmac.compare_digest(signature.encode(), _signature(key, subject, parts).encode()):
        return None
    return subject
