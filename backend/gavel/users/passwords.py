"""The staff password policy: 8 to 128 characters and not a commonly used password."""

from functools import lru_cache

from zxcvbn.frequency_lists import FREQUENCY_LISTS

MIN_LENGTH = 8
MAX_LENGTH = 128


@lru_cache(maxsize=1)
def _common_passwords() -> frozenset[str]:
    # zxcvbn ships the 30,000 most common passwords from public breach corpora.
    return frozenset(FREQUENCY_LISTS["passwords"])


def password_problem(password: str) -> str | None:
    """The sentence that says why a password is refused, or None when it is acceptable."""
    if len(password) < MIN_LENGTH:
        return f"Password must be at least {MIN_LENGTH} characters long."
    if len(password) > MAX_LENGTH:
        return f"Password must be at most {MAX_LENGTH} characters long."
    if not password.strip():
        return "Password cannot be only spaces."
    if password.lower() in _common_passwords():
        return "This password is too common. Please choose a less predictable one."
    return None
