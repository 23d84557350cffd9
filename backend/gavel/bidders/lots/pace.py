"""How fast a member may bid: `BIDS` bids (maxima set or raised, bids now; refused ones too) in `WINDOW`
seconds, counted per member in the database (staff sign-in's attempt rows, a kind of their own) so that
every app process counts alike. One more is refused with 429, a sentence and Retry-After, never dropped
in silence. Two requests at the same instant may both pass the tenth: a pace, not a lock."""

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auth import repository as attempts
from gavel.errors import Throttled

KIND = "bidder_bid"
BIDS = 10
WINDOW = 10  # seconds
TOO_FAST = "You are bidding too fast: wait {wait} second{s}."


async def count_bid(session: AsyncSession, member_id: str, now: datetime) -> None:
    """Counts one bid of the member; 429 when they have made `BIDS` in the last `WINDOW` seconds."""
    key = f"member:{member_id}"
    made, oldest = await attempts.attempts_since(session, KIND, key, now - timedelta(seconds=WINDOW))
    if made >= BIDS and oldest is not None:
        wait = max(1, int((oldest + timedelta(seconds=WINDOW) - now).total_seconds() + 0.999))
        raise Throttled(TOO_FAST.format(wait=wait, s="" if wait == 1 else "s"), retry_after=wait)
    attempts.add_attempt(session, KIND, key, now)
