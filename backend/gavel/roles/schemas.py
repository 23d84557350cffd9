from datetime import datetime

from pydantic import Field, field_validator

from gavel.core.paging import PageQuery
from gavel.permissions import Module, Privilege
from gavel.schemas import ApiModel, Sentence


class PermissionOut(ApiModel):
    module: str
    add: bool = Field(validation_alias="can_add")
    view: bool = Field(validation_alias="can_view")
    edit: bool = Field(validation_alias="can_edit")
    delete: bool = Field(validation_alias="can_delete")
    update_status: bool = Field(validation_alias="can_update_status")


class RoleOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    name: str
    is_active: bool
    require_two_step: bool = Field(description="Its users must sign in with an authenticator app code too")
    permissions: list[PermissionOut]


class RoleListItem(RoleOut):
    assigned_users: int = 0
    created_at: datetime
    updated_at: datetime


class PermissionIn(ApiModel):
    module: Module
    add: bool = False
    view: bool = False
    edit: bool = False
    delete: bool = False
    update_status: bool = False


class RoleUpdate(ApiModel):
    name: str = Field(min_length=2, max_length=100)
    permissions: list[PermissionIn] = Field(max_length=len(Module))
    require_two_step: bool | None = Field(
        default=None, description="Require two-step sign-in of its users; left as it is when not given"
    )

    @field_validator("name")
    @classmethod
    def _trim(cls, value: str) -> str:
        value = " ".join(value.split())
        if len(value) < 2:
            raise ValueError("The role name must be at least 2 characters long.")
        return value

    @field_validator("permissions")
    @classmethod
    def _one_entry_per_module(cls, value: list[PermissionIn]) -> list[PermissionIn]:
        modules = [p.module for p in value]
        if len(modules) != len(set(modules)):
            raise ValueError("Each module may appear only once in the permissions.")
        return value


class RoleCreate(RoleUpdate):
    is_active: bool = True


class RoleToggle(ApiModel):
    is_active: bool


class RoleDelete(ApiModel):
    role_ids: list[str] = Field(min_length=1, max_length=100)


class RoleQuery(PageQuery):
    is_active: bool | None = None


class RoleList(ApiModel):
    roles: list[RoleListItem]
    total_roles: int
    total_active: int
    total_inactive: int
    total_pages: int
    current_page: int
    total_matching: int = Field(description="How many records match the search and filters")


class SuccessMessage(ApiModel):
    success: bool
    message: Sentence


class PrivilegeBox(ApiModel):
    privilege: Privilege
    allows: str = Field(description="What the box allows in this module, in words: 'void invoices'")


class ModulePrivileges(ApiModel):
    """A row of the privileges grid: the boxes that allow something in the module (the others do not)."""

    module: Module
    boxes: list[PrivilegeBox]
