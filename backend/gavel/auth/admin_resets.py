"""An administrator's resets of another staff user's sign-in: a temporary password, or two-step sign-in turned
off. Both sign the user out everywhere (auth's sessions), so they live here rather than in users."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.auth import repository
from gavel.auth.events import StaffPasswordReset
from gavel.core import events
from gavel.core.passwords import generate_password, hash_password
from gavel.db import utcnow
from gavel.errors import Conflict
from gavel.users.models import User

OWN_TWO_STEP = "Turn off your own two-step sign-in from your profile, with your password or a code."


async def reset_two_step(session: AsyncSession, user: User, actor: Actor) -> int:
    """Turn off another user's two-step sign-in (a lost phone and lost recovery codes): their authenticator
    and recovery codes are deleted and their sessions end; a role that requires it has them set it up again
    at their next sign-in. Answers how many sessions ended."""
    if user.id == actor.id:
        raise Conflict(OWN_TWO_STEP)
    two_step = await repository.two_step_of(session, user.id, for_update=True)
    if two_step is None or two_step.enabled_at is None:
        raise Conflict(f"Two-step sign-in is not on for {user.full_name}.")
    await repository.delete_recovery_codes(session, user.id)
    await session.delete(two_step)
    ended = await repository.end_sessions(session, user.id, utcnow(), "two_step_reset_by_admin")
    await record_change(
        session,
        actor,
        "user.two_step_reset_by_admin",
        "user",
        user.id,
        old={"twoStep": True},
        new={"twoStep": False, "sessionsEnded": ended},
    )
    return ended


async def reset_password(session: AsyncSession, user: User, actor: Actor) -> None:
    """A temporary password, mailed to the user; they must choose their own at the next sign-in."""
    temporary = generate_password()
    user.password_hash = hash_password(temporary)
    user.must_change_password = True
    user.password_changed_at = utcnow()
    ended = await repository.end_sessions(session, user.id, utcnow(), "password_reset_by_admin")
    await record_change(
        session, actor, "user.password_reset_by_admin", "user", user.id, new={"sessionsEnded": ended}
    )
    await events.publish(session, StaffPasswordReset(user=user, password=temporary, at=utcnow()))
