import threading

import pytest

from gavel.core import passwords as security
from gavel.core.passwords import generate_password, hash_password, verify_password
from gavel.users.passwords import password_problem


@pytest.mark.parametrize("good", ["Desert-Falcon-7781", "correct horse battery staple", "Ab3$" * 32])
def test_acceptable_passwords(good: str) -> None:
    assert password_problem(good) is None


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("Ab3$xyz", "Password must be at least 8 characters long."),
        ("A" * 129, "Password must be at most 128 characters long."),
        ("        ", "Password cannot be only spaces."),
        ("iloveyou", "This password is too common. Please choose a less predictable one."),
        ("PASSWORD1", "This password is too common. Please choose a less predictable one."),
    ],
)
def test_refused_passwords(bad: str, message: str) -> None:
    assert password_problem(bad) == message


def test_hash_is_argon2id_and_verifies() -> None:
    hashed = hash_password("Desert-Falcon-7781")
    assert hashed.startswith("$argon2id$")
    assert verify_password(hashed, "Desert-Falcon-7781")
    assert not verify_password(hashed, "desert-falcon-7781")
    assert not verify_password("not-a-hash", "anything")


def test_generated_passwords_follow_the_policy() -> None:
    for _ in range(50):
        assert password_problem(generate_password()) is None


def test_production_hashes_use_argon2id_defaults() -> None:
    from gavel.config import Settings
    from gavel.core import passwords as security

    security.configure_hashing(Settings())
    try:
        assert security.hash_password("Desert-Falcon-7781").startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    finally:
        security.configure_hashing(
            Settings(password_hash_time_cost=1, password_hash_memory_kib=1024, password_hash_parallelism=1)
        )


async def test_sign_in_checks_the_password_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 takes a quarter of a second by design: it runs in a worker thread, so that the other requests
    of the process go on meanwhile (an unknown email burns a check the same way)."""
    threads: list[bool] = []
    check = security.verify_password

    def recorded(password_hash: str, password: str) -> bool:
        threads.append(threading.current_thread() is threading.main_thread())
        return check(password_hash, password)

    monkeypatch.setattr(security, "verify_password", recorded)
    hashed = hash_password("Desert-Falcon-7781")
    assert await security.password_matches(hashed, "Desert-Falcon-7781")
    assert not await security.password_matches(hashed, "wrong")
    assert not await security.password_matches(None, "Desert-Falcon-7781")
    assert threads == [False, False, False]
