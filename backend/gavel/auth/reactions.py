"""What auth does when something happens to a staff user (gavel.core.events)."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auth import repository
from gavel.core import events
from gavel.users.events import AccessWithdrawn


async def end_withdrawn_sessions(session: AsyncSession, event: AccessWithdrawn) -> None:
    """A suspended or deactivated user is signed out everywhere at once."""
    await repository.end_sessions(session, event.user.id, event.at, "account_" + event.status.lower())


def connect() -> None:
    events.subscribe(AccessWithdrawn, end_withdrawn_sessions)
