"""The dispatcher: claims due messages, sends them through the providers, records the answers.

One batch:

1. Claim (a transaction of its own, committed before any provider is called): up to `dispatch_batch`
   messages that are `queued` with `next_attempt_at <= now`, or left `sending` by a dispatcher whose claim
   is older than the lease (`dispatch_lease_seconds`: it crashed or hung), oldest first, `FOR UPDATE SKIP
   LOCKED` on PostgreSQL so that any number of dispatchers share the work (on SQLite every transaction
   takes the write lock at BEGIN, so claims take turns). They become `sending` with `claimed_at`,
   `claimed_by` (this batch's own token) and `attempts + 1`; a timeline entry each. A promotion whose
   member withdrew consent on its channel is cancelled instead, and promotional SMS and WhatsApp wait for
   the end of the quiet hours. A promotional email gets its member's unsubscribe link (unsubscribe/links.py)
   in its text, its HTML and its headers; without GAVEL_PUBLIC_URL it fails instead of leaving without one.
2. Send, `dispatch_concurrency` at a time. A provider that is down, refuses our credentials or answers 429
   is paused: the rest of the batch for it is not tried (no attempt counted) and waits until it may be tried
   again, and later claims skip its channel until then.
3. Record (a second transaction): only for messages still `sending` under this batch's token (a status
   callback or a dispatcher that took over may have moved them). `sent` (or `delivered` for the local outbox)
   with the provider and its message id; or `queued` again after `backoff` (base x 2^(attempt-1) with +-20%
   jitter, capped, never sooner than the provider's Retry-After); or `failed` with the reason when the
   provider refuses the message for good or the attempts run out (`dispatch_max_attempts`).

A message that is never recorded (the process died between sending and recording) stays `sending` until its
claim expires and is then sent again, unless the provider's status callback told us meanwhile that it was
accepted (README 'Alerts: providers and delivery').
"""

import asyncio
import contextlib
import logging
import os
import random
import socket
import time
from dataclasses import replace
from datetime import datetime, timedelta
from uuid import uuid4

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.catalog import MessageStatus
from gavel.alerts.delivery import repository, wake
from gavel.alerts.delivery.attachments import attachment_of
from gavel.alerts.delivery.batch import Batch, Claimed, Outcome, refusal, snapshot
from gavel.alerts.delivery.promotions import hold_back_promotions
from gavel.alerts.delivery.providers import SendFailed
from gavel.alerts.delivery.providers.choice import Providers, build_providers
from gavel.alerts.delivery.recording import answers, backoff
from gavel.alerts.unsubscribe.links import links_of
from gavel.config import Settings, get_settings
from gavel.core.clock import Clock

log = logging.getLogger("gavel.alerts.delivery")

RECORD_RETRIES = (0.5, 2.0, 5.0)  # seconds between tries of recording a batch's answers


def worker_name() -> str:
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid4().hex[:6]}"


class Dispatcher:
    def __init__(
        self,
        maker: async_sessionmaker[AsyncSession],
        clock: Clock,
        settings: Settings,
        providers: Providers | None = None,
        *,
        name: str | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.maker = maker
        self.clock = clock
        self.settings = settings
        self.providers = providers or build_providers(settings)
        self.owns_providers = providers is None
        self.name = name or worker_name()
        self.rng = rng or random.Random()  # noqa: S311 (jitter, not a secret)
        self.paused: dict[str, tuple[datetime, str]] = {}  # provider name: (until, why)
        self._batches = 0

    async def aclose(self) -> None:
        if self.owns_providers:
            await self.providers.aclose()

    # ------------------------------------------------------------------------------------ the loop

    async def run_once(self) -> int:
        """Every message due now, batch after batch; how many were handled. `dispatch_lanes` batches are
        in flight at once, so that one lane's database work overlaps another's sending."""
        lanes = self.settings.dispatch_lanes
        if lanes == 1:
            return await self._lane()
        return sum(await asyncio.gather(*(self._lane() for _ in range(lanes))))

    async def _lane(self) -> int:
        handled = 0
        while True:
            batch = await self._claim()
            if batch.handled == 0:
                return handled
            if batch.messages:
                await self._deliver(batch)
            handled += batch.handled
            if batch.handled < self.settings.dispatch_batch:
                return handled

    async def run_forever(self) -> None:
        """The app's (or the worker's) dispatcher: drains what is due, then waits for a commit that wrote
        messages in this process or for the poll interval. A failure is logged and tried again.

        A wake-up is followed by `dispatch_gather_seconds` before the claim, so that the messages of a
        burst of commits (an 'outbid' notice with each of 50 bids a second) go out in one batch: a batch
        costs about ten statements whatever its size, and one per message took a seventh of an app
        process's CPU in the bid bench (bench/README.md, 'Pauses of the garbage collector'). A commit made
        while a batch is on its way has set the wake-up already, so a drained batch is not followed by an
        empty claim at once."""
        loop = asyncio.get_running_loop()
        wakeup = asyncio.Event()
        wake.register(loop, wakeup)
        gather = self.settings.dispatch_gather_seconds
        try:
            while True:
                wakeup.clear()
                try:
                    count = await self.run_once()
                    if count:
                        log.info("alerts delivered", extra={"messages": count, "dispatcher": self.name})
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("the alerts dispatcher failed; trying again at the next poll")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wakeup.wait(), timeout=self.settings.dispatch_poll_seconds)
                if wakeup.is_set() and gather > 0:
                    await asyncio.sleep(gather)
        finally:
            wake.unregister(loop, wakeup)
            await self.aclose()

    # ------------------------------------------------------------------------------------ claiming

    def _paused_channels(self, now: datetime) -> list[str]:
        self.paused = {p: v for p, v in self.paused.items() if v[0] > now}
        return [c for c, p in self.providers.by_channel.items() if p.name in self.paused]

    async def _claim(self) -> Batch:
        self._batches += 1
        claim = f"{self.name}/{self._batches}"[:80]
        s = self.settings
        async with self.maker() as session:
            now = self.clock.now()
            skip = self._paused_channels(now)
            cutoff = now - timedelta(seconds=s.dispatch_lease_seconds)
            rows = await repository.expired_claims(session, cutoff, s.dispatch_batch, skip)
            expired = {m.id: (m.claimed_by, m.claimed_at) for m in rows}
            if len(rows) < s.dispatch_batch:
                rows += await repository.due(session, now, s.dispatch_batch - len(rows), skip)
            batch = Batch(claim=claim, claimed_at=now, started=time.monotonic(), handled=len(rows))
            if not rows:
                await session.rollback()
                return batch
            rows = await hold_back_promotions(session, rows, now)
            links = await links_of(session, self.settings, rows)
            timeline: list[tuple[str, datetime, str, str | None]] = []
            for m in rows:
                attempts = m.attempts + 1
                detail = f"Attempt {attempts} ({claim})"
                if m.id in expired:
                    by, at = expired[m.id]
                    detail += (
                        f"; the claim of {by} from {at:%Y-%m-%d %H:%M:%S} UTC expired without an answer, "
                        "so it is sent again"
                    )
                timeline.append((m.id, now, MessageStatus.SENDING.value, detail))
                batch.messages.append(snapshot(m, attempts, links.get(m.id)))
            if rows:
                await repository.mark_sending(session, [m.id for m in rows], now, claim)
                await repository.add_timeline(session, timeline)
            await session.commit()
        return batch

    # ------------------------------------------------------------------------------------ sending

    async def _deliver(self, batch: Batch) -> None:
        await self._attach(batch)
        gate = asyncio.Semaphore(self.settings.dispatch_concurrency)
        budget = self.settings.dispatch_lease_seconds / 2

        async def one(item: Claimed) -> Outcome:
            async with gate:
                return await self._send(item, batch, budget)

        outcomes = await asyncio.gather(*(one(item) for item in batch.messages))
        results = list(zip(batch.messages, outcomes, strict=True))
        for wait in RECORD_RETRIES:
            try:
                await self._record(batch, results)
                return
            except Exception:
                # Unrecorded, the batch would stay `sending` until its claim expires and then be sent again.
                log.exception("the answers could not be recorded; trying again", extra={"claim": batch.claim})
                await asyncio.sleep(wait)
        await self._record(batch, results)

    async def _attach(self, batch: Batch) -> None:
        wanted = [c for c in batch.messages if c.attachment_kind and c.attachment_id]
        if not wanted:
            return
        async with self.maker() as session:
            for item in wanted:
                assert item.attachment_kind and item.attachment_id
                try:
                    found = await attachment_of(session, item.attachment_kind, item.attachment_id)
                except SendFailed as exc:
                    item.attachment_kind = f"!{exc.reason}"
                    continue
                except Exception as exc:
                    log.exception("an attachment could not be made", extra={"message": item.message.id})
                    item.attachment_kind = f"?The {item.attachment_kind} PDF could not be made ({exc})"
                    continue
                item.message = replace(item.message, attachments=(found,))
            await session.rollback()

    async def _send(self, item: Claimed, batch: Batch, budget: float) -> Outcome:
        provider = self.providers.of(item.message.channel)
        if time.monotonic() - batch.started > budget:
            return Outcome("released", reason="The batch ran out of time before this message")
        kind = item.attachment_kind or ""
        if kind.startswith("!"):
            return Outcome("failed", provider=provider.name, reason=kind[1:])
        if kind.startswith("?"):
            return Outcome("retry", provider=provider.name, reason=kind[1:])
        refused = refusal(item.message)
        if refused:
            return Outcome("failed", provider=provider.name, reason=refused)
        paused = self.paused.get(provider.name)
        if paused is not None and paused[0] > self.clock.now():
            return Outcome("deferred", provider=provider.name, reason=paused[1], not_before=paused[0])
        try:
            accepted = await provider.send(item.message)
        except SendFailed as exc:
            if exc.pause and exc.retryable:
                delay = max(exc.retry_after or 0.0, backoff(1, self.settings, self.rng))
                until = self.clock.now() + timedelta(seconds=delay)
                self.paused[provider.name] = (until, exc.reason)
            kind = "retry" if exc.retryable else "failed"
            return Outcome(
                kind,
                provider=provider.name,
                reason=exc.reason,
                retry_after=exc.retry_after,
                uncertain=exc.uncertain,
            )
        except Exception as exc:  # a bug in a provider: logged, and the message is tried again later
            log.exception("a provider failed unexpectedly", extra={"provider": provider.name})
            return Outcome("retry", provider=provider.name, reason=f"{type(exc).__name__}: {exc}")
        return Outcome("sent", accepted=accepted, provider=provider.name)

    # ------------------------------------------------------------------------------------ recording
    async def _record(self, batch: Batch, results: list[tuple[Claimed, Outcome]]) -> None:
        async with self.maker() as session:
            now = self.clock.now()
            ours = await repository.still_claimed(session, [c.message.id for c, _ in results], batch.claim)
            rows, timeline = answers(batch, results, ours, now, self.settings, self.rng)
            await repository.record(session, rows)
            await repository.add_timeline(session, timeline)
            await session.commit()


async def deliver_due(
    maker: async_sessionmaker[AsyncSession],
    clock: Clock,
    settings: Settings | None = None,
    *,
    providers: Providers | None = None,
) -> int:
    """Runs a dispatcher once, synchronously: every message due now is sent and recorded (tests, the
    worker's --once); how many were handled."""
    dispatcher = Dispatcher(maker, clock, settings or get_settings(), providers)
    try:
        return await dispatcher.run_once()
    finally:
        await dispatcher.aclose()


async def run_dispatcher(maker: async_sessionmaker[AsyncSession], clock: Clock, settings: Settings) -> None:
    await Dispatcher(maker, clock, settings).run_forever()
