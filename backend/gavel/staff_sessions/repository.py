"""Every query of the staff session console: live sessions with who holds them, and ending one."""

from datetime import datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import ColumnElement, Select, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.auth.models import UserSession
from gavel.core.paging import SortOrder, count_of, like_pattern
from gavel.roles.models import Role
from gavel.users.models import User

SORTABLE = {
    "lastActiveAt": UserSession.last_active_at,
    "signedInAt": UserSession.created_at,
}


class HeldSession(NamedTuple):
    """A session and the name, email and role name of its user (the console needs no more of them)."""

    session: UserSession
    full_name: str
    email: str
    role_name: str | None


def live(now: datetime, idle_seconds: int, max_seconds: int) -> list[ColumnElement[bool]]:
    """The rules `AuthService.authenticate` applies: not ended, active within the idle limit, younger than the
    absolute limit. The first two match the partial index ix_user_session_live_last_active_at."""
    return [
        UserSession.ended_at.is_(None),
        UserSession.last_active_at > now - timedelta(seconds=idle_seconds),
        UserSession.created_at > now - timedelta(seconds=max_seconds),
    ]


def _held() -> Select[UserSession, str, str, str]:
    """Sessions with their user's name, email and role name: plain columns, so the user's role and its
    permissions (which a User entity loads with it) are not read."""
    return (
        select(UserSession, User.full_name, User.email, Role.name)
        .join(User, User.id == UserSession.user_id)
        .outerjoin(Role, Role.id == User.role_id)
    )


def _held_session(row: Any) -> HeldSession:
    return HeldSession(session=row[0], full_name=row[1], email=row[2], role_name=row[3])


async def page(
    session: AsyncSession,
    *,
    conditions: list[ColumnElement[bool]],
    search: str | None,
    sort_by: str | None,
    sort_order: SortOrder,
    offset: int,
    limit: int,
) -> tuple[list[HeldSession], int]:
    """A page of live sessions with their users, in one statement, and how many match."""
    query = _held().where(*conditions)
    if search:
        pattern = like_pattern(search)
        query = query.where(
            or_(
                func.lower(User.full_name).like(pattern, escape="\\"),
                func.lower(User.email).like(pattern, escape="\\"),
            )
        )
    total = await count_of(session, query.with_only_columns(UserSession.id))
    sort_column = SORTABLE.get(sort_by or "", UserSession.last_active_at)
    if sort_order == SortOrder.ASC:
        ordering = (sort_column.asc(), UserSession.id.asc())
    else:
        ordering = (sort_column.desc(), UserSession.id.desc())
    rows = await session.execute(query.order_by(*ordering).offset(offset).limit(limit))
    return [_held_session(row) for row in rows.all()], total


async def held_session(session: AsyncSession, session_id: str) -> HeldSession | None:
    """One session (read afresh: a conditional UPDATE may just have changed it) and who holds it."""
    query = _held().where(UserSession.id == session_id).execution_options(populate_existing=True)
    row = (await session.execute(query)).first()
    return None if row is None else _held_session(row)


async def end_if_live(
    session: AsyncSession,
    session_id: str,
    conditions: list[ColumnElement[bool]],
    now: datetime,
    reason: str,
) -> bool:
    """End the session in one conditional UPDATE: of two administrators ending it at once, one changes the row
    and the other finds it already ended. Answers whether this call ended it."""
    result = await session.execute(
        update(UserSession)
        .where(UserSession.id == session_id, *conditions)
        .values(ended_at=now, end_reason=reason)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0) == 1
