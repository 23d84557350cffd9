"""Staff users (SPEC.md section 7, Staff users)."""

from fastapi import APIRouter

from gavel.core.bulk import plural
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.users import repository
from gavel.users.deps import CanAdd, CanDelete, CanEdit, CanUpdateStatus, CanView, UserServiceDep
from gavel.users.models import User
from gavel.users.schemas import (
    UserAccountStatusChange,
    UserCountsMessage,
    UserCreate,
    UserIds,
    UserList,
    UserOut,
    UserQuery,
    UserUpdate,
    UserWithCounts,
)
from gavel.users.service import user_counts

router = APIRouter(prefix="/users", tags=["users"])

Errors = error_responses(403, 404, 409, 422)


def _out(user: User, two_step_enabled: bool) -> UserOut:
    out = UserOut.model_validate(user)
    out.two_step_enabled = two_step_enabled
    return out


@router.post("/get", response_model=UserList, responses=Errors)
async def list_users(body: UserQuery, session: SessionDep, _: CanView) -> UserList:
    """A page of staff users with search over name, email and phone, and the counts."""
    counts = await user_counts(session)
    users, total = await repository.page(
        session,
        search=body.search_term,
        status=body.user_account_status.value if body.user_account_status else None,
        role_id=body.role_permission,
        sort_by=body.sort_by,
        sort_order=body.sort_order,
        offset=body.offset,
        limit=body.limit,
        all_users=counts.total_users,
    )
    return UserList(
        users=[_out(user, two_step) for user, two_step in users],
        total_pages=total_pages(total, body.limit),
        total_matching=total,
        current_page=body.page_no,
        **counts.model_dump(),
    )


@router.post("/create", response_model=UserWithCounts, status_code=201, responses=Errors)
async def create_user(
    body: UserCreate, session: SessionDep, service: UserServiceDep, principal: CanAdd
) -> UserWithCounts:
    """Create a staff user with one role and an initial password."""
    user = await service.create(session, body, principal.actor)
    return UserWithCounts(user=_out(user, False), **(await user_counts(session)).model_dump())


@router.delete("/delete", response_model=UserCountsMessage, responses=Errors)
async def delete_users(
    body: UserIds, session: SessionDep, service: UserServiceDep, principal: CanDelete
) -> UserCountsMessage:
    """Delete staff users; all or nothing, never yourself."""
    deleted = await service.delete(session, body.user_ids, principal.actor)
    await session.flush()
    message = f"{deleted} staff user{'s' if deleted != 1 else ''} deleted."
    return UserCountsMessage(message=message, **(await user_counts(session)).model_dump())


@router.put("/update-account-status", response_model=UserCountsMessage, responses=Errors)
async def update_account_status(
    body: UserAccountStatusChange, session: SessionDep, service: UserServiceDep, principal: CanUpdateStatus
) -> UserCountsMessage:
    """Set Active, Suspended or inActive on several users; their sessions end when they lose access."""
    users = await service.set_status(session, body.ids, body.user_account_status, principal.actor)
    await session.flush()
    message = f"{plural(len(users), 'staff user')} set to {body.user_account_status.value.lower()}."

    return UserCountsMessage(message=message, **(await user_counts(session)).model_dump())


@router.put("/update-user/{userId}", response_model=UserOut, responses=Errors)
async def update_user(
    userId: str, body: UserUpdate, session: SessionDep, service: UserServiceDep, principal: CanEdit
) -> UserOut:
    """Change a staff user's details and role (not email, phone or status)."""
    user = await service.update(session, userId, body, principal.actor)
    return _out(user, await repository.two_step_enabled(session, user.id))
