"""Two-step sign-in with an authenticator app: set-up, sign-in with a code or a recovery code, replay,
throttling, turning it off, new recovery codes, roles that require it, and the audit trail.

Time moves by moving the app's clock (a stopped one here): codes are computed for the clock's moment."""

import re
from datetime import timedelta
from typing import Any

import pyotp
from httpx import AsyncClient, Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent
from gavel.auth import totp
from gavel.auth.models import UserSession
from gavel.roles.models import Role
from gavel.users.models import RecoveryCode, TwoStep, User
from tests.auth.conftest import EMAIL, T0, StoppedClock
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import STAFF_PASSWORD, admin_headers, bearer

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"


async def _password_step(client: AsyncClient, email: str = EMAIL, password: str = STAFF_PASSWORD) -> Response:
    return await client.post("/api/auth/login", json={"email": email, "password": password})


async def _sign_in(client: AsyncClient, email: str = EMAIL, password: str = STAFF_PASSWORD) -> dict[str, str]:
    """A plain sign-in (no two-step yet): the bearer headers."""
    response = await _password_step(client, email, password)
    assert response.status_code == 200, response.text
    return bearer(response.json()["token"])


async def _turn_on(
    client: AsyncClient, headers: dict[str, str], clock: StoppedClock
) -> tuple[str, list[str]]:
    """Set up the authenticator and confirm it: the secret and the recovery codes."""
    setup = await client.post("/api/auth/two-step/setup", headers=headers)
    assert setup.status_code == 200, setup.text
    secret = setup.json()["secret"]
    enabled = await client.post(
        "/api/auth/two-step/enable", json={"code": totp.code_at(secret, clock.now())}, headers=headers
    )
    assert enabled.status_code == 200, enabled.text
    return secret, enabled.json()["recoveryCodes"]


async def _with_two_step(client: AsyncClient, clock: StoppedClock) -> tuple[str, list[str]]:
    """The staff user with two-step sign-in on, signed out, and the clock one step later."""
    headers = await _sign_in(client)
    secret, codes = await _turn_on(client, headers, clock)
    await client.post("/api/auth/logout", headers=headers)
    clock.move(30)
    return secret, codes


async def _challenge(client: AsyncClient) -> str:
    response = await _password_step(client)
    assert response.status_code == 200, response.text
    return str(response.json()["challenge"])


async def _code_step(
    client: AsyncClient, challenge: str, code: str, headers: dict[str, str] | None = None, **extra: Any
) -> Response:
    body = {"challenge": challenge, "code": code, **extra}
    return await client.post("/api/auth/login/code", json=body, headers=headers)


async def _actions(session: AsyncSession, user_id: str) -> list[str]:
    query = select(AuditEvent.action).where(AuditEvent.entity_id == user_id).order_by(AuditEvent.created_at)
    return list((await session.scalars(query)).all())


# The primitives


def test_codes_are_rfc_6238_codes_with_one_step_of_drift() -> None:
    secret = totp.new_secret()
    assert len(secret) == 32 and re.fullmatch(r"[A-Z2-7]+", secret)
    assert totp.code_at(secret, T0) == pyotp.TOTP(secret).at(T0)
    step = int(T0.timestamp()) // 30
    for seconds, expected in ((-30, step - 1), (0, step), (30, step + 1)):
        assert (
            totp.matching_step(secret, totp.code_at(secret, T0 + timedelta(seconds=seconds)), T0) == expected
        )
    for seconds in (-60, 60):
        assert totp.matching_step(secret, totp.code_at(secret, T0 + timedelta(seconds=seconds)), T0) is None
    code = totp.code_at(secret, T0)
    assert totp.matching_step(secret, f" {code[:3]} {code[3:]} ", T0) == step
    assert totp.matching_step(secret, "12345", T0) is None


async def test_recovery_codes_are_ten_distinct_readable_codes_kept_as_argon2_hashes() -> None:
    codes = totp.new_recovery_codes()
    assert len(codes) == len(set(codes)) == 10
    assert all(re.fullmatch(r"[a-z2-9]{5}-[a-z2-9]{5}", c) for c in codes)
    digest = totp.hash_recovery_code(codes[0])
    assert digest.startswith("$argon2id$")
    assert await totp.recovery_code_matches(digest, codes[0].upper().replace("-", " "))
    assert not await totp.recovery_code_matches(digest, codes[1])


# Setting it up


async def test_set_up_shows_the_secret_once_and_needs_a_current_code(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    headers = await _sign_in(client)
    state = await client.get("/api/auth/two-step", headers=headers)
    assert state.json() == {
        "enabled": False,
        "required": False,
        "setupDue": False,
        "enabledAt": None,
        "recoveryCodesLeft": 0,
    }
    setup = (await client.post("/api/auth/two-step/setup", headers=headers)).json()
    assert setup["issuer"] == "Gavel" and setup["accountName"] == EMAIL
    assert setup["otpauthUri"] == pyotp.TOTP(setup["secret"]).provisioning_uri(
        name=EMAIL, issuer_name="Gavel"
    )
    assert setup["otpauthUri"].startswith("otpauth://totp/Gavel:two.step%40example.com?secret=")

    # Starting again replaces the unconfirmed secret: the first one's codes are refused.
    again = (await client.post("/api/auth/two-step/setup", headers=headers)).json()
    assert again["secret"] != setup["secret"]
    stale = await client.post(
        "/api/auth/two-step/enable",
        json={"code": totp.code_at(setup["secret"], clock.now())},
        headers=headers,
    )
    assert stale.status_code == 422
    assert stale.json() == {
        "message": "The code is incorrect. Please try again.",
        "errors": [{"field": "code", "message": "The code is incorrect. Please try again."}],
    }
    assert (await client.get("/api/auth/two-step", headers=headers)).json()["enabled"] is False

    enabled = await client.post(
        "/api/auth/two-step/enable",
        json={"code": totp.code_at(again["secret"], clock.now())},
        headers=headers,
    )
    assert enabled.status_code == 200
    body = enabled.json()
    assert len(body["recoveryCodes"]) == 10
    assert body["twoStep"]["enabled"] is True and body["twoStep"]["recoveryCodesLeft"] == 10
    assert body["twoStep"]["enabledAt"] is not None

    # Never shown again: not by the state, not by /me, and a new set-up is refused while it is on.
    me = (await client.get("/api/auth/me", headers=headers)).json()
    assert again["secret"] not in str(me) and me["twoStep"]["enabled"] is True
    assert again["secret"] not in (await client.get("/api/auth/two-step", headers=headers)).text
    refused = await client.post("/api/auth/two-step/setup", headers=headers)
    assert refused.status_code == 409
    assert refused.json()["message"].startswith("Two-step sign-in is already on.")
    # The recovery codes are kept as hashes only.
    hashes = (await session.scalars(select(RecoveryCode.code_hash))).all()
    assert len(hashes) == 10 and not set(hashes) & set(body["recoveryCodes"])


async def test_enable_without_a_set_up_or_twice_is_a_conflict(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    headers = await _sign_in(client)
    early = await client.post("/api/auth/two-step/enable", json={"code": "123456"}, headers=headers)
    assert early.status_code == 409
    assert (
        early.json()["message"]
        == "Start the set-up first: scan the QR code, then enter the code your app shows."
    )
    secret, _ = await _turn_on(client, headers, clock)
    twice = await client.post(
        "/api/auth/two-step/enable", json={"code": totp.code_at(secret, clock.now())}, headers=headers
    )
    assert twice.status_code == 409


async def test_two_step_routes_need_a_session(client: AsyncClient) -> None:
    assert (await client.get("/api/auth/two-step")).status_code == 401
    assert (await client.post("/api/auth/two-step/setup")).status_code == 401


# Signing in with a code


async def test_sign_in_asks_for_a_code_and_opens_no_session_before_it(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    secret, _ = await _with_two_step(client, clock)
    first = await _password_step(client)
    assert first.status_code == 200
    body = first.json()
    assert body["codeNeeded"] is True and "token" not in body
    assert body["expiresInSeconds"] == 300
    assert body["message"] == "Enter the 6-digit code from your authenticator app."
    live = select(func.count()).where(UserSession.user_id == staff.id, UserSession.ended_at.is_(None))
    assert await session.scalar(live) == 0

    signed_in = await _code_step(client, body["challenge"], totp.code_at(secret, clock.now()))
    assert signed_in.status_code == 200, signed_in.text
    result = signed_in.json()
    assert result["user"]["email"] == EMAIL and result["twoStep"]["enabled"] is True
    me = await client.get("/api/auth/me", headers=bearer(result["token"]))
    assert me.status_code == 200


async def test_a_code_of_the_step_before_or_after_is_accepted_but_not_two_steps_away(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    secret, _ = await _with_two_step(client, clock)
    challenge = await _challenge(client)
    for seconds in (-60, 60):
        far = await _code_step(
            client, challenge, totp.code_at(secret, clock.now() + timedelta(seconds=seconds))
        )
        assert far.status_code == 401
        assert far.json()["message"] == "The code is incorrect. Please try again."
    ahead = await _code_step(client, challenge, totp.code_at(secret, clock.now() + timedelta(seconds=30)))
    assert ahead.status_code == 200


async def test_a_code_is_not_accepted_twice(client: AsyncClient, staff: User, clock: StoppedClock) -> None:
    secret, _ = await _with_two_step(client, clock)
    code = totp.code_at(secret, clock.now())
    first = await _code_step(client, await _challenge(client), code)
    assert first.status_code == 200
    await client.post("/api/auth/logout", headers=bearer(first.json()["token"]))

    clock.move(10)  # still within the code's window
    replay = await _code_step(client, await _challenge(client), code)
    assert replay.status_code == 401
    assert replay.json()["message"] == "This code has already been used. Please wait for the next one."
    # nor an older one still within the window
    older = await _code_step(
        client, await _challenge(client), totp.code_at(secret, clock.now() - timedelta(seconds=30))
    )
    assert older.status_code == 401

    clock.move(30)
    fresh = await _code_step(client, await _challenge(client), totp.code_at(secret, clock.now()))
    assert fresh.status_code == 200


async def test_the_confirming_code_of_the_set_up_cannot_sign_in(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    headers = await _sign_in(client)
    secret, _ = await _turn_on(client, headers, clock)
    await client.post("/api/auth/logout", headers=headers)
    replay = await _code_step(client, await _challenge(client), totp.code_at(secret, clock.now()))
    assert replay.status_code == 401


async def test_a_challenge_expires_after_five_minutes_and_cannot_be_forged(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    secret, _ = await _with_two_step(client, clock)
    challenge = await _challenge(client)
    expired = "Your sign-in has expired. Please enter your email and password again."
    user_id, issued, signature = challenge.split(".")
    for forged in (
        f"{user_id}.{int(issued) + 600}.{signature}",
        f"{user_id}.{issued}.{'0' * 64}",
        "not-a-challenge",
        f"{'a' * 32}.{issued}.{signature}",
    ):
        response = await _code_step(client, forged, totp.code_at(secret, clock.now()))
        assert (response.status_code, response.json()["message"]) == (401, expired)
    clock.move(301)
    late = await _code_step(client, challenge, totp.code_at(secret, clock.now()))
    assert (late.status_code, late.json()["message"]) == (401, expired)


async def test_a_new_password_voids_the_challenges_given_before(
    client: AsyncClient, staff: User, clock: StoppedClock, db: async_sessionmaker[AsyncSession]
) -> None:
    secret, _ = await _with_two_step(client, clock)
    challenge = await _challenge(client)
    async with db() as s:
        user = await s.get(User, staff.id)
        assert user is not None
        user.password_hash = "$argon2id$v=19$m=1024,t=1,p=1$changed"
        await s.commit()
    response = await _code_step(client, challenge, totp.code_at(secret, clock.now()))
    assert response.status_code == 401


async def test_sign_in_without_two_step_keeps_its_shape(client: AsyncClient, clock: StoppedClock) -> None:
    response = await client.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"token", "user", "twoStep"}
    assert body["twoStep"] == {
        "enabled": False,
        "required": False,
        "setupDue": False,
        "enabledAt": None,
        "recoveryCodesLeft": 0,
    }


# Recovery codes


async def test_a_recovery_code_signs_in_once(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    _, codes = await _with_two_step(client, clock)
    first = await _code_step(client, await _challenge(client), codes[3].upper())
    assert first.status_code == 200, first.text
    assert first.json()["twoStep"]["recoveryCodesLeft"] == 9
    await client.post("/api/auth/logout", headers=bearer(first.json()["token"]))

    again = await _code_step(client, await _challenge(client), codes[3])
    assert again.status_code == 401
    assert again.json()["message"] == "The code is incorrect. Please try again."
    other = await _code_step(client, await _challenge(client), codes[4].replace("-", ""))
    assert other.status_code == 200

    used = select(AuditEvent).where(AuditEvent.action == "auth.two_step_recovery_code_used")
    events = (await session.scalars(used.order_by(AuditEvent.created_at))).all()
    assert [e.new_values for e in events] == [{"recoveryCodesLeft": 9}, {"recoveryCodesLeft": 8}]
    assert events[0].actor_id == staff.id and events[0].ip_address == "127.0.0.1"
    logins = select(AuditEvent.new_values).where(
        AuditEvent.action == "auth.login", AuditEvent.actor_id == staff.id
    )
    assert {"twoStep": "recoveryCode"}.items() <= (await session.scalars(logins)).all()[-1].items()


async def test_new_recovery_codes_replace_the_old_ones(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    headers = await _sign_in(client)
    _, old = await _turn_on(client, headers, clock)
    missing = await client.post("/api/auth/two-step/recovery-codes", json={}, headers=headers)
    assert missing.status_code == 422
    assert missing.json()["message"] == "Enter your password or a current code from your authenticator app."
    wrong = await client.post(
        "/api/auth/two-step/recovery-codes", json={"password": "not-mine-at-all"}, headers=headers
    )
    assert wrong.status_code == 422
    assert wrong.json()["errors"] == [{"field": "password", "message": "The password is not correct."}]

    fresh = await client.post(
        "/api/auth/two-step/recovery-codes", json={"password": STAFF_PASSWORD}, headers=headers
    )
    assert fresh.status_code == 200
    new = fresh.json()["recoveryCodes"]
    assert len(new) == 10 and not set(new) & set(old)
    await client.post("/api/auth/logout", headers=headers)

    refused = await _code_step(client, await _challenge(client), old[0])
    assert refused.status_code == 401
    accepted = await _code_step(client, await _challenge(client), new[0])
    assert accepted.status_code == 200


# Throttling


async def test_wrong_codes_are_throttled_like_wrong_passwords(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    secret, _ = await _with_two_step(client, clock)
    challenge = await _challenge(client)
    right = totp.code_at(secret, clock.now())
    wrong = f"{(int(right) + 1) % 1_000_000:06d}"
    for _ in range(5):
        assert (await _code_step(client, challenge, wrong)).status_code == 401
    # even the right code waits now, and so does the password step
    throttled = await _code_step(client, challenge, right)
    assert throttled.status_code == 429
    assert re.fullmatch(
        r"Too many wrong codes\. Please try again in \d+ minutes?\.", throttled.json()["message"]
    )
    assert 0 < throttled.json()["retryAfter"] <= 900
    assert (await _password_step(client)).status_code == 429
    failed = select(func.count()).where(
        AuditEvent.action == "auth.two_step_failed", AuditEvent.actor_id == staff.id
    )
    assert await session.scalar(failed) == 5


async def test_wrong_recovery_codes_and_replays_count_too(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    secret, _ = await _with_two_step(client, clock)
    code = totp.code_at(secret, clock.now())
    ok = await _code_step(client, await _challenge(client), code)
    await client.post("/api/auth/logout", headers=bearer(ok.json()["token"]))
    challenge = await _challenge(client)
    for attempt in ("abcde-fghjk", code, "zzzzz-zzzzz", code, "nope"):
        assert (await _code_step(client, challenge, attempt)).status_code == 401
    clock.move(30)
    assert (await _code_step(client, challenge, totp.code_at(secret, clock.now()))).status_code == 429


async def test_a_right_code_forgives_earlier_wrong_ones(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    secret, _ = await _with_two_step(client, clock)
    challenge = await _challenge(client)
    for _ in range(4):
        assert (await _code_step(client, challenge, "000000")).status_code == 401
    ok = await _code_step(client, challenge, totp.code_at(secret, clock.now()))
    assert ok.status_code == 200
    await client.post("/api/auth/logout", headers=bearer(ok.json()["token"]))
    for _ in range(4):
        assert (await _code_step(client, challenge, "000000")).status_code == 401


async def test_wrong_proofs_for_turning_it_off_are_throttled(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    headers = await _sign_in(client)
    await _turn_on(client, headers, clock)
    for _ in range(5):
        wrong = await client.post("/api/auth/two-step/disable", json={"code": "000000"}, headers=headers)
        assert wrong.status_code == 422
    throttled = await client.post(
        "/api/auth/two-step/disable", json={"password": STAFF_PASSWORD}, headers=headers
    )
    assert throttled.status_code == 429


# Sessions elsewhere


async def test_signed_in_elsewhere_answers_409_after_the_code_and_the_code_can_end_it(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    secret, _ = await _with_two_step(client, clock)
    first = await _code_step(
        client, await _challenge(client), totp.code_at(secret, clock.now()), headers={"user-agent": FIREFOX}
    )
    assert first.status_code == 200
    clock.move(30)

    # The password alone reveals nothing about the other session: the code comes first.
    challenge = await _challenge(client)
    code = totp.code_at(secret, clock.now())
    conflict = await _code_step(client, challenge, code)
    assert conflict.status_code == 409
    assert conflict.json()["data"]["ipAddress"] == "127.0.0.1"
    # The code was not taken by the 409: it ends the other session.
    replaced = await _code_step(client, challenge, code, endOtherSession=True)
    assert replaced.status_code == 200, replaced.text
    assert (await client.get("/api/auth/me", headers=bearer(first.json()["token"]))).status_code == 401
    assert (await client.get("/api/auth/me", headers=bearer(replaced.json()["token"]))).status_code == 200


async def test_logout_session_cannot_skip_the_code(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    await _with_two_step(client, clock)
    response = await client.post(
        "/api/auth/logout-session", json={"email": EMAIL, "password": STAFF_PASSWORD}
    )
    assert response.status_code == 200
    assert response.json()["codeNeeded"] is True and "token" not in response.json()


async def test_a_suspended_user_cannot_finish_signing_in(
    client: AsyncClient, staff: User, clock: StoppedClock, db: async_sessionmaker[AsyncSession]
) -> None:
    secret, _ = await _with_two_step(client, clock)
    challenge = await _challenge(client)
    async with db() as s:
        user = await s.get(User, staff.id)
        assert user is not None
        user.user_account_status = "Suspended"
        await s.commit()
    response = await _code_step(client, challenge, totp.code_at(secret, clock.now()))
    assert response.status_code == 401
    assert response.json()["message"] == "Your account is suspended. Please contact your administrator."


# Turning it off


async def test_turning_it_off_needs_the_password_or_a_code(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    headers = await _sign_in(client)
    secret, _ = await _turn_on(client, headers, clock)
    missing = await client.post(
        "/api/auth/two-step/disable", json={"password": "", "code": " "}, headers=headers
    )
    assert missing.status_code == 422
    wrong = await client.post("/api/auth/two-step/disable", json={"code": "000000"}, headers=headers)
    assert wrong.json()["errors"] == [
        {"field": "code", "message": "The code is incorrect. Please try again."}
    ]
    # the code that confirmed the set-up was taken already
    replay = await client.post(
        "/api/auth/two-step/disable", json={"code": totp.code_at(secret, clock.now())}, headers=headers
    )
    assert replay.status_code == 422
    assert replay.json()["message"] == "This code has already been used. Please wait for the next one."

    clock.move(30)
    off = await client.post(
        "/api/auth/two-step/disable", json={"code": totp.code_at(secret, clock.now())}, headers=headers
    )
    assert off.status_code == 200
    assert off.json()["enabled"] is False
    assert await session.scalar(select(func.count()).select_from(TwoStep)) == 0
    assert await session.scalar(select(func.count()).select_from(RecoveryCode)) == 0
    again = await client.post(
        "/api/auth/two-step/disable", json={"password": STAFF_PASSWORD}, headers=headers
    )
    assert again.status_code == 409
    assert again.json()["message"] == "Two-step sign-in is not on."

    await client.post("/api/auth/logout", headers=headers)
    assert "token" in (await _password_step(client)).json()


async def test_turning_it_off_with_the_password(
    client: AsyncClient, staff: User, clock: StoppedClock
) -> None:
    headers = await _sign_in(client)
    await _turn_on(client, headers, clock)
    off = await client.post("/api/auth/two-step/disable", json={"password": STAFF_PASSWORD}, headers=headers)
    assert off.status_code == 200 and off.json()["enabled"] is False


# A role that requires it


async def _require_for_role(client: AsyncClient, role_id: str, required: bool | None) -> dict[str, Any]:
    admin = await admin_headers(client)
    role = next(
        r
        for r in (await client.post("/api/role/get", json={"limit": 100}, headers=admin)).json()["roles"]
        if r["_id"] == role_id
    )
    body: dict[str, Any] = {"name": role["name"], "permissions": role["permissions"]}
    if required is not None:
        body["requireTwoStep"] = required
    response = await client.put(f"/api/role/update/{role_id}", json=body, headers=admin)
    assert response.status_code == 200, response.text
    await client.post("/api/auth/logout", headers=admin)
    return dict(response.json())


async def test_a_role_that_requires_it_sends_its_users_to_set_it_up_first(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    assert staff.role_id is not None
    role = await _require_for_role(client, staff.role_id, True)
    assert role["requireTwoStep"] is True

    signed_in = await _password_step(client)
    assert signed_in.status_code == 200
    assert signed_in.json()["twoStep"] == {
        "enabled": False,
        "required": True,
        "setupDue": True,
        "enabledAt": None,
        "recoveryCodesLeft": 0,
    }
    headers = bearer(signed_in.json()["token"])
    blocked = await client.post("/api/members/get", json={}, headers=headers)
    assert blocked.status_code == 403
    assert blocked.json()["message"] == (
        "Your role requires two-step sign-in. Please turn it on before continuing."
    )
    assert (await client.get("/api/auth/me", headers=headers)).json()["twoStep"]["setupDue"] is True

    await _turn_on(client, headers, clock)
    assert (await client.post("/api/members/get", json={}, headers=headers)).status_code == 200
    me = (await client.get("/api/auth/me", headers=headers)).json()
    assert me["twoStep"]["setupDue"] is False and me["twoStep"]["required"] is True

    # Turning it off is allowed, and sends the user straight back to the set-up.
    await client.post("/api/auth/two-step/disable", json={"password": STAFF_PASSWORD}, headers=headers)
    assert (await client.post("/api/members/get", json={}, headers=headers)).status_code == 403


async def test_a_role_edit_without_the_field_keeps_the_requirement(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    assert staff.role_id is not None
    await _require_for_role(client, staff.role_id, True)
    kept = await _require_for_role(client, staff.role_id, None)
    assert kept["requireTwoStep"] is True
    off = await _require_for_role(client, staff.role_id, False)
    assert off["requireTwoStep"] is False
    role = await session.get(Role, staff.role_id)
    assert role is not None
    changes = select(AuditEvent).where(AuditEvent.action == "role.updated", AuditEvent.entity_id == role.id)
    events = (await session.scalars(changes.order_by(AuditEvent.created_at))).all()
    assert (events[0].old_values or {})["requireTwoStep"] is False
    assert (events[0].new_values or {})["requireTwoStep"] is True


async def test_a_new_role_can_require_it(client: AsyncClient, clock: StoppedClock) -> None:
    admin = await admin_headers(client)
    body = {"name": "Cashiers", "permissions": [], "requireTwoStep": True}
    created = await client.post("/api/role/create", json=body, headers=admin)
    assert created.status_code == 201, created.text
    assert created.json()["requireTwoStep"] is True
    plain = await client.post("/api/role/create", json={"name": "Porters", "permissions": []}, headers=admin)
    assert plain.json()["requireTwoStep"] is False


# The audit trail


async def test_turning_on_off_and_new_codes_are_audited(
    client: AsyncClient, staff: User, clock: StoppedClock, session: AsyncSession
) -> None:
    signed_in = await client.post(
        "/api/auth/login", json={"email": EMAIL, "password": STAFF_PASSWORD}, headers={"user-agent": FIREFOX}
    )
    headers = {**bearer(signed_in.json()["token"]), "user-agent": FIREFOX}
    await _turn_on(client, headers, clock)
    await client.post("/api/auth/two-step/recovery-codes", json={"password": STAFF_PASSWORD}, headers=headers)
    await client.post("/api/auth/two-step/disable", json={"password": STAFF_PASSWORD}, headers=headers)

    actions = await _actions(session, staff.id)
    assert [a for a in actions if a.startswith("auth.two_step")] == [
        "auth.two_step_setup_started",
        "auth.two_step_enabled",
        "auth.two_step_recovery_codes_regenerated",
        "auth.two_step_disabled",
    ]
    enabled = await session.scalar(select(AuditEvent).where(AuditEvent.action == "auth.two_step_enabled"))
    assert enabled is not None
    assert (enabled.actor_id, enabled.actor_email, enabled.ip_address) == (staff.id, EMAIL, "127.0.0.1")
    assert enabled.device is not None and "Firefox" in enabled.device
    assert enabled.old_values == {"twoStep": False}
    assert enabled.new_values == {"twoStep": True, "recoveryCodes": 10}
    disabled = await session.scalar(select(AuditEvent).where(AuditEvent.action == "auth.two_step_disabled"))
    assert disabled is not None and disabled.new_values == {"twoStep": False, "provedWith": "password"}
    # No secret or code in the trail.
    trail = str([(e.old_values, e.new_values) for e in (await session.scalars(select(AuditEvent))).all()])
    assert "secret" not in trail.lower()
