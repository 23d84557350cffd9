"""The dashboard's totals (SPEC.md section 3): the same counts the lists show, one meaning each."""

from pydantic import Field

from gavel.members.schemas import MemberCounts
from gavel.schemas import ApiModel
from gavel.users.schemas import UserCounts
from gavel.vehicles.schemas import VehicleCounts


class RoleTotals(ApiModel):
    total_roles: int
    total_active: int
    total_inactive: int
    total_assigned: int = Field(description="Roles held by at least one staff user")
    total_unassigned: int = Field(description="Roles no staff user holds")


class DashboardTotals(ApiModel):
    """Each part is null when the caller's role may not view its module."""

    vehicles: VehicleCounts | None = Field(
        description="The vehicle lists' counts; reviewTotal is every vehicle on the Review list (the top "
        "bar's badge), inspection completed included"
    )
    members: MemberCounts | None = Field(description="Members by status, entity and type")
    roles: RoleTotals | None
    users: UserCounts | None = Field(description="Staff users; inactive is suspended or inActive")
