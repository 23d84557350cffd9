from pydantic import Field

from gavel.schemas import ApiModel


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
    permissions: list[PermissionOut]
