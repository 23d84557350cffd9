"""Authenticator secrets sealed at rest with GAVEL_TOTP_KEYS (gavel/core/sealing.py): the database holds only
a Fernet token, sign-in works as before, a missing key is a 503 with a sentence (never a 500, and the rest of
the app keeps answering), keys rotate, and `seal-totp-secrets` seals what was stored before."""

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from httpx import AsyncClient
from pydantic import ValidationError
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.auth import totp
from gavel.auth.two_step import seal_secrets
from gavel.config import Settings
from gavel.core import sealing as sealed
from gavel.users.models import TwoStep, User
from tests.auth.conftest import EMAIL, StoppedClock
from tests.auth.test_two_step import _challenge, _code_step, _with_two_step
from tests.command_line import run_gavel
from tests.factories import STAFF_PASSWORD, bearer

OLD_KEY = sealed.new_key()
NEW_KEY = sealed.new_key()


@pytest.fixture(autouse=True)
def _keys_forgotten_afterwards() -> Iterator[None]:
    """The keys are the process's: the next test starts without the ones this one set."""
    yield
    sealed.configure("")


@pytest.fixture
def settings(base_settings: Settings) -> Settings:
    """The app with a key: new secrets are sealed."""
    return base_settings.model_copy(update={"totp_keys": OLD_KEY})


async def _stored(session: AsyncSession, user_id: str) -> str:
    session.expire_all()
    return str(await session.scalar(select(TwoStep.stored_secret).where(TwoStep.user_id == user_id)))


async def _sealed_authenticator(db: async_sessionmaker[AsyncSession], user_id: str) -> None:
    """An authenticator stored for the user, its secret sealed with OLD_KEY."""
    sealed.configure(OLD_KEY)
    async with db() as work:
        work.add(TwoStep(user_id=user_id, secret=totp.new_secret()))
        await work.commit()


async def _signs_in(client: AsyncClient, secret: str, clock: StoppedClock) -> None:
    answer = await _code_step(client, await _challenge(client), totp.code_at(secret, clock.now()))
    assert answer.status_code == 200, answer.text
    await client.post("/api/auth/logout", headers=bearer(answer.json()["token"]))
    clock.move(30)


async def test_the_database_holds_a_sealed_secret_and_sign_in_works(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    secret, _ = await _with_two_step(client, clock)
    stored = await _stored(session, staff.id)
    assert stored.startswith("fernet:") and secret not in stored
    assert len(stored) <= 255
    await _signs_in(client, secret, clock)


async def test_without_the_key_codes_answer_503_and_the_rest_answers(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    secret, _ = await _with_two_step(client, clock)
    sealed.configure("")  # the server restarted without GAVEL_TOTP_KEYS
    refused = await client.post("/api/auth/login", json={"email": EMAIL, "password": STAFF_PASSWORD})
    assert refused.status_code == 503, refused.text
    assert refused.json()["message"] == sealed.KEY_NEEDED
    sealed.configure(NEW_KEY)  # a wrong key: the same sentence
    wrong = await client.post("/api/auth/login", json={"email": EMAIL, "password": STAFF_PASSWORD})
    assert wrong.status_code == 503 and wrong.json()["message"] == sealed.KEY_NEEDED
    sealed.configure(OLD_KEY)  # the key is back: the code signs in
    await _signs_in(client, secret, clock)
    # Others sign in and work as usual.
    admin = await client.post(
        "/api/auth/login", json={"email": "admin@example.com", "password": "Gavel-Admin-2026!"}
    )
    assert admin.status_code == 200, admin.text
    assert (await client.get("/api/auth/me", headers=bearer(admin.json()["token"]))).status_code == 200


async def test_keys_rotate_and_the_command_seals_every_secret_again(
    client: AsyncClient,
    staff: User,
    clock: StoppedClock,
    session: AsyncSession,
    db: async_sessionmaker[AsyncSession],
) -> None:
    secret, _ = await _with_two_step(client, clock)
    under_old = await _stored(session, staff.id)

    # A new key first, the old one after it: the old seal still opens; new seals use the new key.
    sealed.configure(f"{NEW_KEY}, {OLD_KEY}")
    await _signs_in(client, secret, clock)
    async with db() as work:
        assert await seal_secrets(work) == (1, 0)
        await work.commit()
    under_new = await _stored(session, staff.id)
    assert under_new != under_old and under_new.startswith("fernet:")
    async with db() as work:
        assert await seal_secrets(work) == (0, 1)  # nothing left to seal

    # The old key can go.
    sealed.configure(NEW_KEY)
    await _signs_in(client, secret, clock)


async def test_a_secret_stored_before_the_keys_is_read_and_then_sealed(
    client: AsyncClient,
    staff: User,
    clock: StoppedClock,
    session: AsyncSession,
    db: async_sessionmaker[AsyncSession],
) -> None:
    sealed.configure("")  # two-step sign-in turned on before GAVEL_TOTP_KEYS was set
    secret, _ = await _with_two_step(client, clock)
    assert await _stored(session, staff.id) == secret
    sealed.configure(OLD_KEY)
    await _signs_in(client, secret, clock)  # a plain secret is read as it is
    async with db() as work:
        assert await seal_secrets(work) == (1, 0)
        await work.commit()
    assert (await _stored(session, staff.id)).startswith("fernet:")
    await _signs_in(client, secret, clock)


async def test_the_command_refuses_a_secret_no_key_opens_and_changes_nothing(
    staff: User, session: AsyncSession, db: async_sessionmaker[AsyncSession]
) -> None:
    await _sealed_authenticator(db, staff.id)
    before = await _stored(session, staff.id)
    sealed.configure(NEW_KEY)
    async with db() as work:
        with pytest.raises(Exception, match="GAVEL_TOTP_KEYS"):
            await seal_secrets(work)
        await work.rollback()
    assert await _stored(session, staff.id) == before
    sealed.configure("")
    async with db() as work:
        with pytest.raises(ValueError, match="Set GAVEL_TOTP_KEYS first"):
            await seal_secrets(work)


def test_a_malformed_key_stops_the_start_with_a_sentence(base_settings: Settings) -> None:
    with pytest.raises(ValidationError, match="key 2 of 2 is not a key made by"):
        Settings(**{**base_settings.model_dump(), "totp_keys": f"{OLD_KEY},not-a-key"})


async def test_a_damaged_seal_is_refused_never_read(
    staff: User, session: AsyncSession, db: async_sessionmaker[AsyncSession]
) -> None:
    """'fernet:' and anything but a token the keys made: a 503 with the sentence, never a secret."""
    await _sealed_authenticator(db, staff.id)
    async with db() as work:
        await work.execute(
            update(TwoStep).where(TwoStep.user_id == staff.id).values(stored_secret="fernet:garbage")
        )
        await work.commit()
    row = (await session.scalars(select(TwoStep).where(TwoStep.user_id == staff.id))).one()
    with pytest.raises(Exception, match="GAVEL_TOTP_KEYS"):
        _ = row.secret


def _gavel(data_dir: Path, *args: str, keys: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"GAVEL_DATA_DIR": str(data_dir)} | ({"GAVEL_TOTP_KEYS": keys} if keys is not None else {})
    return run_gavel(*args, env=env)


def test_the_commands_make_a_key_and_seal_with_it(tmp_path: Path) -> None:
    """`new-totp-key` prints a key that `seal-totp-secrets` takes (on a SQLite data dir of its own); without
    keys the command refuses with a sentence and exit code 1."""
    made = _gavel(tmp_path, "new-totp-key")
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip()
    assert sealed.parse_keys(key)
    refused = _gavel(tmp_path, "seal-totp-secrets")
    assert refused.returncode == 1
    assert "Set GAVEL_TOTP_KEYS first" in refused.stderr
    done = _gavel(tmp_path, "seal-totp-secrets", keys=key)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Sealed 0 authenticator secret(s) with the first key; 0 already were."
