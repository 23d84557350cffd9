"""The rules of staff users: unique email and phone, an active role, nobody locked out, no self-suspension."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.config import Settings
from gavel.core import events
from gavel.core.passwords import hash_password
from gavel.db import utcnow
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.permissions import Module, Privilege
from gavel.roles import repository as roles
from gavel.roles.service import LOCKOUT
from gavel.users import repository
from gavel.users.events import AccessWithdrawn
from gavel.users.models import User
from gavel.users.passwords import password_problem
from gavel.users.schemas import AccountStatus, UserCounts, UserCreate, UserEditable, UserUpdate

EDITABLE = (
    "full_name",
    "dob",
    "gender",
    "nic_number",
    "emirates_id",
    "passport_number",
    "home_country",
    "home_city",
    "profile_image",
)


def snapshot(user: User) -> dict[str, Any]:
    data = {
        name: getattr(user, name) for name in (*EDITABLE, "email", "phone", "user_account_status", "role_id")
    }
    data["dob"] = user.dob.isoformat() if user.dob else None
    return data


async def user_counts(session: AsyncSession) -> UserCounts:
    """How many staff users there are, active and not: what the staff screens show with each change."""
    total, active, inactive = await repository.counts(session)
    return UserCounts(total_users=total, active_users=active, inactive_users=inactive)


class UserService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def get(self, session: AsyncSession, user_id: str) -> User:
        user = await repository.by_id(session, user_id)
        if user is None:
            raise NotFound("This staff user does not exist.")
        return user

    async def _active_role(self, session: AsyncSession, role_id: str) -> None:
        role = await roles.by_id(session, role_id)
        if role is None:
            raise Invalid.field("rolePermission", "The chosen role does not exist.")
        if not role.is_active:
            raise Invalid.field(
                "rolePermission", f'The role "{role.name}" is switched off; choose an active role.'
            )

    async def _still_a_role_editor(self, session: AsyncSession, users: list[User]) -> None:
        if await repository.remaining_role_editors(session, without_users=[u.id for u in users]) == 0:
            raise Conflict(LOCKOUT)

    def _apply(self, user: User, body: UserEditable) -> None:
        for name in EDITABLE:
            setattr(user, name, getattr(body, name))
        user.gender = body.gender.value if body.gender else None
        user.role_id = body.role_permission

    async def create(self, session: AsyncSession, body: UserCreate, actor: Actor) -> User:
        errors = []
        email_taken, phone_taken = await repository.taken(session, body.email, body.phone)
        if email_taken:
            errors.append(FieldError(field="email", message="A staff user with this email already exists."))
        if phone_taken:
            errors.append(
                FieldError(field="phone", message="A staff user with this phone number already exists.")
            )
        if errors:
            raise Conflict(errors[0].message, errors=errors)
        if problem := password_problem(body.password):
            raise Invalid.field("password", problem)
        await self._active_role(session, body.role_permission)
        user = User(
            email=body.email,
            phone=body.phone,
            user_account_status=body.user_account_status.value,
            is_active=body.user_account_status == AccountStatus.ACTIVE,
            password_hash=hash_password(body.password),
            # The administrator chose this password: the colleague chooses their own at the first sign-in.
            must_change_password=True,
        )
        self._apply(user, body)
        session.add(user)
        await session.flush()
        await session.refresh(user, ["role"])
        await record_change(session, actor, "user.created", "user", user.id, new=snapshot(user))
        return user

    async def update(self, session: AsyncSession, user_id: str, body: UserUpdate, actor: Actor) -> User:
        user = await self.get(session, user_id)
        before = snapshot(user)
        if body.role_permission != user.role_id:
            await self._active_role(session, body.role_permission)
            new_role = await roles.by_id(session, body.role_permission)
            if new_role is not None and not new_role.allows(Module.ROLES.value, Privilege.EDIT):
                await self._still_a_role_editor(session, [user])
        self._apply(user, body)
        await session.flush()
        await session.refresh(user, ["role"])
        await record_change(session, actor, "user.updated", "user", user.id, old=before, new=snapshot(user))
        return user

    async def _many(self, session: AsyncSession, ids: list[str]) -> list[User]:
        wanted = list(dict.fromkeys(ids))
        users = await repository.by_ids(session, wanted)
        missing = len(wanted) - len(users)
        if missing:
            raise NotFound(
                f"{missing} of the selected staff users no longer exist{'s' if missing == 1 else ''}."
            )
        return users

    async def set_status(
        self, session: AsyncSession, ids: list[str], status: AccountStatus, actor: Actor
    ) -> list[User]:
        """All or nothing: suspending or deactivating ends the users' sessions at once."""
        users = await self._many(session, ids)
        if status != AccountStatus.ACTIVE:
            if any(u.id == actor.id for u in users):
                verb = "suspend" if status == AccountStatus.SUSPENDED else "deactivate"
                raise Conflict(f"You cannot {verb} your own account.")
            await self._still_a_role_editor(session, users)
        now = utcnow()
        for user in users:
            if user.user_account_status == status.value:
                continue
            old = user.user_account_status
            user.user_account_status = status.value
            user.is_active = status == AccountStatus.ACTIVE
            if status != AccountStatus.ACTIVE:
                await events.publish(session, AccessWithdrawn(user=user, status=status.value, at=now))
            await record_change(
                session,
                actor,
                "user.status_changed",
                "user",
                user.id,
                old={"userAccountStatus": old},
                new={"userAccountStatus": status.value},
            )
        return users

    async def delete(self, session: AsyncSession, ids: list[str], actor: Actor) -> int:
        users = await self._many(session, ids)
        if any(u.id == actor.id for u in users):
            raise Conflict("You cannot delete your own account.")
        await self._still_a_role_editor(session, users)
        for user in users:
            await record_change(session, actor, "user.deleted", "user", user.id, old=snapshot(user))
            await session.delete(user)
        return len(users)
