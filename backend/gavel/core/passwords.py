"""Password hashing (argon2id) and random passwords: staff users', members' and the recovery codes' hashes."""

import secrets

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from gavel.config import Settings

_hasher = PasswordHasher()  # argon2id with the library's recommended parameters (RFC 9106, low memory)


def configure_hashing(settings: Settings) -> None:
    """Set the argon2id cost of new hashes; existing hashes keep the parameters they were made with."""
    global _hasher, _DUMMY_HASH
    _hasher = PasswordHasher(
        time_cost=settings.password_hash_time_cost,
        memory_cost=settings.password_hash_memory_kib,
        parallelism=settings.password_hash_parallelism,
    )
    _DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


# Checked against when the email is unknown, so that a wrong email takes as long as a wrong password.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


def burn_password_check(password: str) -> None:
    verify_password(_DUMMY_HASH, password)


async def password_matches(password_hash: str | None, password: str) -> bool:
    """verify_password in a worker thread: argon2 takes a quarter of a second of CPU by design, and on the
    event loop every other request of the process would wait for it (bench/README.md, 'Sale day under load').
    No hash (an unknown email) is checked against a dummy one: it takes as long as a wrong password."""
    if password_hash is None:
        await anyio.to_thread.run_sync(burn_password_check, password)
        return False
    return await anyio.to_thread.run_sync(verify_password, password_hash, password)


def generate_password(length: int = 16) -> str:
    """A random password for a first administrator or a temporary reset."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
    core = "".join(secrets.choice(alphabet) for _ in range(length - 2))
    return core + secrets.choice("!@#$%*?") + secrets.choice("23456789")
