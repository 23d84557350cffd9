"""The audit trail is append-only: no route changes or deletes an audit event, and the database refuses to."""

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import iter_route_contexts
from httpx import AsyncClient
from sqlalchemy import delete, select, text, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import gavel
from gavel.audit.models import AuditEvent
from gavel.main import create_app
from tests.audit.factory import add_events, event
from tests.factories import admin_headers, make_staff
from tests.members.test_members import create, person

REFUSAL = "The audit trail is append-only: audit events cannot be changed or deleted."
# Statements that would change or delete audit events, in the ORM's words or in SQL.
CHANGES = re.compile(
    r"(update|delete)\(\s*AuditEvent\b|\b(update|delete\s+from|truncate(\s+table)?)\s+\"?audit_event\b",
    re.IGNORECASE,
)
MARCH = datetime(2021, 3, 10, 8, 0, tzinfo=UTC)


def test_the_audit_routes_only_read(settings: Any) -> None:
    app = create_app(settings)
    routes = [r for r in iter_route_contexts(app.routes) if "audit" in str(r.path)]
    assert {str(r.path) for r in routes} == {
        "/api/audit-events",
        "/api/audit-events/export.csv",
        "/api/audit-events/actions",
        "/api/audit-events/staff",
    }
    assert all(set(r.methods or ()) <= {"GET", "HEAD"} for r in routes)


def test_no_code_of_the_app_changes_or_deletes_audit_events() -> None:
    package = Path(gavel.__file__).parent
    offenders = [
        f"{path.relative_to(package)}: {match.group(0)}"
        for path in sorted(package.rglob("*.py"))
        for match in CHANGES.finditer(path.read_text())
    ]
    assert offenders == []
    assert CHANGES.search("await session.execute(delete(AuditEvent).where(...))")
    assert CHANGES.search('conn.execute("TRUNCATE audit_event")')


async def test_deleting_records_and_staff_users_leaves_every_event_as_it_was(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    admin = await admin_headers(client)
    clerk = await make_staff(db, "leaving@example.com")
    await add_events(db, event(MARCH, actor_id=clerk.id, actor_email=clerk.email, entity_id="m1"))
    member = (await create(client, admin, person()))["data"]
    async with db() as session:
        before = {e.id: _row(e) for e in await session.scalars(select(AuditEvent))}

    gone = await client.request(
        "DELETE", "/api/members/delete", json={"memberIds": [member["_id"]]}, headers=admin
    )
    left = await client.request("DELETE", "/api/users/delete", json={"userIds": [clerk.id]}, headers=admin)

    assert (gone.status_code, left.status_code) == (200, 200), (gone.text, left.text)
    async with db() as session:
        after = {e.id: _row(e) for e in await session.scalars(select(AuditEvent))}
    assert {i: after[i] for i in before} == before
    assert len(after) > len(before)  # the deletions were audited too


def _row(e: AuditEvent) -> tuple[Any, ...]:
    return (
        e.actor_id,
        e.actor_email,
        e.action,
        e.entity,
        e.entity_id,
        e.old_values,
        e.new_values,
        e.created_at,
    )


@pytest.mark.parametrize(
    "statement",
    [
        update(AuditEvent).values(action="member.deleted"),
        update(AuditEvent).values(actor_id=None),
        delete(AuditEvent),
        text("UPDATE audit_event SET new_values = NULL"),
        text("DELETE FROM audit_event"),
    ],
    ids=["update", "clear the actor", "delete", "update in SQL", "delete in SQL"],
)
async def test_the_database_refuses_to_change_or_delete_an_event(
    db: async_sessionmaker[AsyncSession], statement: Any
) -> None:
    await add_events(db, event(MARCH, actor_id="someone", entity_id="m1"))

    async with db() as session:
        with pytest.raises(DBAPIError, match=re.escape(REFUSAL)):
            await session.execute(statement)


async def test_the_trail_cannot_be_emptied_at_once(db: async_sessionmaker[AsyncSession]) -> None:
    """Each engine's own way of emptying a table: PostgreSQL's TRUNCATE (no row trigger sees it) and SQLite's
    unconditional DELETE (its truncate optimisation, which a DELETE trigger turns off)."""
    await add_events(db, event(MARCH, actor_id="someone", entity_id="m1"))
    async with db() as session:
        postgresql = session.get_bind().dialect.name == "postgresql"
        empty = "TRUNCATE audit_event" if postgresql else "DELETE FROM audit_event"
        with pytest.raises(DBAPIError, match=re.escape(REFUSAL)):
            await session.execute(text(empty))
