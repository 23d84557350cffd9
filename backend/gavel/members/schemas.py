from datetime import date, datetime
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, field_validator, model_validator

from gavel.core.money import Money
from gavel.core.paging import PageQuery
from gavel.core.validation import age_on, check_iban, check_trn, normalise_email, normalise_phone
from gavel.members.language import Language
from gavel.schemas import LAST_DAY, ApiModel, Day, Sentence


class MemberStatus(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    INACTIVE = "inActive"
    DEACTIVATED = "deactivated"


class MemberType(StrEnum):
    SELLER = "seller"
    BUYER = "buyer"


class MemberEntity(StrEnum):
    INDIVIDUAL = "individual"
    ORGANIZATION = "organization"


class SellerType(StrEnum):
    INDIVIDUAL = "individual"
    DEALER = "dealer"
    BANK = "bank"
    INSURANCE = "insurance"
    RENTAL = "rental"
    FLEET = "fleet"
    GOVERNMENT = "government"


class IdentityType(StrEnum):
    NIC = "nic"
    PASSPORT = "passport"


def _image_url(value: Any) -> Any:
    """An image may be sent as a URL string or as an object with a url field (SPEC.md section 3)."""
    if isinstance(value, dict):
        value = value.get("url")
    if value in (None, ""):
        return None
    if not isinstance(value, str) or not value.startswith("/public/") or ".." in value:
        raise ValueError("Upload the image first and send the URL Gavel answered.")
    return value


ImageUrl = Annotated[str | None, BeforeValidator(_image_url)]


def _squash(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.split()) or None
    return value


Text = Annotated[str | None, BeforeValidator(_squash)]


class MemberProfileIn(ApiModel):
    nationality: Text = Field(default=None, max_length=60)
    address: Text = Field(default=None, max_length=300)
    emirate: Text = Field(default=None, max_length=40)
    city: Text = Field(default=None, max_length=80)
    dob: date | None = None
    trade_license_number: Text = Field(default=None, max_length=40)
    trade_license_expiry: date | None = None
    identity_type: IdentityType
    identity_expiry: date
    identity_front_image: ImageUrl = None
    identity_back_image: ImageUrl = None
    trade_license_image: ImageUrl = None

    @field_validator("identity_expiry")
    @classmethod
    def _not_expired(cls, value: date) -> date:
        if value <= date.today():
            raise ValueError("The identity document has expired; ask the member for a valid one.")
        return value

    @field_validator("identity_expiry", "trade_license_expiry")
    @classmethod
    def _real_expiry(cls, value: date | None) -> date | None:
        if value is not None and value > LAST_DAY:
            raise ValueError("Enter the expiry date on the document (31/12/2100 at the latest).")
        return value

    @field_validator("dob")
    @classmethod
    def _adult(cls, value: date | None) -> date | None:
        if value is not None:
            if value >= date.today():
                raise ValueError("The date of birth must be in the past.")
            if age_on(value, date.today()) < 18:
                raise ValueError("Members must be at least 18 years old.")
            if value.year < 1900:
                raise ValueError("Enter a real date of birth.")
        return value


class MemberEditable(ApiModel):
    first_name: str = Field(min_length=1, max_length=80)
    last_name: str = Field(min_length=1, max_length=80)
    profile_image: ImageUrl = None
    is_trusted_seller: bool = False
    member_identity_no: str = Field(min_length=3, max_length=40)
    member_types: list[MemberType] = Field(min_length=1, max_length=2)
    seller_type: SellerType | None = None
    member_entity: MemberEntity
    company_name: Text = Field(default=None, max_length=150)
    trn: str | None = Field(default=None, description="Tax Registration Number, when registered for VAT")
    bank_account_name: Text = Field(default=None, max_length=150, description="Where payouts go")
    bank_iban: str | None = Field(default=None, description="Checked by its check digits")
    bank_name: Text = Field(default=None, max_length=120)
    security_plan: str | None = Field(default=None, max_length=32, description="A security plan's _id")
    preferred_language: Language | None = Field(
        default=None, description="The language of their messages; kept when left out (en for a new member)"
    )
    # Consents change only by a consent record (POST /members/{id}/consents): a value that differs from the
    # member's current one is refused (422 at the field); the same value, or none, is fine.
    promo_consent_sms: bool | None = Field(
        default=None,
        description="Promotions by SMS: only the member's current value (changed by a consent record)",
    )
    promo_consent_whatsapp: bool | None = Field(
        default=None,
        description="Promotions by WhatsApp: only the member's current value (changed by a consent record)",
    )
    promo_consent_email: bool | None = Field(
        default=None,
        description="Promotions by email: only the member's current value (changed by a consent record)",
    )
    member_profile: MemberProfileIn

    _names = field_validator("first_name", "last_name", "member_identity_no", mode="before")(_squash)
    _trn = field_validator("trn")(check_trn)
    _iban = field_validator("bank_iban")(check_iban)

    @field_validator("member_types")
    @classmethod
    def _distinct(cls, value: list[MemberType]) -> list[MemberType]:
        if len(set(value)) != len(value):
            raise ValueError("Each member type may appear only once.")
        return value

    @model_validator(mode="after")
    def _entity_rules(self) -> "MemberEditable":
        profile = self.member_profile
        if self.member_entity == MemberEntity.ORGANIZATION:
            if not self.company_name:
                raise ValueError("Enter the company name of an organization.")
            if profile.trade_license_expiry is not None and profile.trade_license_expiry <= date.today():
                raise ValueError("The trade licence has expired; ask the member for a valid one.")
        if MemberType.SELLER not in self.member_types:
            self.seller_type = None
            self.is_trusted_seller = False
        return self


class MemberCreate(MemberEditable):
    email: str = Field(max_length=254)
    phone: str = Field(min_length=4, max_length=30)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        return normalise_email(value)

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str) -> str:
        return normalise_phone(value)


class MemberUpdate(MemberEditable):
    pass


class MemberProfileOut(ApiModel):
    nationality: str | None
    address: str | None
    emirate: str | None
    city: str | None
    dob: date | None
    trade_license_number: str | None
    trade_license_expiry: date | None
    identity_type: str
    identity_expiry: date
    identity_front_image: str | None
    identity_back_image: str | None
    trade_license_image: str | None


class PlanSummary(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    name: str
    buying_power: Money


class MemberOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    first_name: str
    last_name: str
    email: str
    phone: str
    profile_image: str | None
    is_trusted_seller: bool
    role: str = "member"
    member_identity_no: str
    member_types: list[str]
    seller_type: str | None
    member_entity: str
    company_name: str | None
    trn: str | None
    deposit_held: Money = Field(description="The security deposit held")
    bank_account_name: str | None
    bank_iban: str | None
    bank_name: str | None
    status: str
    request_type: str
    security_plan: PlanSummary | None
    buying_power: Money
    auction_history: list[dict[str, Any]] = Field(default_factory=list)
    vehicle_with_payment: list[dict[str, Any]] = Field(default_factory=list)
    member_profile: MemberProfileOut = Field(validation_alias="profile")
    created_at: datetime
    updated_at: datetime
    status_changed_at: datetime | None
    status_reason: str | None = Field(
        description="Why the member was rejected, deactivated or set inactive; empty after any other change"
    )
    preferred_language: Language = Field(description="The language of their messages")
    promo_consent_sms: bool = Field(description="Agreed to promotions by SMS (the newest consent record)")
    promo_consent_whatsapp: bool = Field(
        description="Agreed to promotions by WhatsApp (the newest consent record)"
    )
    promo_consent_email: bool = Field(description="Agreed to promotions by email (the newest consent record)")


class MemberQuery(PageQuery):
    status: MemberStatus | None = Field(default=None, description="Omitted: the inActive list (SPEC.md)")
    member_type: MemberType | None = None
    member_entity: MemberEntity | None = None
    seller_type: SellerType | None = None
    is_trusted_seller: bool | None = None
    security_plan: str | None = Field(default=None, max_length=32)
    registered_from: Day | None = None
    registered_to: Day | None = None

    @model_validator(mode="after")
    def _range(self) -> "MemberQuery":
        if self.registered_from and self.registered_to and self.registered_from > self.registered_to:
            raise ValueError("The registration date range ends before it starts.")
        return self


class MemberCounts(ApiModel):
    total_members: int
    total_sellers: int
    total_buyers: int
    total_individuals: int
    total_orginization: int  # SPEC.md's spelling
    total_pending: int
    total_approved: int
    total_rejected: int
    total_in_active: int
    total_deactivated: int


class MemberList(MemberCounts):
    members: list[MemberOut]
    total_pages: int
    current_page: int
    total_matching: int


class MemberCreated(MemberCounts):
    data: MemberOut


class MemberStatusChange(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)
    status: MemberStatus
    reason: Text = Field(
        default=None,
        max_length=500,
        description="Required (at least 3 characters) for rejected and deactivated; kept for inActive",
    )


class MemberAccountStatusChange(ApiModel):
    ids: list[str] = Field(min_length=1, max_length=100)
    is_trusted_seller: bool


class MemberIds(ApiModel):
    member_ids: list[str] = Field(min_length=1, max_length=100)


class MemberCountsMessage(MemberCounts):
    message: Sentence
