"""Signed tokens for links that need no sign-in (the unsubscribe link of a promotional email).

A token is `<subject>.<signature>`: the signature is HMAC-SHA256, keyed with a key of the installation, over
the subject and what the token is for (its parts, such as the channel and the purpose), in URL-safe base64
without padding. The parts are not in the token: a token made for one purpose does not verify for another.

The keys are the installation's, kept in `app_state` beside the gate passes' key (one row per key, hex of
random bytes), so that every app process and every machine signs and verifies alike. The unsubscribe links'
key is made by migration 0031, so that reading it never writes.
"""

import base64
import hashlib
import hmac
import secrets

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.models import AppState

SEPARATOR = "."


class KeyMissing(RuntimeError):
    """The key was never made: the database was not migrated to the revision that makes it."""


async def key_of(session: AsyncSession, name: str) -> bytes:
    """The installation's key named `name` (read each time: a restored database brings its own keys)."""
    value = await session.scalar(select(AppState.value).where(AppState.key == name))
    if not value:
        raise KeyMissing(
            f"The key '{name}' is missing from app_state: apply the migrations (python -m gavel migrate)."
        )
    return bytes.fromhex(value)


async def made_key(session: AsyncSession, name: str) -> bytes:
    """The installation's key named `name`, made on first use (the first insert wins)."""
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    await session.execute(
        insert(AppState).values(key=name, value=secrets.token_hex(32)).on_conflict_do_nothing()
    )
    return await key_of(session, name)


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
