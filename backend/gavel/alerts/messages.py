"""What staff see of a message and may do with it: the list's and the drawer's shapes, retry and cancel."""

from dataclasses import asdict
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts import repository, templates
from gavel.alerts.catalog import CANCELLABLE, RETRYABLE, Channel, MessageStatus, Origin
from gavel.alerts.models import AlertMessage, AlertMessageEvent
from gavel.alerts.schemas import MessageDetail, MessageOut, SmsCount, TimelineEntry
from gavel.alerts.unsubscribe.mail import html_with_link, text_with_link
from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import all_found, plural, unique_ids
from gavel.errors import Conflict, FieldError, NotFound

SNIPPET = 160


def message_out(message: AlertMessage) -> MessageOut:
    snippet = message.body if len(message.body) <= SNIPPET else message.body[: SNIPPET - 1] + "…"
    return MessageOut.model_validate({**_columns(message), "snippet": snippet})


def _columns(message: AlertMessage) -> dict[str, Any]:
    return {c.key: getattr(message, c.key) for c in AlertMessage.__mapper__.column_attrs}


def message_detail(message: AlertMessage, unsubscribe_url: str | None = None) -> MessageDetail:
    """The drawer's message: a promotional email shown as sent, with its unsubscribe line and link."""
    first = TimelineEntry(at=message.created_at, status=MessageStatus.QUEUED.value, detail="Written")
    timeline = [first, *(TimelineEntry.model_validate(e) for e in message.timeline)]
    sms = SmsCount(**asdict(templates.sms_segments(message.body))) if message.channel == Channel.SMS else None
    out = message_out(message)
    columns = _columns(message)
    if message.origin == Origin.SYSTEM:
        columns["template_params"] = None  # a one-time code or temporary password waiting to be sent
    columns["body_html"] = templates.html_part(
        message.channel, message.body_html, message.subject, message.body, message.language
    )
    if unsubscribe_url:  # a promotional email as its member receives it: with the unsubscribe line
        columns["body"] = text_with_link(message.body, unsubscribe_url, message.language)
        columns["body_html"] = html_with_link(columns["body_html"] or "", unsubscribe_url, message.language)
    return MessageDetail.model_validate(
        {**out.model_dump(), **columns, "sms": sms, "timeline": timeline, "unsubscribe_url": unsubscribe_url}
    )


def _describe(messages: list[AlertMessage]) -> str:
    names = ", ".join(f"{m.recipient} ({m.event or m.origin}) is {m.status}" for m in messages[:5])
    more = f" and {len(messages) - 5} more" if len(messages) > 5 else ""
    return names + more


class MessageActions:
    async def _messages(self, session: AsyncSession, ids: list[str]) -> list[AlertMessage]:
        wanted = unique_ids(ids)
        messages = all_found(await repository.by_ids(session, wanted), wanted, "messages")
        messages.sort(key=lambda m: wanted.index(m.id))
        return messages

    async def _move(
        self,
        session: AsyncSession,
        ids: list[str],
        *,
        to: MessageStatus,
        allowed_from: tuple[MessageStatus, ...],
        verb: str,
        values: dict[str, Any],
        detail: str,
        actor: Actor,
        now: datetime,
    ) -> int:
        """All or nothing: messages already in the wanted status are left alone (a double click changes
        nothing); any other message not in an allowed status refuses the whole change, naming it."""
        messages = await self._messages(session, ids)
        blocked = [m for m in messages if m.status != to and m.status not in allowed_from]
        if blocked:
            raise self._blocked(blocked, verb, allowed_from)
        moved = 0
        for message in sorted(messages, key=lambda m: m.id):  # one order of row locks for every request
            if message.status == to:
                continue
            old, old_error = message.status, message.last_error
            if not await repository.claim_status(session, message.id, old, {"status": to.value, **values}):
                await session.refresh(message)  # a dispatcher moved it meanwhile
                if message.status == to:
                    continue
                raise self._blocked([message], verb, allowed_from)
            message.status = to.value
            for name, value in values.items():
                setattr(message, name, value)
            was = f" (was {old}{': ' + old_error if old_error else ''})"
            session.add(
                AlertMessageEvent(message_id=message.id, at=now, status=to.value, detail=detail + was)
            )
            await record_change(
                session,
                actor,
                f"alert_message.{verb}",
                "alert_message",
                message.id,
                old={"status": old},
                new={"status": to.value},
            )
            moved += 1
        await session.flush()
        return moved

    @staticmethod
    def _blocked(blocked: list[AlertMessage], verb: str, allowed: tuple[MessageStatus, ...]) -> Conflict:
        which = " or ".join(s.value for s in allowed)
        return Conflict(
            f"Only {which} messages can be {verb}: {_describe(blocked)}.",
            errors=[FieldError(field=m.id, message=f"{m.recipient} is {m.status}.") for m in blocked],
            extra={"blocked": [m.id for m in blocked]},
        )

    async def retry(self, session: AsyncSession, ids: list[str], actor: Actor, now: datetime) -> int:
        """Failed or cancelled messages are queued again with their attempts reset; the dispatcher sends them
        as a new delivery (a new provider message id)."""
        return await self._move(
            session,
            ids,
            to=MessageStatus.QUEUED,
            allowed_from=RETRYABLE,
            verb="retried",
            values={
                "attempts": 0,
                "next_attempt_at": now,
                "failed_at": None,
                "cancelled_at": None,
                "provider_message_id": None,
                "claimed_at": None,
                "claimed_by": None,
                "updated_at": now,
            },
            detail=f"Retried by {actor.email}",
            actor=actor,
            now=now,
        )

    async def cancel(self, session: AsyncSession, ids: list[str], actor: Actor, now: datetime) -> int:
        """Queued or failed messages are not sent; a message a dispatcher is sending cannot be stopped."""
        return await self._move(
            session,
            ids,
            to=MessageStatus.CANCELLED,
            allowed_from=CANCELLABLE,
            verb="cancelled",
            values={"cancelled_at": now, "next_attempt_at": None, "updated_at": now},
            detail=f"Cancelled by {actor.email}",
            actor=actor,
            now=now,
        )

    async def message(self, session: AsyncSession, message_id: str) -> AlertMessage:
        found = await repository.with_timeline(session, message_id)
        if found is None:
            raise NotFound("This message does not exist.")
        return found


def changed_message(count: int, verb: str) -> str:
    return f"{plural(count, 'message')} {verb}."
