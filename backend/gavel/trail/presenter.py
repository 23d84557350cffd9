"""Audit events as the screens show them: who, the action in words, the record's name and the changes side
by side."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent
from gavel.trail.modules import MODULE_OF
from gavel.trail.repository import record_names
from gavel.trail.schemas import AuditChange, AuditEventOut
from gavel.trail.words import action_label, name_in_snapshot, sentence

# Sign-in events keep the device in their values (they were written before the device had a column).
DEVICE_KEYS = ("browser", "os", "device")


def changes(old: dict[str, Any] | None, new: dict[str, Any] | None) -> list[AuditChange]:
    """Every field either side holds, in the order the record lists them, the new side's order first."""
    before, after = old or {}, new or {}
    fields = list(after) + [key for key in before if key not in after]
    return [AuditChange(field=f, old=before.get(f), new=after.get(f)) for f in fields]


def _device(event: AuditEvent) -> str | None:
    if event.device:
        return event.device
    values = event.new_values or {}
    if event.action.startswith("auth.login") and all(isinstance(values.get(k), str) for k in DEVICE_KEYS):
        return f"{values['browser']} on {values['os']} ({values['device']})"
    return None


def present(event: AuditEvent, actor_name: str | None, record_name: str | None) -> AuditEventOut:
    name = record_name or name_in_snapshot(event.old_values) or name_in_snapshot(event.new_values)
    return AuditEventOut(
        id=event.id,
        created_at=event.created_at,
        actor_id=event.actor_id,
        actor_name=actor_name,
        actor_email=event.actor_email,
        ip_address=event.ip_address,
        device=_device(event),
        action=event.action,
        action_label=action_label(event.action),
        summary=sentence(event.action, event.entity, name, event.old_values, event.new_values),
        module=MODULE_OF.get(event.entity),
        entity=event.entity,
        entity_id=event.entity_id,
        record_name=name,
        changes=changes(event.old_values, event.new_values),
    )


EventRow = tuple[AuditEvent, str | None]  # an event and its staff user's name


async def present_all(session: AsyncSession, rows: list[EventRow]) -> list[AuditEventOut]:
    """A page of events with their records' names, read in one query."""
    names = await record_names(session, ((event.entity, event.entity_id) for event, _ in rows))
    return [present(event, actor, names.get((event.entity, event.entity_id or ""))) for event, actor in rows]
