"""The staff session console (Settings, Users edit): every live staff session, and ending one at once."""

from typing import Annotated

from fastapi import APIRouter

from gavel.auth.deps import AuthServiceDep
from gavel.core.paging import total_pages
from gavel.db import SessionDep, utcnow
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege
from gavel.staff_sessions import repository
from gavel.staff_sessions.repository import HeldSession
from gavel.staff_sessions.schemas import (
    StaffSessionEnded,
    StaffSessionList,
    StaffSessionOut,
    StaffSessionQuery,
)
from gavel.staff_sessions.service import staff_session_service

router = APIRouter(prefix="/staff-sessions", tags=["staff-sessions"])

Errors = error_responses(403, 404, 409, 422)
# The Sessions row of the privileges grid: View shows where and from which address every colleague is signed
# in, Delete ends a session (gavel/permissions.py).
CanView = Annotated[Principal, require(Module.SESSIONS, Privilege.VIEW)]
CanEnd = Annotated[Principal, require(Module.SESSIONS, Privilege.DELETE)]


def _out(held: HeldSession, current_session_id: str) -> StaffSessionOut:
    user_session = held.session
    return StaffSessionOut(
        id=user_session.id,
        user_id=user_session.user_id,
        full_name=held.full_name,
        email=held.email,
        role_name=held.role_name,
        device_name=user_session.device_name,
        operating_system=user_session.operating_system,
        browser_name=user_session.browser_name,
        ip_address=user_session.ip_address,
        signed_in_at=user_session.created_at,
        last_active_at=user_session.last_active_at,
        is_current=user_session.id == current_session_id,
    )


@router.post("/get", response_model=StaffSessionList, responses=Errors)
async def list_staff_sessions(
    body: StaffSessionQuery, session: SessionDep, auth: AuthServiceDep, principal: CanView
) -> StaffSessionList:
    """A page of live staff sessions (not ended, within the idle and absolute limits), searched by the user's
    name or email, the most recently active first."""
    settings = auth.settings
    rows, total = await repository.page(
        session,
        conditions=repository.live(utcnow(), settings.session_idle_seconds, settings.session_max_seconds),
        search=body.search_term,
        sort_by=body.sort_by.value if body.sort_by else None,
        sort_order=body.sort_order,
        offset=body.offset,
        limit=body.limit,
    )
    return StaffSessionList(
        data=[_out(held, principal.session.id) for held in rows],
        total_pages=total_pages(total, body.limit),
        current_page=body.page_no,
        total_matching=total,
    )


@router.put("/{id}/end", response_model=StaffSessionEnded, responses=Errors)
async def end_staff_session(
    id: str, session: SessionDep, auth: AuthServiceDep, principal: CanEnd
) -> StaffSessionEnded:
    """End another staff user's live session: their next request answers 401 and their browser goes to the
    sign-in page. Your own session is refused (409)."""
    held = await staff_session_service.end(
        session,
        id,
        current_session_id=principal.session.id,
        actor=principal.actor,
        now=utcnow(),
        settings=auth.settings,
    )
    return StaffSessionEnded(
        message=f"{held.full_name}'s session has ended. They are signed out.",
        data=_out(held, principal.session.id),
    )
