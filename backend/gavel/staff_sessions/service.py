"""The rules of the staff session console: which sessions are live, and ending someone else's at once."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.config import Settings
from gavel.errors import Conflict, NotFound
from gavel.staff_sessions import repository
from gavel.staff_sessions.repository import HeldSession

END_REASON = "ended_by_admin"
OWN_SESSION = "This is your own session, so it cannot be ended here. Use Logout in the user menu to sign out."
NOT_FOUND = "This session was not found. Refresh the list to see the sessions that are live now."

# How a session ended, in the words of the 409 that refuses to end it again (UserSession.end_reason).
ENDED_WORDS = {
    "logout": "they signed out",
    "replaced": "they signed in on another device",
    "expired": "it expired",
    "password_changed": "their password was changed",
    "password_reset": "their password was reset",
    "password_reset_by_admin": "an administrator reset their password",
    "two_step_reset_by_admin": "an administrator turned off their two-step sign-in",
    "account_suspended": "their account was suspended",
    "account_inactive": "their account was set inactive",
    END_REASON: "an administrator ended it",
}


def _ended_message(held: HeldSession) -> str:
    why = ENDED_WORDS.get(held.session.end_reason or "", "it was closed")
    return f"{held.full_name}'s session has already ended ({why}). Refresh the list to see the live sessions."


def _expired_message(held: HeldSession, now: datetime, settings: Settings) -> str:
    idle_minutes = settings.session_idle_seconds // 60
    hours = settings.session_max_seconds // 3600
    if (now - held.session.created_at).total_seconds() >= settings.session_max_seconds:
        why = f"{hours} hours after signing in"
    else:
        why = f"after {idle_minutes} minutes without activity"
    return f"{held.full_name}'s session has already expired {why}. They must sign in again anyway."


class StaffSessionService:
    async def end(
        self,
        session: AsyncSession,
        session_id: str,
        *,
        current_session_id: str,
        actor: Actor,
        now: datetime,
        settings: Settings,
    ) -> HeldSession:
        """End another staff user's live session: their next request answers 401. Never the caller's own."""
        if session_id == current_session_id:
            raise Conflict(OWN_SESSION)
        conditions = repository.live(now, settings.session_idle_seconds, settings.session_max_seconds)
        ended = await repository.end_if_live(session, session_id, conditions, now, END_REASON)
        held = await repository.held_session(session, session_id)
        if held is None:
            raise NotFound(NOT_FOUND)
        user_session = held.session
        if not ended:
            if user_session.ended_at is not None:
                raise Conflict(_ended_message(held))
            raise Conflict(_expired_message(held, now, settings))
        await record_change(
            session,
            actor,
            "auth.session_ended",
            "user",
            user_session.user_id,
            old={"sessionId": user_session.id, "endedAt": None},
            new={
                "sessionId": user_session.id,
                "endedAt": now,
                "endReason": END_REASON,
                "device": user_session.device_name,
                "os": user_session.operating_system,
                "browser": user_session.browser_name,
                "ipAddress": user_session.ip_address,
            },
        )
        return held


staff_session_service = StaffSessionService()
