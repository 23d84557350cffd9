import re
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from pydantic import Field, field_validator

from gavel.core.paging import PageQuery
from gavel.core.validation import check_adult, check_emirates_id, normalise_email, normalise_phone
from gavel.i18n.language import Language
from gavel.roles.schemas import RoleOut
from gavel.schemas import ApiModel, Sentence


class AccountStatus(StrEnum):
    ACTIVE = "Active"
    SUSPENDED = "Suspended"
    INACTIVE = "inActive"  # SPEC.md's spelling


class Gender(StrEnum):
    MALE = "M"
    FEMALE = "F"
    OTHER = "X"


class UserOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    full_name: str
    email: str
    phone: str | None
    dob: date | None = None
    gender: str | None = None
    nic_number: str | None = None
    emirates_id: str | None = None
    passport_number: str | None = None
    home_country: str | None = None
    home_city: str | None = None
    profile_image: str | None = None
    user_account_status: str
    is_active: bool
    must_change_password: bool
    language: Language = Field(
        default=Language.EN, description="The web app's language for this user: en or ar"
    )
    role_permission: str | None = Field(validation_alias="role_id")
    role_permission_data: RoleOut | None = Field(validation_alias="role")
    created_at: datetime | None = None
    two_step_enabled: bool | None = Field(
        default=None,
        description="Whether two-step sign-in is on: given by the staff list and its create and edit calls, "
        "null elsewhere (GET /api/auth/two-step answers for the signed-in user)",
    )


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        value = " ".join(value.split())
        return value or None
    return value


class UserEditable(ApiModel):
    """The fields of a staff user that an administrator may change after creating them."""

    full_name: str = Field(max_length=150)
    dob: date | None = None
    gender: Gender | None = None
    nic_number: str | None = Field(default=None, max_length=40)
    emirates_id: str | None = Field(default=None, max_length=18)
    passport_number: str | None = Field(default=None, max_length=20)
    home_country: str | None = Field(default=None, max_length=80)
    home_city: str | None = Field(default=None, max_length=80)
    profile_image: str | None = Field(default=None, max_length=500)
    role_permission: str = Field(min_length=1, max_length=32)

    _trim = field_validator(
        "nic_number", "emirates_id", "passport_number", "home_country", "home_city", mode="before"
    )(_clean)

    @field_validator("full_name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) < 2:
                raise ValueError("Enter the full name (at least 2 characters).")
        return value

    @field_validator("passport_number")
    @classmethod
    def _passport(cls, value: str | None) -> str | None:
        if value is not None and not re.fullmatch(r"[A-Za-z0-9]{5,20}", value):
            raise ValueError("Enter the passport number: 5 to 20 letters and digits.")
        return value.upper() if value else None

    @field_validator("dob")
    @classmethod
    def _dob(cls, value: date | None) -> date | None:
        return check_adult(value) if value else None

    @field_validator("emirates_id")
    @classmethod
    def _emirates_id(cls, value: str | None) -> str | None:
        return check_emirates_id(value) if value else None


class UserCreate(UserEditable):
    email: str = Field(max_length=254)
    phone: str = Field(min_length=4, max_length=30)
    user_account_status: AccountStatus = AccountStatus.ACTIVE
    password: str = Field(max_length=1024)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        return normalise_email(value)

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str) -> str:
        return normalise_phone(value)


class UserUpdate(UserEditable):
    pass


class UserQuery(PageQuery):
    user_account_status: AccountStatus | None = None
    role_permission: str | None = Field(default=None, max_length=32)


class UserCounts(ApiModel):
    total_users: int
    active_users: int
    inactive_users: int


class UserList(UserCounts):
    users: list[UserOut]
    total_pages: int
    current_page: int
    total_matching: int = Field(description="How many records match the search and filters")


class UserWithCounts(UserCounts):
    user: UserOut


class UserIds(ApiModel):
    user_ids: list[str] = Field(min_length=1, max_length=100)


class UserAccountStatusChange(ApiModel):
    user_account_status: AccountStatus
    ids: list[str] = Field(min_length=1, max_length=100)


class UserCountsMessage(UserCounts):
    message: Sentence
