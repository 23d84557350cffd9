"""Writing the audit trail: each module adds its events with the change they record (gavel/trail reads)."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent


def _json_safe(values: dict[str, Any] | None) -> dict[str, Any] | None:
    """Amounts as exact strings (never floats) and dates in ISO form, as JSON can hold them."""
    if values is None:
        return None
    return {
        key: str(v) if isinstance(v, Decimal) else v.isoformat() if isinstance(v, date) else v
        for key, v in values.items()
    }


async def record(
    session: AsyncSession,
    *,
    action: str,
    entity: str,
    entity_id: str | None = None,
    actor_id: str | None = None,
    actor_email: str | None = None,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
    ip: str | None = None,
    device: str | None = None,
) -> AuditEvent:
    """Add an audit event to the current transaction: it lands with the change or not at all."""
    event = AuditEvent(
        action=action,
        entity=entity,
        entity_id=entity_id,
        actor_id=actor_id,
        actor_email=actor_email,
        old_values=_json_safe(old),
        new_values=_json_safe(new),
        ip_address=ip,
        device=device,
    )
    session.add(event)
    return event


@dataclass(frozen=True)
class Actor:
    """Who made a change, from where and on which device (a summary of the browser's User-Agent)."""

    id: str | None
    email: str | None
    ip: str | None
    device: str | None = None


async def record_change(
    session: AsyncSession,
    actor: Actor,
    action: str,
    entity: str,
    entity_id: str | None,
    *,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
) -> AuditEvent:
    return await record(
        session,
        action=action,
        entity=entity,
        entity_id=entity_id,
        actor_id=actor.id,
        actor_email=actor.email,
        old=old,
        new=new,
        ip=actor.ip,
        device=actor.device,
    )
