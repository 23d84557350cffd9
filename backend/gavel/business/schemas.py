from datetime import datetime
from decimal import Decimal
from typing import Any

from pydantic import Field, field_validator

from gavel.business.models import PROMO_OPT_OUT_LIMIT
from gavel.core.money import Money
from gavel.core.validation import check_iban, check_trn, normalise_email, normalise_phone
from gavel.schemas import ApiModel


class BusinessFields(ApiModel):
    legal_name: str = Field(max_length=150)
    trn: str | None = Field(default=None, description="The business's Tax Registration Number (15 digits)")
    address: str = Field(max_length=500)
    phone: str | None = None
    email: str | None = None
    vat_rate: Money = Field(description="Percent, e.g. 5")
    payment_window_hours: int = Field(description="Hours a buyer has to pay after the sale")
    free_storage_days: int = Field(description="Days a sold vehicle stays without storage charges")
    invoice_prefix: str = Field(description="2 to 10 capital letters or digits, e.g. INV")
    promo_quiet_from: str | None = Field(
        default=None,
        description="HH:MM (Dubai): promotional SMS and WhatsApp wait from then; kept when left out",
    )
    promo_quiet_until: str | None = Field(
        default=None, description="HH:MM (Dubai): until then; kept when left out"
    )
    promo_opt_out_en: str | None = Field(
        default=None,
        description="The English line every promotional SMS ends with (at most 100 characters), e.g. 'To opt "
        "out send B AD-GAVEL to 7726'; kept when left out",
    )
    promo_opt_out_ar: str | None = Field(
        default=None, description="The Arabic line (at most 100 characters); kept when left out"
    )
    approval_deadline_time: str | None = Field(
        default=None,
        description="HH:MM (Dubai): a lot sold below its reserve waits for the seller's answer until this "
        "time of the next working day (Monday to Friday); kept when left out",
    )
    bank_name: str | None = Field(
        default=None,
        max_length=100,
        description="The bank members pay into, printed under 'How to pay'; kept when left out; '' empties",
    )
    bank_account_name: str | None = Field(
        default=None,
        max_length=150,
        description="The account's name at the bank (the legal name when empty); kept when left out",
    )
    iban: str | None = Field(
        default=None,
        description="The account's IBAN (AE and 21 digits in the UAE); kept when left out, '' empties it",
    )

    @field_validator("legal_name", "address", mode="before")
    @classmethod
    def _squash(cls, value: Any) -> Any:
        return " ".join(value.split()) if isinstance(value, str) else value

    @field_validator("legal_name")
    @classmethod
    def _name(cls, value: str) -> str:
        if len(value) < 2:
            raise ValueError("Enter the legal name of the business.")
        return value

    @field_validator("address")
    @classmethod
    def _address(cls, value: str) -> str:
        if len(value) < 5:
            raise ValueError("Enter the address printed on invoices.")
        return value

    _trn = field_validator("trn")(check_trn)

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str | None) -> str | None:
        return normalise_phone(value) if value and value.strip() else None

    @field_validator("email")
    @classmethod
    def _email(cls, value: str | None) -> str | None:
        return normalise_email(value) if value and value.strip() else None

    @field_validator("vat_rate")
    @classmethod
    def _rate(cls, value: Decimal) -> Decimal:
        if value > 100:
            raise ValueError("The VAT rate is a percentage from 0 to 100.")
        return value

    @field_validator("payment_window_hours")
    @classmethod
    def _window(cls, value: int) -> int:
        if not 1 <= value <= 720:
            raise ValueError("The payment window is 1 to 720 hours.")
        return value

    @field_validator("free_storage_days")
    @classmethod
    def _free(cls, value: int) -> int:
        if not 0 <= value <= 60:
            raise ValueError("Free storage is 0 to 60 days.")
        return value

    @field_validator("invoice_prefix", mode="before")
    @classmethod
    def _prefix(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().upper()
            if not (2 <= len(value) <= 10 and value.isalnum() and value.isascii()):
                raise ValueError("The invoice prefix is 2 to 10 letters or digits, e.g. INV.")
        return value

    @field_validator("promo_opt_out_en", "promo_opt_out_ar")
    @classmethod
    def _opt_out(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = " ".join(value.split())
        if not value:
            raise ValueError("Enter the text that tells members how to opt out of promotional SMS.")
        if len(value) > PROMO_OPT_OUT_LIMIT:
            raise ValueError(
                f"The opt-out text is {len(value)} characters; it may have at most {PROMO_OPT_OUT_LIMIT}."
            )
        return value

    @field_validator("bank_name", "bank_account_name")
    @classmethod
    def _bank_text(cls, value: str | None) -> str | None:
        return None if value is None else " ".join(value.split())  # '' stays '': empty the field

    @field_validator("iban")
    @classmethod
    def _iban(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return value if value is None else ""
        return check_iban(value)

    @field_validator("promo_quiet_from", "promo_quiet_until", "approval_deadline_time")
    @classmethod
    def _clock(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip()
        hours, _, minutes = value.partition(":")
        if not (len(hours) == 2 and len(minutes) == 2 and hours.isdigit() and minutes.isdigit()):
            raise ValueError("Enter the time as HH:MM, e.g. 21:00.")
        if int(hours) > 23 or int(minutes) > 59:
            raise ValueError("Enter a time from 00:00 to 23:59.")
        return value


class BusinessOut(ApiModel):
    legal_name: str
    trn: str | None
    address: str
    phone: str | None
    email: str | None
    vat_rate: Money
    payment_window_hours: int
    free_storage_days: int
    invoice_prefix: str
    promo_quiet_from: str = Field(description="HH:MM (Dubai): promotional SMS and WhatsApp wait from then")
    promo_quiet_until: str = Field(description="HH:MM (Dubai): until then")
    promo_opt_out_en: str = Field(description="The English line every promotional SMS ends with")
    promo_opt_out_ar: str = Field(description="The Arabic line every promotional SMS ends with")
    approval_deadline_time: str = Field(
        description="HH:MM (Dubai): the seller of a lot on approval answers by this time of the next "
        "working day"
    )
    bank_name: str | None = Field(default=None, description="Printed on the tax invoice under 'How to pay'")
    bank_account_name: str | None = None
    iban: str | None = Field(default=None, description="Compact (no spaces); the PDF groups it by four")
    updated_at: datetime
