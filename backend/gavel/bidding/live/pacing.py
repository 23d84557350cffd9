"""A hand-out to thousands of sockets, in slices.

asyncio runs the callbacks that are ready in the order they became ready. Handing one lot event to 1,000
sockets at once readies 1,000 sender tasks (about 25 µs of CPU each): a bid's next statement, answered by
PostgreSQL meanwhile, waited behind all of them, about 30 ms, and a bid sends some 20 statements. Given back
to the loop every SLICE offers, the hand-out lets each answer that arrived in between run after at most one
slice of sends (bench/README.md, 'Members bid online at scale').
"""

import asyncio

SLICE = 64  # offers between two turns given back to the loop

_offers = 0


async def pace() -> None:
    """Counts one offer; every SLICE-th gives the loop back (to the end of its ready queue)."""
    global _offers
    _offers += 1
    if _offers >= SLICE:
        _offers = 0
        await asyncio.sleep(0)
