"""Issue 26: what the members' scale bench measures, from what the readers saw and the database holds.

`deliveries`: for a lot's events committed while bids flowed (every event after the sequence the lot had
when they started), each socket's receipt minus the event's commit (`pg_xact_commit_timestamp` of its row,
bidders_setup.lot_events); and, as the staff bench measures it, minus the time the POST of the bid it holds
left the bench. An event a socket never received is missing; the readers count events out of order, twice
and after a gap.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from bidders_setup import LotEventRow
from bidders_watch import Seen
from bidding_load import Sent
from bidding_setup import pct, summary


@dataclass
class Delivered:
    from_commit: list[float] = field(default_factory=list)
    from_post: list[float] = field(default_factory=list)
    by_owner: dict[int | None, list[float]] = field(default_factory=lambda: defaultdict(list))
    missing: int = 0
    sockets_missing: int = 0
    disorder: int = 0
    twice: int = 0
    gaps: int = 0
    closed: int = 0
    expected: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    missing_kinds: Counter[tuple[int, str]] = field(default_factory=Counter)  # (sequence, kind): sockets

    @property
    def p99(self) -> float:
        return pct(self.from_commit, 99)

    def row(self) -> dict[str, Any]:
        return {
            "n": len(self.from_commit),
            "p50": pct(self.from_commit, 50),
            "p95": pct(self.from_commit, 95),
            "p99": self.p99,
            "missing": self.missing,
            "disorder": self.disorder,
        }


def deliveries(
    lot_id: str,
    events: list[LotEventRow],
    after: int,
    seen: list[Seen],
    owners: dict[int, int | None],
    bids: list[Sent],
) -> Delivered:
    """Every socket against the lot's events numbered above `after`."""
    wanted = [e for e in events if e.sequence > after]
    commit_of = {e.sequence: e.committed for e in wanted}
    kind_of = {e.sequence: e.kind for e in wanted}
    post_of: dict[int, float] = {}
    by_bid = {(b.member, b.amount): b.sent for b in bids if b.status == 200}
    for event in wanted:
        for member, amount in event.bids:
            if (member, amount) in by_bid:
                post_of[event.sequence] = by_bid[(member, amount)]
    found = Delivered(expected=len(wanted))
    for socket in seen:
        owner = owners.get(socket.local_port)
        seqs, times = socket.seqs.get(lot_id), socket.times.get(lot_id)
        first: dict[int, float] = {}
        if seqs is not None and times is not None:
            for sequence, at in zip(seqs, times, strict=True):
                first.setdefault(sequence, at)
        lacking = 0
        for sequence, committed in commit_of.items():
            at = first.get(sequence)
            if at is None:
                lacking += 1
                found.missing_kinds[(sequence, kind_of[sequence])] += 1
                continue
            ms = (at - committed) * 1000
            found.from_commit.append(ms)
            found.by_owner[owner].append(ms)
            if sequence in post_of:
                found.from_post.append((at - post_of[sequence]) * 1000)
        found.missing += lacking
        found.sockets_missing += lacking > 0
        found.disorder += socket.disorder
        found.twice += socket.twice
        found.gaps += socket.gaps
        found.closed += bool(socket.closes)
        found.errors.update(socket.errors)
    return found


def print_deliveries(found: Delivered, sockets: int, indent: str = "  ") -> None:
    print(
        f"{indent}{found.expected} lot events x {sockets} sockets: {len(found.from_commit)} delivered, "
        f"{found.missing} missing ({found.sockets_missing} sockets lacking some); out of order "
        f"{found.disorder}, twice {found.twice}, after a gap {found.gaps}; sockets the server closed "
        f"{found.closed}"
    )
    if found.missing_kinds:
        last = max(sequence for sequence, _ in found.missing_kinds)
        common = ", ".join(f"#{n} {kind} on {count}" for (n, kind), count in found.missing_kinds.most_common(3))
        print(f"{indent}missing most: {common} (of #{found.expected} events; the last missing #{last})")
    if found.errors:
        print(f"{indent}error messages on the sockets: {dict(found.errors.most_common(3))}")
    print(f"{indent}commit -> socket received: {summary(found.from_commit)}")
    for owner, values in sorted(found.by_owner.items(), key=lambda kv: str(kv[0])):
        print(f"{indent}  sockets on app process {owner}: {summary(values)}")
    print(f"{indent}POST sent -> socket received (the staff bench's measure): {summary(found.from_post)}")


def bid_phases(events: list[LotEventRow], bids: list[Sent]) -> dict[str, list[float]]:
    """For accepted bids: POST sent -> commit, and commit -> answer received (ms)."""
    commit_of: dict[tuple[str, Any], float] = {}
    for event in events:
        for member, amount in event.bids:
            commit_of[(member, amount)] = event.committed
    before, after = [], []
    for bid in bids:
        committed = commit_of.get((bid.member or "", bid.amount)) if bid.status == 200 else None
        if committed is None:
            continue
        before.append((committed - bid.sent) * 1000)
        after.append((bid.answered - committed) * 1000)
    return {"sent -> commit": before, "commit -> answer": after}


def statuses(bids: list[Sent]) -> str:
    counts = Counter(str(b.status) for b in bids)
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))


def print_bids(bids: list[Sent], events: list[LotEventRow], seconds: float, indent: str = "  ") -> None:
    answered = [b.ms for b in bids if b.status == 200]
    print(
        f"{indent}bids: {len(bids)} in {seconds:.0f} s ({len(bids) / max(seconds, 1e-9):.1f}/s sent; "
        f"{statuses(bids)}); answer {summary(answered)}"
    )
    for name, values in bid_phases(events, bids).items():
        print(f"{indent}  {name}: {summary(values)}")
    refused = [b for b in bids if b.status != 200 and b.answer]
    if refused:
        print(f"{indent}  e.g. {refused[0].status}: {str(refused[0].answer)[:200]}")


class Waits:
    """What the app's PostgreSQL connections are doing, sampled every 50 ms (pg_stat_activity): a count per
    state and wait event, and the age of the open transactions: where a bid or a poll waits."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.states: Counter[str] = Counter()
        self.samples = 0
        self.xact_ms: list[float] = []
        self.blocked: Counter[str] = Counter()  # 'waiter's statement <- its blocker's state and statement'

    async def run(self, stop: Any) -> None:
        import asyncio

        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            while not stop.is_set():
                rows = conn.execute(
                    "SELECT state, wait_event_type, wait_event, "
                    "extract(epoch FROM clock_timestamp() - xact_start) * 1000 FROM pg_stat_activity "
                    "WHERE datname = 'gavel' AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                ).fetchall()
                self.samples += 1
                chains = conn.execute(
                    "SELECT left(w.query, 60), b.state, left(b.query, 60) FROM pg_stat_activity w "
                    "JOIN pg_stat_activity b ON b.pid = ANY(pg_blocking_pids(w.pid)) "
                    "WHERE w.datname = 'gavel'"
                ).fetchall()
                for waiter, state, blocker in chains:
                    self.blocked[f"{waiter!r} <- {state}: {blocker!r}"] += 1
                for state, kind, event, age in rows:
                    self.states[f"{state}" + (f" ({kind}: {event})" if kind else "")] += 1
                    if age is not None and state != "idle":
                        self.xact_ms.append(float(age))
                await asyncio.sleep(0.05)

    def line(self) -> str:
        top = ", ".join(f"{k} {v / max(self.samples, 1):.2f}" for k, v in self.states.most_common(6))
        return (
            f"PostgreSQL connections of the app, mean per sample ({self.samples} samples): {top}; "
            f"open transactions' age {summary(self.xact_ms)}"
        ) + "".join(
            f"\n    blocked {n / max(self.samples, 1):.2f}: {chain}"
            for chain, n in self.blocked.most_common(4)
        )
