"""The dispatcher: claims due messages, sends them through the providers, records the answers.

One batch:

1. Claim (a transaction of its own, committed before any provider is called): up to `dispatch_batch`
   messages that are `queued` with `next_attempt_at <= now`, or left `sending` by a dispatcher whose claim
   is older than the lease (`dispatch_lease_seconds`: it crashed or hung), oldest first, `FOR UPDATE SKIP
   LOCKED` on PostgreSQL so that any number of dispatchers share the work (on SQLite every transaction
   takes the write lock at BEGIN, so claims take turns). They become `sending` with `claimed_at`,
   `claimed_by` (this batch's own token) and `attempts + 1`; a timeline entry each. A promotion whose
   member withdrew consent on its channel is cancelled instead, and promotional SMS and WhatsApp wait for
   the end of the quiet hours.
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
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any
from uuid import uuid4

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.catalog import Channel, MessageStatus, Origin
from gavel.alerts.delivery import repository, wake
from gavel.alerts.delivery.attachments import attachment_of
from gavel.alerts.delivery.providers import Accepted, Outgoing, Providers, SendFailed, build_providers
from gavel.alerts.delivery.service import reveal
from gavel.alerts.models import AlertMessage
from gavel.alerts.templates import html_part
from gavel.config import Settings, get_settings
from gavel.core.clock import Clock

log = logging.getLogger("gavel.alerts.delivery")

PROMOTIONAL_QUIET = (Channel.SMS.value, Channel.WHATSAPP.value)
CAMPAIGN_CANCELLED = "Not sent: its campaign was cancelled"
RECORD_RETRIES = (0.5, 2.0, 5.0)  # seconds between tries of recording a batch's answers


@dataclass
class Claimed:
    """A message taken by this batch: what the provider gets, and what recording needs."""

    message: Outgoing
    attempts: int  # with this one
    origin: str
    template_params: list[str] | None
    attachment_kind: str | None
    attachment_id: str | None


@dataclass
class Batch:
    claim: str
    claimed_at: datetime
    started: float  # time.monotonic() at the claim
    messages: list[Claimed] = field(default_factory=list)
    handled: int = 0  # claimed, cancelled or deferred


@dataclass
class Outcome:
    kind: str  # sent, retry, deferred, failed, released
    accepted: Accepted | None = None
    provider: str | None = None
    reason: str | None = None
    retry_after: float | None = None
    not_before: datetime | None = None
    uncertain: bool = False


def backoff(attempts: int, settings: Settings, rng: random.Random) -> float:
    """Seconds before the next attempt after `attempts` tries: base x 2^(attempts-1), +-20% jitter, capped."""
    delay: float = settings.dispatch_backoff_seconds * 2.0 ** max(0, attempts - 1)
    return min(settings.dispatch_backoff_max_seconds, delay * rng.uniform(0.8, 1.2))


def _seconds(delay: float) -> str:
    delay = round(delay)
    return f"{delay // 60} min {delay % 60} s" if delay >= 60 else f"{delay} s"


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
        messages in this process or for the poll interval. A failure is logged and tried again."""
        loop = asyncio.get_running_loop()
        wakeup = asyncio.Event()
        wake.register(loop, wakeup)
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
                    count = 0
                if count:
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wakeup.wait(), timeout=self.settings.dispatch_poll_seconds)
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
            rows = await self._hold_back_promotions(session, rows, now)
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
                batch.messages.append(self._snapshot(m, attempts))
            if rows:
                await repository.mark_sending(session, [m.id for m in rows], now, claim)
                await repository.add_timeline(session, timeline)
            await session.commit()
        return batch

    async def _hold_back_promotions(
        self, session: AsyncSession, rows: list[AlertMessage], now: datetime
    ) -> list[AlertMessage]:
        """A promotion goes only to a member who still consents on its channel (else it is cancelled), and
        promotional SMS and WhatsApp wait for the end of the quiet hours (no attempt counted)."""
        promotions = [m for m in rows if m.origin == Origin.CAMPAIGN]
        if not promotions:
            return rows
        consents = await repository.consents(session, [m.member_id for m in promotions if m.member_id])
        cancelled = await repository.cancelled_campaigns(
            session, [m.campaign_id for m in promotions if m.campaign_id]
        )
        from gavel.alerts.campaigns.repository import OPTED_OUT
        from gavel.alerts.campaigns.service import quiet_until

        quiet_end: datetime | None = None
        if any(m.channel in PROMOTIONAL_QUIET for m in promotions):
            from gavel.business.service import business_service

            business = await business_service.get(session)
            quiet_end = quiet_until(now, business.promo_quiet_from, business.promo_quiet_until)
        keep: list[AlertMessage] = []
        records: list[dict[str, Any]] = []
        timeline: list[tuple[str, datetime, str, str | None]] = []
        for m in rows:
            if m.origin != Origin.CAMPAIGN:
                keep.append(m)
                continue
            consent = consents.get(m.member_id or "", {}).get(m.channel, False)
            if m.campaign_id in cancelled:
                records.append(
                    self._row(
                        m,
                        status=MessageStatus.CANCELLED,
                        now=now,
                        attempts=m.attempts,
                        cancelled_at=now,
                        last_error=CAMPAIGN_CANCELLED,
                    )
                )
                timeline.append((m.id, now, MessageStatus.CANCELLED.value, CAMPAIGN_CANCELLED))
            elif not consent:
                records.append(
                    self._row(
                        m,
                        status=MessageStatus.CANCELLED,
                        now=now,
                        attempts=m.attempts,
                        cancelled_at=now,
                        last_error=OPTED_OUT,
                    )
                )
                timeline.append(
                    (m.id, now, MessageStatus.CANCELLED.value, "Not sent: the member opted out of promotions")
                )
            elif quiet_end is not None and m.channel in PROMOTIONAL_QUIET:
                records.append(
                    self._row(m, status=MessageStatus.QUEUED, now=now, attempts=m.attempts, next_at=quiet_end)
                )
            else:
                keep.append(m)
        await repository.record(session, records)
        await repository.add_timeline(session, timeline)
        return keep

    def _snapshot(self, m: AlertMessage, attempts: int) -> Claimed:
        params = list(m.template_params) if m.template_params else None
        origin = m.origin
        outgoing = Outgoing(
            id=m.id,
            channel=m.channel,
            recipient=m.recipient,
            recipient_name=m.recipient_name,
            language=m.language,
            subject=reveal(origin, m.subject, params),
            body=reveal(origin, m.body, params) or "",
            body_html=reveal(
                origin, html_part(m.channel, m.body_html, m.subject, m.body, m.language), params, escape=True
            ),
            whatsapp_template=m.whatsapp_template,
            template_params=tuple(params or ()) if origin != Origin.SYSTEM else (),
        )
        return Claimed(
            message=outgoing,
            attempts=attempts,
            origin=origin,
            template_params=params,
            attachment_kind=m.attachment_kind if m.channel == Channel.EMAIL else None,
            attachment_id=m.attachment_id,
        )

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

    def _row(
        self,
        m: AlertMessage | Claimed,
        *,
        status: MessageStatus,
        now: datetime,
        attempts: int,
        next_at: datetime | None = None,
        provider: str | None = None,
        provider_message_id: str | None = None,
        last_error: str | None = None,
        sent_at: datetime | None = None,
        delivered_at: datetime | None = None,
        failed_at: datetime | None = None,
        cancelled_at: datetime | None = None,
        claimed: tuple[datetime, str] | None = None,
    ) -> dict[str, Any]:
        message_id = m.message.id if isinstance(m, Claimed) else m.id
        params = m.template_params
        if status in (MessageStatus.SENT, MessageStatus.DELIVERED) and m.origin == Origin.SYSTEM:
            params = None  # the secret is not kept once the mail is out
        return {
            "id": message_id,
            "status": status.value,
            "attempts": attempts,
            "next_attempt_at": next_at,
            "claimed_at": claimed[0] if claimed else None,
            "claimed_by": claimed[1] if claimed else None,
            "provider": provider,
            "provider_message_id": provider_message_id,
            "last_error": last_error,
            "sent_at": sent_at,
            "delivered_at": delivered_at,
            "failed_at": failed_at,
            "cancelled_at": cancelled_at,
            "template_params": params,
            "updated_at": now,
        }

    async def _record(self, batch: Batch, results: list[tuple[Claimed, Outcome]]) -> None:
        s = self.settings
        async with self.maker() as session:
            now = self.clock.now()
            ours = await repository.still_claimed(session, [c.message.id for c, _ in results], batch.claim)
            rows: list[dict[str, Any]] = []
            timeline: list[tuple[str, datetime, str, str | None]] = []
            for item, outcome in results:
                mid = item.message.id
                if mid not in ours:
                    log.warning(
                        "a message moved while this dispatcher was sending it; its answer is not recorded",
                        extra={"message": mid, "outcome": outcome.kind, "claim": batch.claim},
                    )
                    continue
                claimed = (batch.claimed_at, batch.claim)
                if outcome.kind == "sent":
                    accepted = outcome.accepted
                    assert accepted is not None
                    status = MessageStatus.DELIVERED if accepted.delivered else MessageStatus.SENT
                    rows.append(
                        self._row(
                            item,
                            status=status,
                            now=now,
                            attempts=item.attempts,
                            provider=outcome.provider,
                            provider_message_id=accepted.provider_message_id,
                            sent_at=now,
                            delivered_at=now if accepted.delivered else None,
                            claimed=claimed,
                        )
                    )
                    timeline.append((mid, now, status.value, accepted.detail or outcome.provider))
                elif outcome.kind in ("deferred", "released"):
                    next_at = outcome.not_before or now
                    rows.append(
                        self._row(item, status=MessageStatus.QUEUED, now=now, attempts=item.attempts - 1,
                                  next_at=next_at, last_error=outcome.reason)
                    )  # fmt: skip
                    when = f" until {next_at:%Y-%m-%d %H:%M:%S} UTC" if next_at > now else ""
                    timeline.append(
                        (mid, now, MessageStatus.QUEUED.value, f"Not tried: {outcome.reason}; waiting{when}")
                    )
                elif outcome.kind == "retry" and item.attempts < s.dispatch_max_attempts:
                    delay = backoff(item.attempts, s, self.rng)
                    if outcome.retry_after is not None:
                        delay = max(delay, outcome.retry_after)
                    next_at = now + timedelta(seconds=delay)
                    reason = outcome.reason or "unknown error"
                    rows.append(
                        self._row(item, status=MessageStatus.QUEUED, now=now, attempts=item.attempts,
                                  next_at=next_at, last_error=reason)
                    )  # fmt: skip
                    note = (
                        "; if it did, its status callback marks it sent before the next attempt"
                        if outcome.uncertain
                        else ""
                    )
                    timeline.append(
                        (
                            mid,
                            now,
                            MessageStatus.QUEUED.value,
                            f"Attempt {item.attempts} failed: {reason}{note}. "
                            f"Next attempt in {_seconds(delay)}",
                        )
                    )
                else:
                    reason = outcome.reason or "unknown error"
                    if outcome.kind == "retry":
                        reason = f"Gave up after {item.attempts} attempts: {reason}"
                    rows.append(
                        self._row(item, status=MessageStatus.FAILED, now=now, attempts=item.attempts,
                                  last_error=reason, failed_at=now, claimed=claimed)
                    )  # fmt: skip
                    timeline.append((mid, now, MessageStatus.FAILED.value, reason))
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
