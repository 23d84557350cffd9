"""Audit events for the audit tests: written as the services write them, at a moment the test chooses."""

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.audit.models import AuditEvent

CHROME_ON_WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Safari/537.36"
)


async def add_events(db: async_sessionmaker[AsyncSession], *events: dict[str, Any]) -> list[str]:
    """Each dict gives the event's columns (`created_at` among them); answers their ids in order."""
    async with db() as session:
        rows = [AuditEvent(**fields) for fields in events]
        session.add_all(rows)
        await session.commit()
        return [row.id for row in rows]


def event(
    at: datetime, action: str = "member.updated", entity: str = "member", **fields: Any
) -> dict[str, Any]:
    return {"created_at": at, "action": action, "entity": entity, **fields}
