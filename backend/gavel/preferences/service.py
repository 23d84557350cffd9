"""The rules of a user's list preferences and saved views.

Only the signed-in user reads and changes their own density and columns. A saved view is seen by its owner
and, when shared, by everyone; only its owner changes or deletes it. A person's own desk settings are not
audited (they change nothing of the business).
"""

from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.constraints import constraint_name
from gavel.errors import Conflict, FieldError, Forbidden, Invalid, NotFound
from gavel.preferences import repository
from gavel.preferences.lists import LIST_KEYS, known_list, no_such_list
from gavel.preferences.models import VIEW_NAME_INDEX, ListLayout, SavedView
from gavel.preferences.repository import OwnedView
from gavel.preferences.schemas import Density, SavedViewCreate, SavedViewFields

MAX_VIEWS = 50  # per owner and list
VIEW_NOT_FOUND = "This saved view was not found. It may have been deleted: reload the list of views."
TOO_MANY = f"You have {MAX_VIEWS} views on this list; delete one to save another."


def _same_name(name: str) -> Conflict:
    message = f"You already have a view called '{name}' on this list."
    return Conflict(message, errors=[FieldError(field="name", message=message)])


def _only_owner(owned: OwnedView) -> Forbidden:
    return Forbidden(f"Only {owned.owner_name}, who saved this view, can change it.")


def _is_name_taken(exc: IntegrityError) -> bool:
    """Whether the unique index of (owner, list, lower(name)) refused the write. PostgreSQL names it; SQLite
    names an expression index as "UNIQUE constraint failed: index '<name>'"."""
    name, _ = constraint_name(exc)
    return name == VIEW_NAME_INDEX or f"index '{VIEW_NAME_INDEX}'" in str(exc.orig)


class PreferenceService:
    async def preferences(self, session: AsyncSession, user_id: str) -> tuple[Density, list[ListLayout]]:
        row = await repository.preference(session, user_id)
        density = Density(row.density) if row is not None else Density.COMFORTABLE
        layouts = [
            layout for layout in await repository.layouts(session, user_id) if layout.list_key in LIST_KEYS
        ]
        return density, layouts

    async def set_density(self, session: AsyncSession, user_id: str, density: Density, now: datetime) -> None:
        await repository.put_density(session, user_id, density.value, now)

    async def set_columns(
        self, session: AsyncSession, user_id: str, list_key: str, columns: list[dict[str, Any]], now: datetime
    ) -> None:
        await repository.put_columns(session, user_id, known_list(list_key), columns, now)

    async def reset_columns(self, session: AsyncSession, user_id: str, list_key: str) -> None:
        await repository.reset_columns(session, user_id, known_list(list_key))


class SavedViewService:
    async def visible(self, session: AsyncSession, user_id: str, list_key: str) -> list[OwnedView]:
        return await repository.visible_views(session, user_id, known_list(list_key))

    async def _own(self, session: AsyncSession, user_id: str, view_id: str) -> OwnedView:
        """The view, when the user may change it: 404 when it is missing or another's private view (its
        existence is not told), 403 when it is another's shared view."""
        owned = await repository.owned_view(session, view_id)
        if owned is None or (owned.view.owner_id != user_id and not owned.view.shared):
            raise NotFound(VIEW_NOT_FOUND)
        if owned.view.owner_id != user_id:
            raise _only_owner(owned)
        return owned

    def _apply(self, view: SavedView, body: SavedViewFields) -> None:
        view.name = body.name
        view.shared = body.shared
        view.search = body.search
        view.sort_by = body.sort_by
        view.sort_order = body.sort_order.value if body.sort_order is not None else None
        view.filters = dict(body.filters)
        view.columns = None if body.columns is None else [c.model_dump() for c in body.columns]

    async def _flush(self, session: AsyncSession, name: str) -> None:
        try:
            await session.flush()
        except IntegrityError as exc:  # the unique index decided: a view of this name was saved first
            if _is_name_taken(exc):
                raise _same_name(name) from exc
            raise

    async def create(
        self, session: AsyncSession, user_id: str, body: SavedViewCreate, now: datetime
    ) -> OwnedView:
        if body.list_key not in LIST_KEYS:
            raise Invalid.field("list", no_such_list(body.list_key))
        # The owner's row lock first: of two creations at once, the second counts after the first committed.
        await repository.hold_owner(session, user_id, now)
        if await repository.count_views(session, user_id, body.list_key) >= MAX_VIEWS:
            raise Conflict(TOO_MANY)
        view = SavedView(owner_id=user_id, list_key=body.list_key, created_at=now, updated_at=now)
        self._apply(view, body)
        session.add(view)
        await self._flush(session, body.name)
        owned = await repository.owned_view(session, view.id)
        assert owned is not None  # just written in this transaction
        return owned

    async def update(
        self, session: AsyncSession, user_id: str, view_id: str, body: SavedViewFields
    ) -> OwnedView:
        owned = await self._own(session, user_id, view_id)
        self._apply(owned.view, body)
        await self._flush(session, body.name)
        return owned

    async def delete(self, session: AsyncSession, user_id: str, view_id: str) -> str:
        owned = await self._own(session, user_id, view_id)
        name = owned.view.name
        await repository.delete_view(session, owned.view)
        return name


preference_service = PreferenceService()
saved_view_service = SavedViewService()
