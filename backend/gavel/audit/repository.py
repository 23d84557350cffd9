from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.models import AuditEvent


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
) -> AuditEvent:
    """Add an audit event to the current transaction: it lands with the change or not at all."""
    event = AuditEvent(
        action=action,
        entity=entity,
        entity_id=entity_id,
        actor_id=actor_id,
        actor_email=actor_email,
        old_values=old,
        new_values=new,
        ip_address=ip,
    )
    session.add(event)
    return event


@dataclass(frozen=True)
class Actor:
    """Who made a change, and from where."""

    id: str | None
    email: str | None
    ip: str | None


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
    )
