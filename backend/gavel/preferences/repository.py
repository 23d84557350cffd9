"""Every query of list preferences and saved views. The writes of a user's own settings are single upserts
(INSERT ... ON CONFLICT DO UPDATE) on both engines: two at once never collide, the later one wins."""

from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import case, delete, func, or_, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.preferences.models import ListLayout, SavedView, UserPreference
from gavel.users.models import User


class OwnedView(NamedTuple):
    """A saved view and its owner's name (the only thing of the owner a view shows)."""

    view: SavedView
    owner_name: str


def _insert(session: AsyncSession) -> Any:
    return postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert


async def preference(session: AsyncSession, user_id: str) -> UserPreference | None:
    return await session.get(UserPreference, user_id, populate_existing=True)


async def layouts(session: AsyncSession, user_id: str) -> list[ListLayout]:
    query = select(ListLayout).where(ListLayout.user_id == user_id).order_by(ListLayout.list_key)
    return list((await session.scalars(query)).all())


async def put_density(session: AsyncSession, user_id: str, density: str, now: datetime) -> None:
    statement = _insert(session)(UserPreference).values(user_id=user_id, density=density, updated_at=now)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[UserPreference.user_id],
            set_={"density": statement.excluded.density, "updated_at": statement.excluded.updated_at},
        )
    )


async def hold_owner(session: AsyncSession, user_id: str, now: datetime) -> None:
    """Takes the row lock of the user's preference row (made with the defaults if there is none) until the
    transaction ends: one owner's view creations then count and insert in turn, never past the cap together.
    The update writes the density it finds, so nothing the user set changes."""
    statement = _insert(session)(UserPreference).values(
        user_id=user_id, density="comfortable", updated_at=now
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[UserPreference.user_id], set_={"density": UserPreference.density}
        )
    )


async def put_columns(
    session: AsyncSession, user_id: str, list_key: str, columns: list[dict[str, Any]], now: datetime
) -> None:
    statement = _insert(session)(ListLayout).values(
        user_id=user_id, list_key=list_key, columns=columns, updated_at=now
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[ListLayout.user_id, ListLayout.list_key],
            set_={"columns": statement.excluded.columns, "updated_at": statement.excluded.updated_at},
        )
    )


async def reset_columns(session: AsyncSession, user_id: str, list_key: str) -> None:
    await session.execute(
        delete(ListLayout).where(ListLayout.user_id == user_id, ListLayout.list_key == list_key)
    )


async def visible_views(session: AsyncSession, user_id: str, list_key: str) -> list[OwnedView]:
    """The user's views of the list and everyone's shared ones: theirs first, then by name in any case."""
    query = (
        select(SavedView, User.full_name)
        .join(User, User.id == SavedView.owner_id)
        .where(SavedView.list_key == list_key, or_(SavedView.owner_id == user_id, SavedView.shared.is_(True)))
        .order_by(
            case((SavedView.owner_id == user_id, 0), else_=1),
            func.lower(SavedView.name),
            SavedView.name,
            SavedView.id,
        )
    )
    rows = await session.execute(query)
    return [OwnedView(view, owner_name) for view, owner_name in rows.all()]


async def owned_view(session: AsyncSession, view_id: str) -> OwnedView | None:
    query = (
        select(SavedView, User.full_name)
        .join(User, User.id == SavedView.owner_id)
        .where(SavedView.id == view_id)
        .execution_options(populate_existing=True)
    )
    row = (await session.execute(query)).first()
    return None if row is None else OwnedView(row[0], row[1])


async def count_views(session: AsyncSession, owner_id: str, list_key: str) -> int:
    query = select(func.count()).where(SavedView.owner_id == owner_id, SavedView.list_key == list_key)
    return int(await session.scalar(query) or 0)


async def delete_view(session: AsyncSession, view: SavedView) -> None:
    await session.delete(view)
    await session.flush()
