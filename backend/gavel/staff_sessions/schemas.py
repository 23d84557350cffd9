"""The staff session console: a page of live sessions, and the answer to ending one."""

from datetime import datetime
from enum import StrEnum

from pydantic import Field

from gavel.core.paging import PageQuery
from gavel.schemas import ApiModel, Sentence


class StaffSessionSort(StrEnum):
    LAST_ACTIVE_AT = "lastActiveAt"
    SIGNED_IN_AT = "signedInAt"


class StaffSessionQuery(PageQuery):
    """Paging, a search over the staff user's name and email, and the sort (last activity by default)."""

    sort_by: StaffSessionSort | None = None


class StaffSessionOut(ApiModel):
    id: str = Field(serialization_alias="_id")
    user_id: str
    full_name: str
    email: str
    role_name: str | None = Field(description="The staff user's role; null when they have none")
    device_name: str
    operating_system: str
    browser_name: str
    ip_address: str
    signed_in_at: datetime
    last_active_at: datetime
    is_current: bool = Field(description="The caller's own session: it cannot be ended from the console")


class StaffSessionList(ApiModel):
    data: list[StaffSessionOut]
    total_pages: int
    current_page: int
    total_matching: int = Field(description="How many live sessions match the search")


class StaffSessionEnded(ApiModel):
    message: Sentence
    data: StaffSessionOut
