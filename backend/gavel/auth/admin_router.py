"""The staff users' screen's resets of another user's sign-in (SPEC.md section 7, Staff users): paths of the
users' API, handled by auth because they end the user's sessions (auth/admin_resets.py)."""

from fastapi import APIRouter

from gavel.auth import admin_resets
from gavel.core.bulk import plural
from gavel.db import SessionDep
from gavel.errors import ErrorBody, error_responses
from gavel.schemas import MessageResponse
from gavel.users.deps import CanEdit, UserServiceDep
from gavel.users.schemas import UserCountsMessage
from gavel.users.service import user_counts

router = APIRouter(prefix="/users", tags=["users"])

Errors = error_responses(403, 404, 409, 422)


@router.put(
    "/update-user-password/{userId}",
    response_model=UserCountsMessage,
    responses={**Errors, 503: {"model": ErrorBody}},
)
async def update_user_password(
    userId: str, session: SessionDep, service: UserServiceDep, principal: CanEdit
) -> UserCountsMessage:
    """Mail the user a temporary password and end their sessions; they choose a new one at sign-in."""
    user = await service.get(session, userId)
    await admin_resets.reset_password(session, user, principal.actor)
    message = f"A temporary password was mailed to {user.email}."
    return UserCountsMessage(message=message, **(await user_counts(session)).model_dump())


@router.put("/reset-two-step/{userId}", response_model=MessageResponse, responses=Errors)
async def reset_two_step(
    userId: str, session: SessionDep, service: UserServiceDep, principal: CanEdit
) -> MessageResponse:
    """Turn off another staff user's two-step sign-in (they lost their phone and their recovery codes): their
    authenticator and recovery codes are deleted and they are signed out; audited. Never your own (409)."""
    user = await service.get(session, userId)
    ended = await admin_resets.reset_two_step(session, user, principal.actor)
    message = f"Two-step sign-in of {user.full_name} is off and {plural(ended, 'session')} ended."
    return MessageResponse(message=message)
