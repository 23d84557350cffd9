"""The shapes of the consent records' API (camelCase on the wire)."""

from datetime import datetime

from pydantic import Field

from gavel.members.consents.methods import (
    DEFAULT_WORDING,
    RULES,
    STAFF_METHODS,
    ConsentMethod,
    PromoChannel,
    label_of,
)
from gavel.members.consents.models import ConsentRecord
from gavel.members.schemas import MemberOut
from gavel.schemas import ApiModel


class ConsentMethodOption(ApiModel):
    value: ConsentMethod
    label: str
    for_consent: bool = Field(description="Staff may record a consent given this way")
    for_withdrawal: bool = Field(description="Staff may record a withdrawal made this way")


class ConsentWording(ApiModel):
    sms: str
    whatsapp: str
    email: str


class ConsentOptions(ApiModel):
    methods: list[ConsentMethodOption] = Field(description="The methods staff may choose, in this order")
    wording: ConsentWording = Field(description="The default wording per channel (English)")


class ConsentIn(ApiModel):
    channel: PromoChannel
    given: bool = Field(description="true: the member agrees; false: the member withdraws")
    method: ConsentMethod
    wording: str | None = Field(
        default=None,
        max_length=4000,
        description="What the member agreed to: required (at least 20 characters) to give consent",
    )


class ConsentOut(ApiModel):
    id: str
    channel: PromoChannel
    given: bool
    at: datetime
    method: str
    method_label: str
    wording: str | None
    recorded_by: str = Field(description="Who recorded it: a staff user's name, or 'Twilio reply from +971…'")
    recorded_by_id: str | None = Field(description="The staff user who recorded it, if one did")


class ConsentList(ApiModel):
    items: list[ConsentOut] = Field(description="Newest first")


class ConsentRecorded(ApiModel):
    record: ConsentOut
    member: MemberOut


def consent_out(entry: ConsentRecord) -> ConsentOut:
    return ConsentOut(
        id=entry.id,
        channel=PromoChannel(entry.channel),
        given=entry.given,
        at=entry.at,
        method=entry.method,
        method_label=label_of(entry.method),
        wording=entry.wording,
        recorded_by=entry.recorded_by,
        recorded_by_id=entry.recorded_by_id,
    )


def consent_options() -> ConsentOptions:
    methods = [
        ConsentMethodOption(
            value=method,
            label=RULES[method].label,
            for_consent=RULES[method].for_consent,
            for_withdrawal=RULES[method].for_withdrawal,
        )
        for method in STAFF_METHODS
    ]
    wording = ConsentWording(**{channel.value: text for channel, text in DEFAULT_WORDING.items()})
    return ConsentOptions(methods=methods, wording=wording)
