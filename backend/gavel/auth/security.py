"""Opaque tokens and one-time codes (password hashing is gavel.core.passwords)."""

import hashlib
import hmac
import secrets


def new_token() -> str:
    """An opaque token of 256 random bits."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_code() -> str:
    return f"{secrets.randbelow(1_000_000):06d}"


def code_digest(reset_id: str, code: str) -> str:
    # Bound to the request id, so that equal codes of two requests never share a digest.
    return hmac.new(reset_id.encode(), code.encode(), hashlib.sha256).hexdigest()


def digests_equal(a: str, b: str) -> bool:
    return hmac.compare_digest(a, b)
