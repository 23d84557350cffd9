"""A lot's moves take turns in this process, waiting without a database connection.

Every move locks the lot's row, so moves on one lot run one after another in the database whatever happens
here. Without turns, each request waiting for that row lock holds a pooled connection while it waits: 20 bids
a second on one lot filled both processes' pools (5 + 10) with waiters, and every other request of the process
(a member's lot page, a socket's catch-up read, the alerts dispatcher) waited up to the pool's 30 s timeout
(bench/README.md, 'Members bid online at scale'). With turns, at most one request per process and lot waits
on the row lock; the others wait here, after the request's earlier statements (its session check) are
committed and its connection is back in the pool.
"""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.business.service import business_service


class _Turn:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0  # requests holding or waiting for the turn: the entry goes when none is left


_turns: dict[str, _Turn] = {}


@asynccontextmanager
async def lot_turn(session: AsyncSession, lot_id: str) -> AsyncIterator[None]:
    """The lot's turn in this process, for the move and its commit (leave the turn before reading the
    answer). What the request's session did before (its access check, the session's last activity) is
    committed first, so that waiting for the turn holds no connection.

    The business's settings, which an 'outbid' or 'won' notice composed under the lot's lock reads, are read
    before it and held for the turn: the session keeps a row in its identity map only while something
    refers to it (expire_on_commit is off), and the notice then finds it there, not by a read under the
    lock."""
    # Read, never made here: on a new database the first notice still makes the settings row, under the lock,
    # and two first moves at once cannot both try to insert it.
    business = await business_service.current(session)
    await session.commit()
    turn = _turns.get(lot_id)
    if turn is None:
        turn = _turns[lot_id] = _Turn()
    turn.users += 1
    try:
        async with turn.lock:
            yield
    finally:
        turn.users -= 1
        if turn.users == 0:
            del _turns[lot_id]
        del business


def queued(lot_id: str) -> int:
    """The requests holding or waiting for the lot's turn in this process."""
    turn = _turns.get(lot_id)
    return turn.users if turn is not None else 0


def lots_queued() -> int:
    """The lots with a request holding or waiting for their turn (tests: none is left behind)."""
    return len(_turns)
