"""How many online bidders watch an event's lanes, for the staff's live page and console.

The members' sockets are the bidders' (gavel.bidders.live, a layer above the lots): the lots cannot ask
them, so the bidders' feed registers its count here as the app starts (`register`), as the staff hub is
found through the outbox's registry. Without one (a command, a test app without the bidders' feed, an app
whose feed stopped) nobody watches online: the counts are 0.
"""

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

# (session, event id) -> {None: members watching the event, lane id: members watching that lane}; a lane
# nobody watches is absent.
OnlineCounter = Callable[[AsyncSession, str], dict[str | None, int]]

_counter: OnlineCounter | None = None


def register(counter: OnlineCounter | None) -> None:
    """The bidders' feed's count (None: no count any more)."""
    global _counter
    _counter = counter


def online_watchers(session: AsyncSession, event_id: str) -> dict[str | None, int]:
    return _counter(session, event_id) if _counter is not None else {}
