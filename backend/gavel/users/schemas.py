from pydantic import Field

from gavel.roles.schemas import RoleOut
from gavel.schemas import ApiModel


class UserOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    full_name: str
    email: str
    phone: str | None
    user_account_status: str
    is_active: bool
    must_change_password: bool
    role_permission: str | None = Field(validation_alias="role_id")
    role_permission_data: RoleOut | None = Field(validation_alias="role")
