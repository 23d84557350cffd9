"""First start: the Super Admin role and the first administrator."""

import logging
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import record
from gavel.config import Settings
from gavel.core.passwords import generate_password, hash_password
from gavel.permissions import Module, Privilege
from gavel.roles import repository as roles
from gavel.users import repository as users
from gavel.users.models import User
from gavel.users.passwords import password_problem

log = logging.getLogger("gavel.bootstrap")

SUPER_ADMIN = "Super Admin"
EVERYTHING: roles.Grants = {module: set(Privilege) for module in Module}


@dataclass(frozen=True)
class FirstAdmin:
    email: str
    generated_password: str | None


class BootstrapError(Exception):
    pass


async def ensure_first_admin(session: AsyncSession, settings: Settings) -> FirstAdmin | None:
    """Create the Super Admin role and the first administrator when there are no staff users yet."""
    if await users.count(session) > 0:
        return None
    role = await roles.by_name(session, SUPER_ADMIN) or await roles.add(session, SUPER_ADMIN, EVERYTHING)
    password = settings.admin_password
    generated = None
    if not password:
        password = generated = generate_password()
    elif problem := password_problem(password):
        raise BootstrapError(f"GAVEL_ADMIN_PASSWORD is not acceptable: {problem}")
    admin = User(
        full_name="Administrator",
        email=settings.admin_email.strip().lower(),
        role_id=role.id,
        password_hash=hash_password(password),
        user_account_status="Active",
        is_active=True,
    )
    session.add(admin)
    await session.flush()
    await record(
        session,
        action="user.created",
        entity="user",
        entity_id=admin.id,
        new={"email": admin.email, "role": SUPER_ADMIN, "reason": "first administrator"},
    )
    return FirstAdmin(email=admin.email, generated_password=generated)
