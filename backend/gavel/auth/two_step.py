"""The rules of setting up two-step sign-in from the profile: start, confirm with a code, turn off, new
recovery codes. Signing in with a code is AuthService.login_with_code (service.py)."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import record_change
from gavel.auth import repository, throttle, totp
from gavel.auth.schemas import TwoStepProof, TwoStepSetup, TwoStepState
from gavel.auth.service import (
    TWO_STEP_CODE_REPLAYED,
    CodeReplayed,
    actor_of,
    record_failure,
    totp_step,
)
from gavel.core import passwords, sealing
from gavel.db import utcnow
from gavel.errors import Conflict, Invalid
from gavel.guards import Client
from gavel.users.models import RecoveryCode, TwoStep, User

ALREADY_ON = "Two-step sign-in is already on. Turn it off first to move it to another authenticator app."
NOT_STARTED = "Start the set-up first: scan the QR code, then enter the code your app shows."
NOT_ON = "Two-step sign-in is not on."
PROOF_NEEDED = "Enter your password or a current code from your authenticator app."
PASSWORD_WRONG = "The password is not correct."  # noqa: S105
CODE_WRONG = "The code is incorrect. Please try again."


def role_requires(user: User) -> bool:
    role = user.role
    return bool(role is not None and role.is_active and role.require_two_step)


async def state_of(session: AsyncSession, user: User) -> TwoStepState:
    two_step = await repository.two_step_of(session, user.id)
    enabled = two_step is not None and two_step.enabled_at is not None
    required = role_requires(user)
    return TwoStepState(
        enabled=enabled,
        required=required,
        setup_due=required and not enabled,
        enabled_at=two_step.enabled_at if two_step and enabled else None,
        recovery_codes_left=await repository.count_unused_recovery_codes(session, user.id) if enabled else 0,
    )


async def _new_recovery_codes(session: AsyncSession, user: User, now: datetime) -> list[str]:
    await repository.delete_recovery_codes(session, user.id)
    codes = totp.new_recovery_codes()
    session.add_all(
        RecoveryCode(user_id=user.id, code_hash=totp.hash_recovery_code(code), created_at=now)
        for code in codes
    )
    await session.flush()
    return codes


async def seal_secrets(session: AsyncSession) -> tuple[int, int]:
    """Every stored authenticator secret sealed with the first of GAVEL_TOTP_KEYS (`python -m gavel
    seal-totp-secrets`): the plain ones and those of an older key. How many were sealed, and how many the
    first key had sealed already. ValueError without keys; 503 (ServiceUnavailable) for a secret no key
    opens."""
    changed = unchanged = 0
    for two_step in await repository.every_two_step(session):
        again = sealing.sealed_again(two_step.stored_secret)
        if again is None:
            unchanged += 1
        else:
            two_step.stored_secret = again
            changed += 1
    return changed, unchanged


class TwoStepService:
    async def start_setup(
        self, session: AsyncSession, user: User, client: Client, now: datetime
    ) -> TwoStepSetup:
        """A new secret for the authenticator app; any earlier unconfirmed one is replaced."""
        two_step = await repository.two_step_of(session, user.id, for_update=True)
        if two_step is not None and two_step.enabled_at is not None:
            raise Conflict(ALREADY_ON)
        secret = totp.new_secret()
        if two_step is None:
            session.add(TwoStep(user_id=user.id, secret=secret, created_at=now))
        else:
            two_step.secret, two_step.created_at, two_step.last_used_step = secret, now, None
        await record_change(session, actor_of(user, client), "auth.two_step_setup_started", "user", user.id)
        return TwoStepSetup(
            secret=secret,
            otpauth_uri=totp.provisioning_uri(secret, user.email),
            issuer=totp.ISSUER,
            account_name=user.email,
        )

    async def enable(
        self, session: AsyncSession, user: User, code: str, client: Client, now: datetime
    ) -> list[str]:
        """Turn it on with a current code of the new secret; answers the recovery codes (shown once)."""
        two_step = await repository.two_step_of(session, user.id, for_update=True)
        if two_step is not None and two_step.enabled_at is not None:
            raise Conflict(ALREADY_ON)
        if two_step is None:
            raise Conflict(NOT_STARTED)
        step = totp.matching_step(two_step.secret, code, now)
        if step is None:
            raise Invalid.field("code", CODE_WRONG)
        two_step.enabled_at = now
        two_step.last_used_step = step
        codes = await _new_recovery_codes(session, user, now)
        await record_change(
            session,
            actor_of(user, client),
            "auth.two_step_enabled",
            "user",
            user.id,
            old={"twoStep": False},
            new={"twoStep": True, "recoveryCodes": len(codes)},
        )
        return codes

    async def _prove(
        self,
        session: AsyncSession,
        user: User,
        two_step: TwoStep,
        proof: TwoStepProof,
        client: Client,
        now: datetime,
    ) -> None:
        """The password or a current authenticator code; wrong ones count as failed codes (throttled)."""
        if not proof.password and not (proof.code and proof.code.strip()):
            raise Invalid(PROOF_NEEDED)
        await throttle.check(session, throttle.TWO_STEP, user.email, client.ip, utcnow())
        if proof.password:
            if await passwords.password_matches(user.password_hash, proof.password):
                return
            await record_failure(session, throttle.TWO_STEP, user.email, client, user, "auth.two_step_failed")
            raise Invalid.field("password", PASSWORD_WRONG)
        try:
            step = totp_step(two_step, proof.code or "", now)
        except CodeReplayed:
            await record_failure(session, throttle.TWO_STEP, user.email, client, user, "auth.two_step_failed")
            raise Invalid.field("code", TWO_STEP_CODE_REPLAYED) from None
        if step is None:
            await record_failure(session, throttle.TWO_STEP, user.email, client, user, "auth.two_step_failed")
            raise Invalid.field("code", CODE_WRONG)
        two_step.last_used_step = step

    async def _enabled(self, session: AsyncSession, user: User) -> TwoStep:
        two_step = await repository.two_step_of(session, user.id, for_update=True)
        if two_step is None or two_step.enabled_at is None:
            raise Conflict(NOT_ON)
        return two_step

    async def disable(
        self, session: AsyncSession, user: User, proof: TwoStepProof, client: Client, now: datetime
    ) -> None:
        """Turn it off (password or code); a role that requires it sends the user to set it up again."""
        two_step = await self._enabled(session, user)
        await self._prove(session, user, two_step, proof, client, now)
        await repository.delete_recovery_codes(session, user.id)
        await session.delete(two_step)
        await record_change(
            session,
            actor_of(user, client),
            "auth.two_step_disabled",
            "user",
            user.id,
            old={"twoStep": True},
            new={"twoStep": False, "provedWith": "password" if proof.password else "code"},
        )

    async def regenerate_recovery_codes(
        self, session: AsyncSession, user: User, proof: TwoStepProof, client: Client, now: datetime
    ) -> list[str]:
        """Ten new recovery codes; the old ones stop working."""
        two_step = await self._enabled(session, user)
        await self._prove(session, user, two_step, proof, client, now)
        codes = await _new_recovery_codes(session, user, now)
        await record_change(
            session,
            actor_of(user, client),
            "auth.two_step_recovery_codes_regenerated",
            "user",
            user.id,
            new={"recoveryCodes": len(codes)},
        )
        return codes


two_step_service = TwoStepService()
