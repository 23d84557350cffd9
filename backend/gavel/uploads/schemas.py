from enum import StrEnum

from gavel.schemas import ApiModel


class UploadFolder(StrEnum):
    MEMBERS = "members"
    USERS = "users"
    VEHICLES = "vehicles"


class UploadOut(ApiModel):
    url: str
    name: str
    mime_type: str
    size: int
    width: int
    height: int
    thumbnail_url: str | None = None
