"""Two-step sign-in primitives: authenticator app codes (TOTP, RFC 6238, with pyotp), recovery codes and the
signed challenge that carries a half-finished sign-in from the password to the code."""

import hashlib
import hmac
import re
import secrets
from datetime import datetime

import pyotp

from gavel.core import passwords

ISSUER = "Gavel"
STEP_SECONDS = 30
DIGITS = 6
DRIFT_STEPS = 1  # a code of the step before or after the current one is accepted too (clock drift, typing)
CHALLENGE_SECONDS = 300  # how long the password step stays good for entering the code
RECOVERY_CODES = 10
_RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: codes are read off paper
_RECOVERY_LENGTH = 10  # 10 characters of 31: about 50 bits each


def new_secret() -> str:
    """A fresh base32 secret of 160 bits (RFC 4226's recommended length)."""
    return pyotp.random_base32(32)


def _totp(secret: str) -> pyotp.TOTP:
    return pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS)


def provisioning_uri(secret: str, account: str) -> str:
    """The otpauth:// URI an authenticator app reads from the QR code."""
    return _totp(secret).provisioning_uri(name=account, issuer_name=ISSUER)


def code_at(secret: str, moment: datetime) -> str:
    """The code an authenticator app shows at a moment (the tests' authenticator)."""
    return _totp(secret).at(moment)


def matching_step(secret: str, code: str, moment: datetime) -> int | None:
    """The time step whose code this is, within one step either side of the moment; None when none is."""
    code = re.sub(r"\s", "", code)
    if not re.fullmatch(rf"\d{{{DIGITS}}}", code):
        return None
    totp = _totp(secret)
    current = totp.timecode(moment)
    found = None
    for step in range(current - DRIFT_STEPS, current + DRIFT_STEPS + 1):
        # Every candidate is compared (in constant time), so the answer takes as long whichever one matches.
        if hmac.compare_digest(totp.generate_otp(step), code):
            found = step
    return found


def looks_like_totp(code: str) -> bool:
    """Six digits (spaces allowed): an authenticator code; anything else is taken for a recovery code."""
    return re.fullmatch(rf"\d{{{DIGITS}}}", re.sub(r"\s", "", code)) is not None


# Recovery codes


def new_recovery_codes() -> list[str]:
    """Ten fresh codes as people read them: 'abcde-fghjk'."""
    codes = []
    for _ in range(RECOVERY_CODES):
        raw = "".join(secrets.choice(_RECOVERY_ALPHABET) for _ in range(_RECOVERY_LENGTH))
        codes.append(f"{raw[:5]}-{raw[5:]}")
    return codes


def normalise_recovery_code(code: str) -> str:
    """What is compared: lower case, without spaces or dashes."""
    return re.sub(r"[\s-]", "", code).lower()


def hash_recovery_code(code: str) -> str:
    """argon2id, as passwords are."""
    return passwords.hash_password(normalise_recovery_code(code))


async def recovery_code_matches(code_hash: str, code: str) -> bool:
    return await passwords.password_matches(code_hash, normalise_recovery_code(code))


# The challenge: a half-finished sign-in


def _signature(secret: str, user_id: str, issued: int, password_hash: str) -> str:
    # Keyed with the user's own TOTP secret (never leaves the server after set-up) and bound to their current
    # password hash: a new password or a new authenticator voids every challenge given out before.
    key = hmac.new(secret.encode(), b"gavel two-step challenge", hashlib.sha256).digest()
    message = f"{user_id}.{issued}.{password_hash}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def new_challenge(secret: str, user_id: str, password_hash: str, moment: datetime) -> str:
    issued = int(moment.timestamp())
    return f"{user_id}.{issued}.{_signature(secret, user_id, issued, password_hash)}"


def challenge_user_id(challenge: str) -> str | None:
    """The user a challenge names (not yet checked: `challenge_valid` does that)."""
    parts = challenge.split(".")
    if len(parts) != 3 or not re.fullmatch(r"[0-9a-f]{32}", parts[0]):
        return None
    return parts[0]


def challenge_valid(challenge: str, secret: str, user_id: str, password_hash: str, moment: datetime) -> bool:
    parts = challenge.split(".")
    if len(parts) != 3 or parts[0] != user_id or not parts[1].isdigit():
        return False
    issued = int(parts[1])
    expected = _signature(secret, user_id, issued, password_hash)
    if not hmac.compare_digest(expected, parts[2]):
        return False
    age = moment.timestamp() - issued
    return -STEP_SECONDS <= age <= CHALLENGE_SECONDS
