"""The rules of roles: unique names, nobody locked out, no role deleted while someone holds it."""

from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.errors import Conflict, FieldError, NotFound
from gavel.permissions import PRIVILEGE_COLUMNS, Module, Privilege, offered
from gavel.roles import repository
from gavel.roles.models import Role, RolePermission
from gavel.roles.schemas import PermissionIn, RoleCreate, RoleUpdate

LOCKOUT = (
    "At least one active staff user must keep the privilege to edit roles; "
    "this change would lock everyone out of the back office."
)


def snapshot(role: Role) -> dict[str, Any]:
    return {
        "name": role.name,
        "isActive": role.is_active,
        "requireTwoStep": role.require_two_step,
        "permissions": {
            p.module: [
                name
                for name, granted in (
                    ("add", p.can_add),
                    ("view", p.can_view),
                    ("edit", p.can_edit),
                    ("delete", p.can_delete),
                    ("updateStatus", p.can_update_status),
                )
                if granted
            ]
            for p in role.permissions
        },
    }


def _rows(permissions: list[PermissionIn]) -> list[RolePermission]:
    given = {p.module: p for p in permissions}
    rows = []
    for module in Module:
        p = given.get(module, PermissionIn(module=module))
        boxes = {
            Privilege.ADD: p.add,
            Privilege.VIEW: p.view,
            Privilege.EDIT: p.edit,
            Privilege.DELETE: p.delete,
            Privilege.UPDATE_STATUS: p.update_status,
        }
        # A box that allows nothing in this module is never stored as granted (the grid shows it disabled).
        rows.append(
            RolePermission(
                module=module.value,
                **{PRIVILEGE_COLUMNS[k]: on and offered(module, k) for k, on in boxes.items()},
            )
        )
    return rows


class RoleHolders(Protocol):
    """Who holds roles: the staff users' role (users, above roles) answers it, passed in by the routes that
    change roles (users/roles_router.py with users/role_holders.py)."""

    async def held(self, session: AsyncSession, role_ids: list[str]) -> dict[str, int]:
        """How many staff users hold each role."""
        ...

    async def editors_without(self, session: AsyncSession, role_id: str) -> int:
        """Active users whose active role, other than this one, may edit roles."""
        ...


def _edits_roles(role: Role) -> bool:
    return role.is_active and any(p.module == Module.ROLES.value and p.can_edit for p in role.permissions)


class RoleService:
    async def _unique_name(self, session: AsyncSession, name: str, own_id: str | None = None) -> None:
        existing = await repository.by_name(session, name)
        if existing is not None and existing.id != own_id:
            message = f'A role named "{existing.name}" already exists.'
            raise Conflict(message, errors=[FieldError(field="name", message=message)])

    async def _keep_a_role_editor(self, session: AsyncSession, role: Role, holders: RoleHolders) -> None:
        if await holders.editors_without(session, role.id) == 0:
            raise Conflict(LOCKOUT)

    async def get(self, session: AsyncSession, role_id: str) -> Role:
        role = await repository.by_id(session, role_id)
        if role is None:
            raise NotFound("This role does not exist.")
        return role

    async def create(self, session: AsyncSession, body: RoleCreate, actor: Actor) -> Role:
        await self._unique_name(session, body.name)
        role = Role(
            name=body.name,
            is_active=body.is_active,
            require_two_step=bool(body.require_two_step),
            permissions=_rows(body.permissions),
        )
        session.add(role)
        await session.flush()
        await record_change(session, actor, "role.created", "role", role.id, new=snapshot(role))
        return role

    async def update(
        self, session: AsyncSession, role_id: str, body: RoleUpdate, actor: Actor, holders: RoleHolders
    ) -> Role:
        role = await self.get(session, role_id)
        await self._unique_name(session, body.name, role.id)
        before = snapshot(role)
        was_editor = _edits_roles(role)
        role.name = body.name
        if body.require_two_step is not None:
            role.require_two_step = body.require_two_step
        # Update rows in place so that the unique (role, module) pairs never clash within the flush.
        rows = {row.module: row for row in role.permissions}
        for new in _rows(body.permissions):
            row = rows.get(new.module)
            if row is None:
                role.permissions.append(new)
                continue
            row.can_add, row.can_view, row.can_edit = new.can_add, new.can_view, new.can_edit
            row.can_delete, row.can_update_status = new.can_delete, new.can_update_status
        if was_editor and not _edits_roles(role):
            await session.flush()
            await self._keep_a_role_editor(session, role, holders)
        await record_change(session, actor, "role.updated", "role", role.id, old=before, new=snapshot(role))
        return role

    async def set_active(
        self, session: AsyncSession, role_id: str, is_active: bool, actor: Actor, holders: RoleHolders
    ) -> Role:
        role = await self.get(session, role_id)
        if role.is_active == is_active:
            return role
        if not is_active and _edits_roles(role):
            await self._keep_a_role_editor(session, role, holders)
        role.is_active = is_active
        await record_change(
            session,
            actor,
            "role.activated" if is_active else "role.deactivated",
            "role",
            role.id,
            old={"isActive": not is_active},
            new={"isActive": is_active},
        )
        return role

    async def delete(
        self, session: AsyncSession, role_ids: list[str], actor: Actor, holders: RoleHolders
    ) -> int:
        """Delete every role named, or none: a missing role or one still held by users stops them all."""
        wanted = list(dict.fromkeys(role_ids))
        roles = await repository.by_ids(session, wanted)
        missing = set(wanted) - {r.id for r in roles}
        if missing:
            raise NotFound(
                f"{len(missing)} of the selected roles no longer exist{'s' if len(missing) == 1 else ''}."
            )
        held = await holders.held(session, wanted)
        blocked = [r for r in roles if held.get(r.id)]
        if blocked:
            details = "; ".join(
                f'"{r.name}" is held by {held[r.id]} user{"s" if held[r.id] != 1 else ""}' for r in blocked
            )
            raise Conflict(
                f"Roles still held by staff users cannot be deleted: {details}. Move those users first."
            )
        for role in roles:
            await record_change(session, actor, "role.deleted", "role", role.id, old=snapshot(role))
            await session.delete(role)
        return len(roles)


role_service = RoleService()
