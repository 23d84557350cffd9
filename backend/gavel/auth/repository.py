"""Every query of the auth module: sessions, reset requests, two-step sign-in and throttling counts."""

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, bindparam, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload

from gavel.auth.models import AuthAttempt, PasswordReset, UserSession
from gavel.roles.models import Role
from gavel.users.models import RecoveryCode, TwoStep, User


async def user_by_email(session: AsyncSession, email: str) -> User | None:
    return await session.scalar(select(User).where(func.lower(User.email) == email.strip().lower()))


async def user_by_id(session: AsyncSession, user_id: str) -> User | None:
    return await session.get(User, user_id)


# Sessions


def _live(now: datetime, idle_seconds: int, max_seconds: int) -> list[ColumnElement[bool]]:
    return [
        UserSession.ended_at.is_(None),
        UserSession.last_active_at > now - timedelta(seconds=idle_seconds),
        UserSession.created_at > now - timedelta(seconds=max_seconds),
    ]


async def live_session_of(
    session: AsyncSession, user_id: str, now: datetime, idle_seconds: int, max_seconds: int
) -> UserSession | None:
    query = (
        select(UserSession)
        .where(UserSession.user_id == user_id, *_live(now, idle_seconds, max_seconds))
        .order_by(UserSession.last_active_at.desc())
        .limit(1)
    )
    return await session.scalar(query)


# Built once: every private request runs it, and building the statement took a tenth of a millisecond.
_SESSION_AND_USER = (
    select(UserSession, User)
    .join(User, User.id == UserSession.user_id)
    .where(UserSession.token_hash == bindparam("token_hash"))
    .options(joinedload(User.role).joinedload(Role.permissions))
)


async def session_and_user_by_token_hash(
    session: AsyncSession, token_hash: str
) -> tuple[UserSession, User] | None:
    """The session and its user (with the role, joined) in one statement: every private request asks this."""
    row = (await session.execute(_SESSION_AND_USER, {"token_hash": token_hash})).unique().first()
    return None if row is None else (row[0], row[1])


async def end_sessions(
    session: AsyncSession, user_id: str, now: datetime, reason: str, *, except_id: str | None = None
) -> int:
    query = (
        update(UserSession)
        .where(UserSession.user_id == user_id, UserSession.ended_at.is_(None))
        .values(ended_at=now, end_reason=reason)
    )
    if except_id is not None:
        query = query.where(UserSession.id != except_id)
    result = await session.execute(query)
    return int(getattr(result, "rowcount", 0) or 0)


# Password resets


async def open_reset(session: AsyncSession, user_id: str, now: datetime) -> PasswordReset | None:
    query = (
        select(PasswordReset)
        .where(
            PasswordReset.user_id == user_id,
            PasswordReset.revoked_at.is_(None),
            PasswordReset.verified_at.is_(None),
            PasswordReset.expires_at > now,
        )
        .order_by(PasswordReset.created_at.desc())
        .limit(1)
    )
    return await session.scalar(query)


async def revoke_open_resets(session: AsyncSession, user_id: str, now: datetime) -> None:
    await session.execute(
        update(PasswordReset)
        .where(
            PasswordReset.user_id == user_id,
            PasswordReset.revoked_at.is_(None),
            PasswordReset.reset_used_at.is_(None),
        )
        .values(revoked_at=now)
    )


async def reset_by_token_hash(session: AsyncSession, token_hash: str) -> PasswordReset | None:
    return await session.scalar(select(PasswordReset).where(PasswordReset.reset_token_hash == token_hash))


# Two-step sign-in


async def two_step_of(session: AsyncSession, user_id: str, *, for_update: bool = False) -> TwoStep | None:
    """The user's authenticator (pending or enabled); `for_update` locks it while a code is taken."""
    query = select(TwoStep).where(TwoStep.user_id == user_id)
    if for_update:
        query = query.with_for_update()
    return await session.scalar(query.execution_options(populate_existing=for_update))


async def every_two_step(session: AsyncSession) -> list[TwoStep]:
    """Every authenticator, locked until commit (for sealing their secrets again)."""
    query = select(TwoStep).order_by(TwoStep.user_id).with_for_update()
    return list((await session.scalars(query.execution_options(populate_existing=True))).all())


async def unused_recovery_codes(session: AsyncSession, user_id: str) -> list[RecoveryCode]:
    query = select(RecoveryCode).where(RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None))
    return list((await session.scalars(query.order_by(RecoveryCode.created_at, RecoveryCode.id))).all())


async def count_unused_recovery_codes(session: AsyncSession, user_id: str) -> int:
    query = select(func.count()).where(RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None))
    return int(await session.scalar(query) or 0)


async def delete_recovery_codes(session: AsyncSession, user_id: str) -> None:
    await session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user_id))


# Throttling


async def attempts_since(
    session: AsyncSession, kind: str, key: str, since: datetime
) -> tuple[int, datetime | None]:
    """How many events of this kind and key happened since a moment, and when the oldest of them did."""
    query = select(func.count(), func.min(AuthAttempt.created_at)).where(
        AuthAttempt.kind == kind, AuthAttempt.key == key, AuthAttempt.created_at > since
    )
    count, oldest = (await session.execute(query)).one()
    return int(count), oldest


async def latest_attempt(session: AsyncSession, kind: str, key: str) -> datetime | None:
    # max() keeps the column's type, so the value comes back as an aware UTC datetime.
    return await session.scalar(
        select(func.max(AuthAttempt.created_at)).where(AuthAttempt.kind == kind, AuthAttempt.key == key)
    )


def add_attempt(session: AsyncSession, kind: str, key: str, now: datetime) -> None:
    session.add(AuthAttempt(kind=kind, key=key, created_at=now))


async def clear_attempts(session: AsyncSession, kind: str, key: str) -> None:
    await session.execute(delete(AuthAttempt).where(AuthAttempt.kind == kind, AuthAttempt.key == key))


async def prune_attempts(session: AsyncSession, before: datetime) -> None:
    await session.execute(delete(AuthAttempt).where(AuthAttempt.created_at < before))
