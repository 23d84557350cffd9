"""When a lot's move happens (a bid, an open, a close, a withdrawal, a lane's pause or resume): the app's
clock, read once the move holds the lot's row lock, or a time given (tests, replays and the bench's SQL alone,
which set the order themselves). docs/decisions.md: 'A lot's moves are timed by the engine'."""

from datetime import datetime

from gavel.core.clock import Clock

MoveTime = datetime | Clock


def time_of(when: MoveTime) -> datetime:
    """The time itself, or the clock read now (call it under the lot's lock)."""
    return when if isinstance(when, datetime) else when.now()
