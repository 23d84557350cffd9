"""What a dispatcher records of each answer: the message's row (sent, queued again after a backoff, or failed)
and its timeline entry."""

import logging
import random
from datetime import datetime, timedelta
from typing import Any

from gavel.alerts.catalog import MessageStatus, Origin
from gavel.alerts.delivery.batch import Batch, Claimed, Outcome
from gavel.alerts.models import AlertMessage
from gavel.config import Settings

log = logging.getLogger("gavel.alerts.delivery")

Timeline = list[tuple[str, datetime, str, str | None]]


def backoff(attempts: int, settings: Settings, rng: random.Random) -> float:
    """Seconds before the next attempt after `attempts` tries: base x 2^(attempts-1), +-20% jitter, capped."""
    delay: float = settings.dispatch_backoff_seconds * 2.0 ** max(0, attempts - 1)
    return min(settings.dispatch_backoff_max_seconds, delay * rng.uniform(0.8, 1.2))


def _seconds(delay: float) -> str:
    delay = round(delay)
    return f"{delay // 60} min {delay % 60} s" if delay >= 60 else f"{delay} s"


def message_row(
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


def answers(
    batch: Batch,
    results: list[tuple[Claimed, Outcome]],
    ours: set[str],
    now: datetime,
    settings: Settings,
    rng: random.Random,
) -> tuple[list[dict[str, Any]], Timeline]:
    """The rows and timeline entries of a batch's answers, for the messages still claimed by it (`ours`)."""
    rows: list[dict[str, Any]] = []
    timeline: Timeline = []
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
                message_row(
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
                message_row(
                    item,
                    status=MessageStatus.QUEUED,
                    now=now,
                    attempts=item.attempts - 1,
                    next_at=next_at,
                    last_error=outcome.reason,
                )
            )
            when = f" until {next_at:%Y-%m-%d %H:%M:%S} UTC" if next_at > now else ""
            timeline.append(
                (mid, now, MessageStatus.QUEUED.value, f"Not tried: {outcome.reason}; waiting{when}")
            )
        elif outcome.kind == "retry" and item.attempts < settings.dispatch_max_attempts:
            delay = backoff(item.attempts, settings, rng)
            if outcome.retry_after is not None:
                delay = max(delay, outcome.retry_after)
            next_at = now + timedelta(seconds=delay)
            reason = outcome.reason or "unknown error"
            rows.append(
                message_row(
                    item,
                    status=MessageStatus.QUEUED,
                    now=now,
                    attempts=item.attempts,
                    next_at=next_at,
                    last_error=reason,
                )
            )
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
                    f"Attempt {item.attempts} failed: {reason}{note}. Next attempt in {_seconds(delay)}",
                )
            )
        else:
            reason = outcome.reason or "unknown error"
            if outcome.kind == "retry":
                reason = f"Gave up after {item.attempts} attempts: {reason}"
            rows.append(
                message_row(
                    item,
                    status=MessageStatus.FAILED,
                    now=now,
                    attempts=item.attempts,
                    last_error=reason,
                    failed_at=now,
                    claimed=claimed,
                )
            )
            timeline.append((mid, now, MessageStatus.FAILED.value, reason))
    return rows, timeline
