"""The few fields a screen needs to label a choice with a name."""

from pydantic import Field

from gavel.core.money import Money
from gavel.roles.schemas import PermissionOut
from gavel.schemas import ApiModel


class PlanName(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    name: str
    buying_power: Money = Field(description="Shown beside the name in the member form's plan picker")


class RoleName(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    name: str
    is_active: bool
    permissions: list[PermissionOut] = Field(description="What the role allows, shown in the user form")


class LocationName(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    title: str
    city: str | None
    status: str


class StaffName(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    full_name: str
    email: str
