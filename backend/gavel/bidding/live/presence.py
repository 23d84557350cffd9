"""Who watches an event live, across every app process: `watchers(session, event_id)`.

Each process counts its own sockets (the hub). On PostgreSQL each process also tells the others its counts
with NOTIFY on `gavel_presence` (when they change, and every HEARTBEAT seconds), and keeps what it heard from
the others for TTL seconds: a process killed outright drops out of the counts within TTL. No table: nothing
to clean after a crash. On SQLite there is one process: its hubs' own counts.
"""

import json
import time
from collections.abc import Mapping
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidding.live import outbox

HEARTBEAT = 5.0  # seconds between a process's announcements of its counts
TTL = 3 * HEARTBEAT  # how long a count heard from another process holds without being said again

Counts = dict[str | None, int]


class CountingHub(Protocol):
    postgres: bool

    def local_watchers(self, event_id: str) -> Counts: ...

    @property
    def presence(self) -> "Presence": ...


def announcement(process_id: str, event_id: str, counts: Mapping[str | None, int]) -> str:
    """The NOTIFY payload of a process's counts on one event ("" stands for the whole event)."""
    said = {("" if lane is None else lane): n for lane, n in counts.items()}
    return json.dumps({"p": process_id, "e": event_id, "c": said}, separators=(",", ":"))


class Presence:
    """The counts the other processes announced, each until TTL after it was said."""

    def __init__(self, process_id: str, clock: Any = time.monotonic) -> None:
        self.process_id = process_id
        self._clock = clock
        self._heard: dict[tuple[str, str], tuple[Counts, float]] = {}  # (process, event) -> counts, until

    def heard(self, payload: str) -> None:
        try:
            said = json.loads(payload)
            process, event_id, counts = str(said["p"]), str(said["e"]), dict(said["c"])
            parsed: Counts = {(lane or None): int(n) for lane, n in counts.items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        if process == self.process_id:
            return
        if not any(parsed.values()):
            self._heard.pop((process, event_id), None)
            return
        self._heard[(process, event_id)] = (parsed, self._clock() + TTL)

    def others(self, event_id: str) -> Counts:
        now = self._clock()
        total: Counts = {}
        for (process, event), (counts, until) in list(self._heard.items()):
            if until <= now:
                del self._heard[(process, event)]
                continue
            if event == event_id:
                for lane, n in counts.items():
                    total[lane] = total.get(lane, 0) + n
        return total


def add(into: Counts, counts: Mapping[str | None, int]) -> Counts:
    for lane, n in counts.items():
        into[lane] = into.get(lane, 0) + n
    return into


def counts_of(hubs: list[Any], event_id: str) -> Counts:
    """Every socket on the event: None is the whole event, a lane's id the sockets that said they watch that
    lane. On PostgreSQL one hub's own counts and what it heard from every other (this process's other hubs
    too, which only tests have); on SQLite the sum of the process's hubs."""
    total: Counts = {None: 0}
    postgres = [hub for hub in hubs if hub.postgres]
    if postgres:
        add(total, postgres[0].local_watchers(event_id))
        add(total, postgres[0].presence.others(event_id))
    else:
        for hub in hubs:
            add(total, hub.local_watchers(event_id))
    return {lane: n for lane, n in total.items() if n > 0 or lane is None}


async def watchers(session: AsyncSession, event_id: str) -> dict[str | None, int]:
    """How many staff sockets watch the event live across all app processes: {None: all of them, laneId:
    those that said they watch that lane}. A lane nobody watches is absent (read it as 0)."""
    key = outbox.database_key(session.sync_session.get_bind())
    return counts_of(outbox.hubs_of(key), event_id)
