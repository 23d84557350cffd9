"""A staff user's own list preferences (density, columns) and the saved views of every list (issue 29).

Any signed-in staff user: no privilege is needed, it is their own desk. Nothing here is audited."""

from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import SortOrder
from gavel.db import SessionDep, utcnow
from gavel.errors import error_responses
from gavel.guards import CurrentPrincipal
from gavel.preferences.models import ListLayout
from gavel.preferences.repository import OwnedView
from gavel.preferences.schemas import (
    ColumnsChange,
    ColumnSetting,
    DensityChange,
    ListColumns,
    ListLayoutOut,
    Preferences,
    SavedViewCreate,
    SavedViewFields,
    SavedViewList,
    SavedViewOut,
)
from gavel.preferences.service import preference_service, saved_view_service
from gavel.schemas import MessageResponse

router = APIRouter(tags=["preferences"])

Errors = error_responses(403, 404, 409, 422)


def _columns(layout: ListLayout) -> list[ColumnSetting]:
    return [ColumnSetting(key=c["key"], visible=c["visible"]) for c in layout.columns]


def _view_out(owned: OwnedView, user_id: str) -> SavedViewOut:
    view = owned.view
    return SavedViewOut(
        id=view.id,
        list_key=view.list_key,
        name=view.name,
        shared=view.shared,
        mine=view.owner_id == user_id,
        owner_name=owned.owner_name,
        search=view.search,
        sort_by=view.sort_by,
        sort_order=SortOrder(view.sort_order) if view.sort_order else None,
        filters=view.filters,
        columns=None if view.columns is None else [ColumnSetting(**c) for c in view.columns],
        created_at=view.created_at,
        updated_at=view.updated_at,
    )


async def _preferences(session: AsyncSession, user_id: str) -> Preferences:
    density, layouts = await preference_service.preferences(session, user_id)
    return Preferences(
        density=density,
        lists={layout.list_key: ListColumns(columns=_columns(layout)) for layout in layouts},
    )


@router.get("/me/preferences", response_model=Preferences, responses=Errors)
async def get_preferences(session: SessionDep, principal: CurrentPrincipal) -> Preferences:
    """The caller's density and the columns of each list they changed (the others keep their default)."""
    return await _preferences(session, principal.user.id)


@router.put("/me/preferences/density", response_model=Preferences, responses=Errors)
async def put_density(body: DensityChange, session: SessionDep, principal: CurrentPrincipal) -> Preferences:
    """Set the rows' density of every list: comfortable or compact. Answers the whole preferences."""
    await preference_service.set_density(session, principal.user.id, body.density, utcnow())
    return await _preferences(session, principal.user.id)


@router.put("/me/lists/{listKey}/columns", response_model=ListLayoutOut, responses=Errors)
async def put_columns(
    listKey: str, body: ColumnsChange, session: SessionDep, principal: CurrentPrincipal
) -> ListLayoutOut:
    """Keep the caller's columns of one list, in the order shown (the last write wins). 404: no such list."""
    columns = [c.model_dump() for c in body.columns]
    await preference_service.set_columns(session, principal.user.id, listKey, columns, utcnow())
    return ListLayoutOut(list_key=listKey, columns=body.columns)


@router.delete("/me/lists/{listKey}/columns", response_model=ListLayoutOut, responses=Errors)
async def reset_columns(listKey: str, session: SessionDep, principal: CurrentPrincipal) -> ListLayoutOut:
    """Reset: the list shows its default columns again (columns: []). Resetting twice changes nothing."""
    await preference_service.reset_columns(session, principal.user.id, listKey)
    return ListLayoutOut(list_key=listKey, columns=[])


@router.get("/saved-views", response_model=SavedViewList, responses=Errors)
async def list_saved_views(
    list_key: Annotated[str, Query(alias="list", description="The list's key")],
    session: SessionDep,
    principal: CurrentPrincipal,
) -> SavedViewList:
    """The caller's views of the list and everyone's shared ones: the caller's first, then by name."""
    user_id = principal.user.id
    views = await saved_view_service.visible(session, user_id, list_key)
    return SavedViewList(items=[_view_out(owned, user_id) for owned in views])


@router.post("/saved-views", response_model=SavedViewOut, status_code=201, responses=Errors)
async def create_saved_view(
    body: SavedViewCreate, session: SessionDep, principal: CurrentPrincipal
) -> SavedViewOut:
    """Save a view of a list. 409 at name: the caller already has a view of that name on the list (any
    case); 409: they keep 50 views of the list already."""
    user_id = principal.user.id
    return _view_out(await saved_view_service.create(session, user_id, body, utcnow()), user_id)


@router.put("/saved-views/{id}", response_model=SavedViewOut, responses=Errors)
async def update_saved_view(
    id: str, body: SavedViewFields, session: SessionDep, principal: CurrentPrincipal
) -> SavedViewOut:
    """Change one of the caller's views. 403: another's shared view; 404: missing, or another's private
    view."""
    user_id = principal.user.id
    return _view_out(await saved_view_service.update(session, user_id, id, body), user_id)


@router.delete("/saved-views/{id}", response_model=MessageResponse, responses=Errors)
async def delete_saved_view(id: str, session: SessionDep, principal: CurrentPrincipal) -> MessageResponse:
    """Delete one of the caller's views (403 and 404 as for a change)."""
    name = await saved_view_service.delete(session, principal.user.id, id)
    return MessageResponse(message=f"The view '{name}' was deleted.")
