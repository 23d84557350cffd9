"""Authenticator secrets sealed at rest: encrypted with a key the database does not hold.

A TOTP secret must be readable by the server (it computes the codes), so it cannot be hashed like a password;
whoever reads `user_two_step` (a backup, a copy of the database, an SQL injection elsewhere) could otherwise
compute every staff user's codes. With GAVEL_TOTP_KEYS set, a secret is stored as 'fernet:<token>' (Fernet:
AES-128-CBC with HMAC-SHA256, from the `cryptography` package), and only a process given the key can open it.

GAVEL_TOTP_KEYS holds one key or several, comma separated: the first seals, every one opens (a new key goes
first, the old one stays until `python -m gavel seal-totp-secrets` has sealed every secret again with the new
one). Without keys, secrets are stored as they are, as before this setting existed; a stored secret that is
not sealed is read as it is, so turning the setting on needs no migration of the rows (the command seals
them). The keys are the process's own (`configure`, from the app's settings or the command line's).
"""

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from gavel.config import parse_keys
from gavel.errors import ServiceUnavailable

PREFIX = "fernet:"
KEY_NEEDED = (
    "Two-step sign-in cannot check codes right now: the server cannot open the authenticator secrets "
    "(its GAVEL_TOTP_KEYS setting is missing or wrong). Please tell your administrator."
)

_keys: list[Fernet] = []  # in order: the first seals, every one opens


def new_key() -> str:
    """A fresh key for GAVEL_TOTP_KEYS (32 random bytes, URL-safe base64)."""
    return Fernet.generate_key().decode()


def configure(keys: str) -> None:
    """Use these keys in this process from now on (ValueError, with a sentence, for a malformed key)."""
    global _keys
    _keys = parse_keys(keys)


def sealing() -> bool:
    """Whether new secrets are sealed (keys are configured)."""
    return bool(_keys)


def is_sealed(stored: str) -> bool:
    return stored.startswith(PREFIX)


def seal(secret: str) -> str:
    """The secret as it is stored: sealed with the first key, or as it is without keys."""
    if not _keys:
        return secret
    return PREFIX + _keys[0].encrypt(secret.encode()).decode()


def open_secret(stored: str) -> str:
    """The secret a stored value holds; 503 with a sentence when it is sealed and no key opens it."""
    if not is_sealed(stored):
        return stored
    if not _keys:
        raise ServiceUnavailable(KEY_NEEDED)
    try:
        return MultiFernet(_keys).decrypt(stored[len(PREFIX) :].encode()).decode()
    except InvalidToken:
        raise ServiceUnavailable(KEY_NEEDED) from None


def sealed_again(stored: str) -> str | None:
    """The stored value sealed with the first key (from plain, or from a seal of another key), or None when
    the first key sealed it already: what `python -m gavel seal-totp-secrets` writes."""
    if not _keys:
        raise ValueError("Set GAVEL_TOTP_KEYS first: there is no key to seal the secrets with.")
    if is_sealed(stored):
        try:
            _keys[0].decrypt(stored[len(PREFIX) :].encode())
            return None
        except InvalidToken:
            pass
    return seal(open_secret(stored))
