"""The rules of signing in and out, sessions, and password reset by emailed code."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.device import device_summary
from gavel.audit.repository import Actor, record, record_change
from gavel.auth import repository, security, throttle, totp
from gavel.auth.events import ResetCodeIssued
from gavel.auth.models import PasswordReset, UserSession
from gavel.auth.schemas import PasswordChange
from gavel.config import Settings
from gavel.core import events, passwords
from gavel.core.clock import DUBAI
from gavel.core.device import describe
from gavel.db import utcnow
from gavel.errors import BadRequest, Conflict, Invalid, Throttled, Unauthorized
from gavel.guards import Client
from gavel.i18n.language import Language
from gavel.users import repository as users
from gavel.users.models import RecoveryCode, TwoStep, User
from gavel.users.passwords import password_problem

INVALID_CREDENTIALS = "Invalid email or password"
SESSION_ENDED = "Your session has ended. Please sign in again."
SESSION_EXPIRED = "Your session has expired. Please sign in again."
# A session ended from the staff sessions console (gavel.staff_sessions' END_REASON): the 401 also says
# when, for the sign-in page.
ENDED_BY_ADMIN = "ended_by_admin"
ENDED_BY_ADMIN_CODE = "session_ended_by_admin"
TOKEN_MISSING = "Authentication token is missing. Please try again."  # noqa: S105
RESET_SENT = "If an account exists for this email, we have sent a 6-digit code to it."
CODE_INVALID = "The code is incorrect or has expired."
CODE_BURNT = "Too many wrong codes for this request. Please request a new code."
RESET_TOKEN_INVALID = "This password reset has expired or was already used. Please request a new code."  # noqa: S105
PASSWORD_RESET_DONE = "Your password has been reset. Please sign in."  # noqa: S105
CODE_NEEDED = "Enter the 6-digit code from your authenticator app."
CHALLENGE_INVALID = "Your sign-in has expired. Please enter your email and password again."
TWO_STEP_CODE_WRONG = "The code is incorrect. Please try again."
TWO_STEP_CODE_REPLAYED = "This code has already been used. Please wait for the next one."


@dataclass(frozen=True)
class SignedIn:
    token: str
    user: User
    session: UserSession


@dataclass(frozen=True)
class CodeNeeded:
    """The password was right; the user signs in with an authenticator code too."""

    challenge: str
    expires_in_seconds: int


@dataclass(frozen=True)
class CodeMatch:
    """Which code was given: a time step of the authenticator or one of the recovery codes."""

    step: int | None = None
    recovery: RecoveryCode | None = None


def actor_of(user: User, client: Client) -> Actor:
    return Actor(id=user.id, email=user.email, ip=client.ip, device=device_summary(client.user_agent))


async def record_failure(
    session: AsyncSession,
    limit: throttle.Limit,
    account: str,
    client: Client,
    user: User | None,
    action: str,
) -> None:
    """Count a failure for throttling and audit it.

    The failing request rolls back; the count and the audit event must survive it, so they are committed now.
    """
    throttle.count(session, limit, account, client.ip, utcnow())
    await record(
        session,
        action=action,
        entity="user",
        entity_id=user.id if user else None,
        actor_id=user.id if user else None,
        actor_email=account.strip().lower()[:254],
        ip=client.ip,
    )
    await session.commit()


class CodeReplayed(Exception):
    """The authenticator code of a time step already taken (or of an earlier one)."""


def totp_step(two_step: TwoStep, code: str, moment: datetime) -> int | None:
    """The authenticator code's time step, None when it is wrong; CodeReplayed when it was already taken."""
    step = totp.matching_step(two_step.secret, code, moment)
    if step is not None and two_step.last_used_step is not None and step <= two_step.last_used_step:
        raise CodeReplayed
    return step


async def match_code(
    session: AsyncSession, user: User, two_step: TwoStep, code: str, moment: datetime
) -> CodeMatch | None:
    """An authenticator code (six digits) or an unused recovery code of the user; None when it is neither."""
    if totp.looks_like_totp(code):
        step = totp_step(two_step, code, moment)
        return CodeMatch(step=step) if step is not None else None
    for recovery in await repository.unused_recovery_codes(session, user.id):
        if await totp.recovery_code_matches(recovery.code_hash, code):
            return CodeMatch(recovery=recovery)
    return None


async def _audit(
    session: AsyncSession, user: User, action: str, ip: str, new: dict[str, Any] | None = None
) -> None:
    """An audit event of something the user did to their own account."""
    await record(
        session,
        action=action,
        entity="user",
        entity_id=user.id,
        actor_id=user.id,
        actor_email=user.email,
        new=new,
        ip=ip,
    )


async def _set_password(
    session: AsyncSession, user: User, password: str, confirm: str, reason: str, keep: str | None = None
) -> int:
    """Check and set a new password, then end the user's sessions (all but `keep`); answers how many ended."""
    if problem := password_problem(password):
        raise Invalid.field("password", problem)
    if password != confirm:
        raise Invalid.field("confirmPassword", "The passwords do not match.")
    now = utcnow()
    user.password_hash = passwords.hash_password(password)
    user.password_changed_at = now
    user.must_change_password = False
    return await repository.end_sessions(session, user.id, now, reason, except_id=keep)


class AuthService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    # Sign in and out

    async def _check_credentials(
        self, session: AsyncSession, email: str, password: str, client: Client, now: datetime
    ) -> User:
        await throttle.check(session, throttle.LOGIN, email, client.ip, now)
        user = await repository.user_by_email(session, email)
        matches = await passwords.password_matches(user.password_hash if user else None, password)
        if user is None or not matches:
            await self._record_failure(session, throttle.LOGIN, email, client, user, "auth.login_failed")
            raise Unauthorized(INVALID_CREDENTIALS)
        if not user.can_sign_in:
            await self._record_failure(session, throttle.LOGIN, email, client, user, "auth.login_refused")
            raise Unauthorized(self._inactive_message(user))
        await throttle.forgive_account(session, throttle.LOGIN, email)
        return user

    @staticmethod
    def _inactive_message(user: User) -> str:
        if user.user_account_status == "Suspended":
            return "Your account is suspended. Please contact your administrator."
        return "Your account is inactive. Please contact your administrator."

    async def _record_failure(
        self,
        session: AsyncSession,
        limit: throttle.Limit,
        account: str,
        client: Client,
        user: User | None,
        action: str,
    ) -> None:
        await record_failure(session, limit, account, client, user, action)

    async def login(
        self, session: AsyncSession, email: str, password: str, client: Client, moment: datetime | None = None
    ) -> SignedIn | CodeNeeded:
        """Sign in with the password; a user with two-step sign-in gets a challenge for the code instead."""
        now = utcnow()
        user = await self._check_credentials(session, email, password, client, now)
        if (needed := await self._code_needed(session, user, client, moment or now)) is not None:
            return needed
        await self._refuse_when_signed_in_elsewhere(session, user, now)
        return await self._open_session(session, user, client, now, "auth.login")

    async def _refuse_when_signed_in_elsewhere(
        self, session: AsyncSession, user: User, now: datetime
    ) -> None:
        other = await repository.live_session_of(
            session, user.id, now, self.settings.session_idle_seconds, self.settings.session_max_seconds
        )
        if other is not None:
            raise Conflict(
                "You are already signed in on another device. End that session to continue here.",
                extra={
                    "status": 409,
                    "data": {
                        "deviceName": other.device_name,
                        "operatingSystem": other.operating_system,
                        "browserName": other.browser_name,
                        "ipAddress": other.ip_address,
                        "lastActiveAt": other.last_active_at.isoformat(),
                    },
                },
            )

    async def logout_other_session(
        self, session: AsyncSession, email: str, password: str, client: Client, moment: datetime | None = None
    ) -> SignedIn | CodeNeeded:
        now = utcnow()
        user = await self._check_credentials(session, email, password, client, now)
        if (needed := await self._code_needed(session, user, client, moment or now)) is not None:
            return needed
        return await self._replace_sessions(session, user, client, now)

    async def _replace_sessions(
        self,
        session: AsyncSession,
        user: User,
        client: Client,
        now: datetime,
        extra: dict[str, Any] | None = None,
    ) -> SignedIn:
        ended = await repository.end_sessions(session, user.id, now, "replaced")
        signed_in = await self._open_session(
            session, user, client, now, "auth.login_replacing_session", extra=extra
        )
        if ended:
            await _audit(
                session, user, "auth.session_ended", client.ip, new={"reason": "replaced", "sessions": ended}
            )
        return signed_in

    # Two-step sign-in: the code after the password

    async def _code_needed(
        self, session: AsyncSession, user: User, client: Client, moment: datetime
    ) -> CodeNeeded | None:
        two_step = await repository.two_step_of(session, user.id)
        if two_step is None or two_step.enabled_at is None:
            return None
        await throttle.check(session, throttle.TWO_STEP, user.email, client.ip, utcnow())
        challenge = totp.new_challenge(two_step.secret, user.id, user.password_hash, moment)
        return CodeNeeded(challenge=challenge, expires_in_seconds=totp.CHALLENGE_SECONDS)

    async def login_with_code(
        self,
        session: AsyncSession,
        challenge: str,
        code: str,
        client: Client,
        moment: datetime,
        *,
        end_other_session: bool = False,
    ) -> SignedIn:
        """The second step: the challenge of the password step and a code (authenticator or recovery)."""
        now = utcnow()
        user_id = totp.challenge_user_id(challenge)
        user = await repository.user_by_id(session, user_id) if user_id else None
        two_step = await repository.two_step_of(session, user.id, for_update=True) if user else None
        if (
            user is None
            or two_step is None
            or two_step.enabled_at is None
            or not totp.challenge_valid(challenge, two_step.secret, user.id, user.password_hash, moment)
        ):
            raise Unauthorized(CHALLENGE_INVALID)
        await throttle.check(session, throttle.TWO_STEP, user.email, client.ip, now)
        if not user.can_sign_in:
            raise Unauthorized(self._inactive_message(user))
        try:
            match = await match_code(session, user, two_step, code, moment)
        except CodeReplayed:
            await record_failure(session, throttle.TWO_STEP, user.email, client, user, "auth.two_step_failed")
            raise Unauthorized(TWO_STEP_CODE_REPLAYED) from None
        if match is None:
            await record_failure(session, throttle.TWO_STEP, user.email, client, user, "auth.two_step_failed")
            raise Unauthorized(TWO_STEP_CODE_WRONG)
        # Taken now; a 409 below rolls the request back, so the code stays good for ending the other session.
        if match.step is not None:
            two_step.last_used_step = match.step
        elif match.recovery is not None:
            match.recovery.used_at = now
            left = await repository.count_unused_recovery_codes(session, user.id)
            await record_change(
                session,
                actor_of(user, client),
                "auth.two_step_recovery_code_used",
                "user",
                user.id,
                new={"recoveryCodesLeft": left},
            )
        await throttle.forgive_account(session, throttle.TWO_STEP, user.email)
        extra = {"twoStep": "authenticator" if match.step is not None else "recoveryCode"}
        if end_other_session:
            return await self._replace_sessions(session, user, client, now, extra)
        await self._refuse_when_signed_in_elsewhere(session, user, now)
        return await self._open_session(session, user, client, now, "auth.login", extra=extra)

    async def _open_session(
        self,
        session: AsyncSession,
        user: User,
        client: Client,
        now: datetime,
        action: str,
        extra: dict[str, Any] | None = None,
    ) -> SignedIn:
        await repository.end_sessions(session, user.id, now, "expired")  # stale ones, if any
        device = describe(client.user_agent)
        token = security.new_token()
        user_session = UserSession(
            user_id=user.id,
            token_hash=security.token_digest(token),
            device_name=device.device_name,
            operating_system=device.operating_system,
            browser_name=device.browser_name,
            ip_address=client.ip[:45],
            created_at=now,
            last_active_at=now,
        )
        session.add(user_session)
        device_fields = {
            "device": device.device_name,
            "os": device.operating_system,
            "browser": device.browser_name,
            **(extra or {}),
        }
        await _audit(session, user, action, client.ip, new=device_fields)
        await session.flush()
        return SignedIn(token=token, user=user, session=user_session)

    async def logout(self, session: AsyncSession, user_session: UserSession, user: User, ip: str) -> None:
        user_session.ended_at = utcnow()
        user_session.end_reason = "logout"
        await _audit(session, user, "auth.logout", ip)

    async def two_step_enabled(self, session: AsyncSession, user_id: str) -> bool:
        return await users.two_step_enabled(session, user_id)

    async def authenticate(self, session: AsyncSession, token: str | None) -> tuple[UserSession, User]:
        """The live session and user behind a bearer token; every use keeps the session alive."""
        if not token:
            raise Unauthorized("Please sign in to continue.")
        found = await repository.session_and_user_by_token_hash(session, security.token_digest(token))
        if found is None:
            raise Unauthorized(SESSION_ENDED)
        if found[0].ended_at is not None:
            raise _ended(found[0])
        user_session, user = found
        now = utcnow()
        idle = timedelta(seconds=self.settings.session_idle_seconds)
        lifetime = timedelta(seconds=self.settings.session_max_seconds)
        if user_session.last_active_at + idle <= now or user_session.created_at + lifetime <= now:
            raise Unauthorized(SESSION_EXPIRED)
        if not user.can_sign_in:
            raise Unauthorized(SESSION_ENDED)
        # A read needs no write: the last activity is written at most once per touch interval, which the idle
        # limit can lose at most (a minute of 30).
        if now - user_session.last_active_at >= self.touch_interval:
            user_session.last_active_at = now
        return user_session, user

    @property
    def touch_interval(self) -> timedelta:
        return timedelta(seconds=min(60.0, self.settings.session_idle_seconds / 30))

    async def change_password(
        self, session: AsyncSession, user: User, user_session: UserSession, body: PasswordChange, ip: str
    ) -> int:
        """The signed-in user's own change: current password required; their other sessions end."""
        if not await passwords.password_matches(user.password_hash, body.current_password):
            raise Invalid.field("currentPassword", "The current password is not correct.")
        if body.password == body.current_password:
            raise Invalid.field("password", "The new password must be different from the current one.")
        ended = await _set_password(
            session, user, body.password, body.confirm_password, "password_changed", keep=user_session.id
        )
        await _audit(session, user, "auth.password_changed", ip, new={"otherSessionsEnded": ended})
        return ended

    async def set_language(self, session: AsyncSession, user: User, language: Language) -> None:
        """The signed-in user's own language for the web app and the API's messages; not audited (their own
        desk)."""
        user.language = language.value
        await session.flush()

    # Password reset by emailed code

    async def forgot_password(self, session: AsyncSession, email: str, client: Client) -> None:
        now = utcnow()
        await throttle.check(session, throttle.RESET_REQUEST, email, client.ip, now)
        await self._send_code(session, email, client, now)

    async def resend_code(self, session: AsyncSession, email: str, client: Client) -> None:
        now = utcnow()
        cooldown = self.settings.otp_resend_cooldown_seconds
        last = await repository.latest_attempt(session, "code_sent", f"account:{email.strip().lower()}")
        if last is not None and (wait := cooldown - int((now - last).total_seconds())) > 0:
            raise Throttled(f"Please wait {wait} seconds before requesting a new code.", retry_after=wait)
        await throttle.check(session, throttle.RESET_REQUEST, email, client.ip, now)
        await self._send_code(session, email, client, now)

    async def _send_code(self, session: AsyncSession, email: str, client: Client, now: datetime) -> None:
        throttle.count(session, throttle.RESET_REQUEST, email, client.ip, now)
        # Recorded for unknown emails too, so that the cooldown answers the same for every address.
        repository.add_attempt(session, "code_sent", f"account:{email.strip().lower()}", now)
        user = await repository.user_by_email(session, email)
        if user is None or not user.can_sign_in:
            return
        await repository.revoke_open_resets(session, user.id, now)
        reset = PasswordReset(
            user_id=user.id,
            code_hash="",
            created_at=now,
            expires_at=now + timedelta(seconds=self.settings.otp_valid_seconds),
        )
        session.add(reset)
        await session.flush()
        code = security.new_code()
        reset.code_hash = security.code_digest(reset.id, code)
        await _audit(session, user, "auth.password_reset_requested", client.ip)
        minutes = self.settings.otp_valid_seconds // 60
        await events.publish(session, ResetCodeIssued(user=user, code=code, valid_minutes=minutes, at=now))

    async def verify_code(self, session: AsyncSession, email: str, code: str, client: Client) -> str:
        now = utcnow()
        await throttle.check(session, throttle.VERIFY, email, client.ip, now)
        user = await repository.user_by_email(session, email)
        reset = await repository.open_reset(session, user.id, now) if user else None
        if reset is None:
            await self._record_failure(session, throttle.VERIFY, email, client, user, "auth.code_failed")
            raise BadRequest(CODE_INVALID)
        if reset.attempts >= self.settings.otp_max_attempts:
            raise Throttled(CODE_BURNT, retry_after=0)
        if not security.digests_equal(reset.code_hash, security.code_digest(reset.id, code.strip())):
            reset.attempts += 1
            await self._record_failure(session, throttle.VERIFY, email, client, user, "auth.code_failed")
            raise BadRequest(CODE_INVALID)
        token = security.new_token()
        reset.verified_at = now
        reset.reset_token_hash = security.token_digest(token)
        reset.reset_expires_at = now + timedelta(seconds=self.settings.reset_token_valid_seconds)
        await throttle.forgive_account(session, throttle.VERIFY, email)
        return token

    async def reset_password(
        self, session: AsyncSession, token: str | None, password: str, confirm: str, ip: str
    ) -> None:
        if not token:
            raise Unauthorized(TOKEN_MISSING)
        now = utcnow()
        reset = await repository.reset_by_token_hash(session, security.token_digest(token))
        if (
            reset is None
            or reset.reset_used_at is not None
            or reset.revoked_at is not None
            or reset.reset_expires_at is None
            or reset.reset_expires_at <= now
        ):
            raise Unauthorized(RESET_TOKEN_INVALID)
        user = await repository.user_by_id(session, reset.user_id)
        if user is None:
            raise Unauthorized(RESET_TOKEN_INVALID)
        ended = await _set_password(session, user, password, confirm, "password_reset")
        reset.reset_used_at = now
        await throttle.forgive_account(session, throttle.LOGIN, user.email)
        await _audit(session, user, "auth.password_reset", ip, new={"sessionsEnded": ended})


def _ended(user_session: UserSession) -> Unauthorized:
    """The 401 of an ended session; one an administrator ended also carries `code` and `reason`, the sentence
    the sign-in page shows (the time in Dubai)."""
    if user_session.end_reason != ENDED_BY_ADMIN or user_session.ended_at is None:
        return Unauthorized(SESSION_ENDED)
    at = user_session.ended_at.astimezone(DUBAI).strftime("%H:%M")
    reason = f"Your session was ended by an administrator at {at}."
    return Unauthorized(SESSION_ENDED, extra={"code": ENDED_BY_ADMIN_CODE, "reason": reason})
