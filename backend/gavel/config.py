"""Settings read from the environment (prefix GAVEL_)."""

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from cryptography.fernet import Fernet
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]


class Settings(BaseSettings):
    # A refused setting is named without its value: the values hold passwords, tokens and keys.
    model_config = SettingsConfigDict(env_prefix="GAVEL_", extra="ignore", hide_input_in_errors=True)

    database_url: str = ""
    data_dir: Path = REPO_ROOT / "data"
    spa_dir: Path = REPO_ROOT / "frontend" / "dist"
    host: str = "127.0.0.1"
    port: int = 8000
    # App processes `serve` starts (uvicorn workers); 0: one per core on PostgreSQL. Always 1 on SQLite.
    workers: int = Field(default=0, ge=0)
    # Each app process's PostgreSQL connections: kept open (pool size), and opened beyond them for a burst and
    # closed after it (overflow). SQLAlchemy's 5 + 10 had a process under 100 lot-page polls a second open
    # and close a connection (a PostgreSQL backend each) for nearly every poll.
    database_pool_size: int = Field(default=15, ge=1)
    database_pool_overflow: int = Field(default=5, ge=0)

    admin_email: str = "admin@example.com"
    admin_password: str = ""
    demo_data: bool = True

    smtp_host: str = ""
    smtp_port: int = 25
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    mail_from: str = "Gavel <no-reply@gavel.example.com>"

    session_idle_seconds: int = Field(default=1800, ge=1)
    session_max_seconds: int = Field(default=43200, ge=1)
    ui_inactivity_seconds: int = Field(default=1800, ge=1)
    ui_warning_seconds: int = Field(default=300, ge=1)
    secure_cookies: bool = False
    forwarded_allow_ips: str = "127.0.0.1"

    otp_valid_seconds: int = 600
    otp_max_attempts: int = 5
    otp_resend_cooldown_seconds: int = 60
    reset_token_valid_seconds: int = 900

    # Uploads (README 'Files: local folder or S3-compatible storage'): empty keeps them in <data dir>/public;
    # s3://bucket/prefix puts them in an S3-compatible bucket. The endpoint, keys and region below are
    # optional: empty, boto3's own AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION
    # (or ~/.aws, or the machine's role) apply.
    storage_url: str = Field(default="", pattern=r"^(s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/.*)?)?$")
    storage_endpoint_url: str = ""
    storage_access_key_id: str = ""
    storage_secret_access_key: str = ""
    storage_region: str = ""

    log_json: bool = True
    # Only for the end-to-end tests: a clock that PUT /api/dev/clock moves (never set in production).
    movable_clock: bool = False
    # The clock jobs (late fees, storage days) and the alerts' dispatcher run in every app process; 0 where
    # `python -m gavel worker` runs them instead.
    run_jobs: bool = True

    # Alerts: who delivers each channel (README 'Alerts: providers and delivery'). auto: SMTP when
    # GAVEL_SMTP_HOST is set; Twilio for SMS when its account and a sender are set; Meta's Cloud API for
    # WhatsApp when its phone number id and token are set, else Twilio when it has a WhatsApp sender; the
    # local outbox (data/outbox/<channel>/) otherwise.
    email_provider: Literal["auto", "local", "smtp"] = "auto"
    sms_provider: Literal["auto", "local", "twilio"] = "auto"
    whatsapp_provider: Literal["auto", "local", "twilio", "meta"] = "auto"
    # The address providers call back (status callbacks), e.g. https://gavel.example.com; empty: no callbacks.
    public_url: str = ""
    twilio_account_sid: str = ""
    twilio_auth_token: str = ""
    twilio_sms_from: str = ""
    # The promotional sender ID of SMS campaigns (TDRA: 'AD-' and at most 11 characters, e.g. AD-GAVEL);
    # transactional SMS keep twilio_sms_from. Empty: SMS campaigns are refused at Send.
    sms_promo_from: str = ""
    twilio_whatsapp_from: str = ""
    twilio_messaging_service_sid: str = ""
    twilio_base_url: str = "https://api.twilio.com"
    meta_phone_number_id: str = ""
    meta_access_token: str = ""
    meta_app_secret: str = ""
    meta_verify_token: str = ""
    meta_base_url: str = "https://graph.facebook.com"
    meta_api_version: str = "v21.0"
    # The dispatcher: how often it looks for due messages when idle, how many it claims at once and sends side
    # by side (per batch, with `lanes` batches in flight), how long a claim holds, and the retries (base x
    # 2^(attempt-1) with jitter, capped).
    dispatch_poll_seconds: float = Field(default=1.0, gt=0)
    # After a commit wakes the dispatcher: the other messages of a burst are claimed in the same batch.
    dispatch_gather_seconds: float = Field(default=0.1, ge=0, le=5)
    dispatch_batch: int = Field(default=100, ge=1, le=1000)
    dispatch_concurrency: int = Field(default=20, ge=1, le=200)
    dispatch_lanes: int = Field(default=1, ge=1, le=8)  # batches in flight at once in one dispatcher
    dispatch_lease_seconds: int = Field(default=300, ge=30)
    dispatch_max_attempts: int = Field(default=8, ge=1)
    dispatch_backoff_seconds: float = Field(default=30.0, gt=0)
    dispatch_backoff_max_seconds: float = Field(default=3600.0, gt=0)
    dispatch_timeout_seconds: float = Field(default=20.0, gt=0)

    # Keys sealing the authenticator apps' secrets at rest (gavel/core/sealing.py), comma separated: the first
    # seals, every one opens. Empty: secrets are stored as they are. `python -m gavel new-totp-key` makes one.
    totp_keys: str = Field(default="", repr=False)

    # argon2id cost of new password hashes; the defaults are argon2-cffi's (RFC 9106). Lower only for tests.
    password_hash_time_cost: int = Field(default=3, ge=1)
    password_hash_memory_kib: int = Field(default=65536, ge=8)
    password_hash_parallelism: int = Field(default=4, ge=1)

    @field_validator("totp_keys")
    @classmethod
    def _keys_are_keys(cls, value: str) -> str:
        parse_keys(value)  # a malformed key stops the start with a sentence, not the first sign-in
        return value

    @field_validator("sms_promo_from")
    @classmethod
    def _promo_sender(cls, value: str) -> str:
        check_promo_sender(value)  # a malformed sender stops the start with a sentence
        return value.strip()

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return normalise_database_url(self.database_url)
        return f"sqlite+aiosqlite:///{self.data_dir.resolve() / 'gavel.db'}"

    @property
    def serve_workers(self) -> int:
        """The app processes `serve` starts: GAVEL_WORKERS, else one per core the process may use; one on
        SQLite, whose single writer gains nothing from more (sessions, throttling and jobs live in the
        database, so processes need nothing else to share)."""
        if self.resolved_database_url.startswith("sqlite"):
            return 1
        if self.workers:
            return self.workers
        cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(os.cpu_count() or 1)
        return max(1, len(cores))

    @property
    def outbox_dir(self) -> Path:
        return self.data_dir / "outbox"


def normalise_database_url(url: str) -> str:
    """Accept plain postgresql:// and sqlite:// URLs and pick the async drivers Gavel uses."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://") :]
    if url.startswith("sqlite://") and not url.startswith("sqlite+"):
        return "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url


def parse_keys(keys: str) -> list[Fernet]:
    """The keys of GAVEL_TOTP_KEYS, comma separated, in order. A key that is not a Fernet key (44 characters
    of URL-safe base64) is refused with a sentence naming its place."""
    found = [key.strip() for key in keys.split(",") if key.strip()]
    parsed = []
    for place, key in enumerate(found, start=1):
        try:
            parsed.append(Fernet(key.encode()))
        except ValueError:
            raise ValueError(
                f"GAVEL_TOTP_KEYS: key {place} of {len(found)} is not a key made by "
                "`python -m gavel new-totp-key` (44 characters of URL-safe base64)."
            ) from None
    return parsed


PROMO_PREFIX = "AD-"
PROMO_SENDER_LENGTH = 11


def check_promo_sender(sender: str) -> None:
    """GAVEL_SMS_PROMO_FROM: empty, or the UAE's promotional form of a sender ID: 'AD-' then letters, digits
    or hyphens, 11 characters at most in all (TDRA). Anything else is refused with a sentence."""
    sender = sender.strip()
    if not sender:
        return
    rest = sender[len(PROMO_PREFIX) :]
    if (
        not sender.startswith(PROMO_PREFIX)
        or len(sender) > PROMO_SENDER_LENGTH
        or not rest
        or not all(c.isascii() and (c.isalnum() or c == "-") for c in rest)
    ):
        raise ValueError(
            "GAVEL_SMS_PROMO_FROM: a promotional sender ID starts with 'AD-' and has at most 11 characters "
            "(letters, digits and hyphens), e.g. AD-GAVEL."
        )


@lru_cache
def get_settings() -> Settings:
    return Settings()
