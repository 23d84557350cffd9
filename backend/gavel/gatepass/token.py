"""The token a gate pass's QR code carries: the pass's id and expiry, signed with the installation's key
(HMAC-SHA256), so that a guard's scan proves the pass was issued here and not altered."""

import base64
import hashlib
import hmac
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.signing import made_key

KEY_NAME = "gate_pass_key"
PREFIX = "GP1"


async def signing_key(session: AsyncSession) -> bytes:
    """The key, made once per installation and kept in the database, so that every app process shares it."""
    return await made_key(session, KEY_NAME)


def _signature(key: bytes, payload: str) -> str:
    digest = hmac.new(key, payload.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode().rstrip("=")


def make_token(key: bytes, pass_id: str, valid_until: datetime) -> str:
    payload = f"{PREFIX}.{pass_id}.{int(valid_until.timestamp())}"
    return f"{payload}.{_signature(key, payload)}"


def read_token(key: bytes, token: str) -> tuple[str, datetime] | None:
    """The pass id and expiry of a genuine token; None for anything forged, altered or malformed."""
    parts = token.strip().split(".")
    if len(parts) != 4 or parts[0] != PREFIX or not parts[2].isdigit():
        return None
    payload = ".".join(parts[:3])
    if not hmac.compare_digest(_signature(key, payload), parts[3]):
        return None
    return parts[1], datetime.fromtimestamp(int(parts[2]), UTC)
