from datetime import datetime
from typing import Any

from pydantic import Field, field_validator

from gavel.alerts.catalog import CampaignStatus, Channel
from gavel.members.schemas import MemberEntity, MemberStatus, MemberType, SellerType
from gavel.schemas import ApiModel, Moment, Sentence


def _blank_to_none(value: Any) -> Any:
    if isinstance(value, str) and not value.strip():
        return None
    return value.strip() if isinstance(value, str) else value


class CampaignAudience(ApiModel):
    """The member list filters that choose who receives a campaign (those who consented on its channel)."""

    member_type: MemberType | None = None
    member_entity: MemberEntity | None = None
    seller_type: SellerType | None = None
    security_plan: str | None = Field(default=None, max_length=32, description="A security plan's _id")
    status: MemberStatus = Field(default=MemberStatus.APPROVED, description="Approved members unless chosen")

    _blank = field_validator("security_plan", mode="before")(_blank_to_none)


class CampaignIn(ApiModel):
    """A draft: its channel, name, texts (or a free template of the channel, copied; WhatsApp: an approved
    template's only) and audience."""

    channel: Channel
    name: str = Field(min_length=2, max_length=120)
    template_id: str | None = Field(
        default=None,
        max_length=32,
        description="A template without event of the same channel; its texts are copied. Required for "
        "WhatsApp, whose campaigns send the template itself (its texts, whatever the body says)",
    )
    subject_en: str | None = Field(default=None, max_length=300, description="Email only")
    subject_ar: str | None = Field(default=None, max_length=300, description="Email only")
    body_en: str | None = Field(default=None, max_length=20_000)
    body_ar: str | None = Field(default=None, max_length=20_000)
    audience: CampaignAudience = Field(default_factory=CampaignAudience)
    request_key: str | None = Field(
        default=None,
        min_length=8,
        max_length=64,
        pattern=r"^[A-Za-z0-9-]+$",
        description="Made by the dialog once per opening: a second create with the same key (a double click, "
        "a retry) creates no second campaign and answers 409. Ignored by an update",
    )

    _blank = field_validator("template_id", "subject_en", "subject_ar", "body_en", "body_ar", mode="before")(
        _blank_to_none
    )

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> Any:
        return " ".join(value.split()) if isinstance(value, str) else value


class CampaignSend(ApiModel):
    send_at: Moment | None = Field(
        default=None, description="Empty: now; otherwise when queueing starts (without a zone: Dubai time)"
    )


class CampaignSendNew(CampaignIn, CampaignSend):
    """A new campaign and its send time, written and sent in one transaction."""


class AudienceQuery(ApiModel):
    channel: Channel
    audience: CampaignAudience = Field(default_factory=CampaignAudience)


class AudienceCount(ApiModel):
    recipients: int = Field(
        description="Members who match the filters and consented to promotions on the channel"
    )
    matching: int = Field(description="Members who match the filters")


class CampaignQuery(ApiModel):
    channel: Channel | None = None
    status: CampaignStatus | None = None
    search: str | None = Field(default=None, max_length=200, description="Part of the name")
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=100)

    @property
    def search_term(self) -> str | None:
        term = (self.search or "").strip()
        return term or None


class CampaignResults(ApiModel):
    """Where the campaign's messages are, from one grouped query over them."""

    written: int = Field(description="Messages written to the outbox so far")
    waiting: int = Field(description="Queued or being sent")
    sent: int = Field(description="Accepted by the provider (delivered and read included)")
    delivered: int = Field(description="Delivered (read included)")
    read: int
    failed: int
    cancelled: int = Field(description="Cancelled by staff or with the campaign")
    opted_out: int = Field(description="Not sent: the member withdrew their consent after it was queued")
    percent: int = Field(description="Messages done (sent, failed, cancelled or opted out) of all recipients")


class CampaignOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    channel: Channel
    name: str
    template_id: str | None
    subject_en: str | None
    subject_ar: str | None
    body_en: str | None
    body_ar: str | None
    audience: CampaignAudience
    send_at: datetime | None
    status: CampaignStatus
    recipient_count: int = Field(description="Consenting recipients counted when it was sent")
    queued_count: int = Field(description="Messages written so far")
    started_at: datetime | None
    finished_at: datetime | None
    cancelled_at: datetime | None
    created_at: datetime
    updated_at: datetime
    results: CampaignResults


class CampaignList(ApiModel):
    data: list[CampaignOut]
    total_pages: int
    current_page: int
    total_matching: int
    counts: dict[CampaignStatus, int] = Field(
        description="Campaigns per status under the same filters but the status"
    )


class CampaignCancelled(ApiModel):
    message: Sentence
    data: CampaignOut


class SmsOptions(ApiModel):
    ready: bool = Field(description="False when an SMS campaign would be refused at Send (reason says why)")
    reason: str | None
    sender: str | None = Field(description="The promotional sender ID promotional SMS leave from (AD-...)")
    opt_out_en: str = Field(description="The line every promotional SMS in English ends with (Business)")
    opt_out_ar: str = Field(description="The line every promotional SMS in Arabic ends with (Business)")


class WhatsappOptions(ApiModel):
    ready: bool = Field(description="False when there is no WhatsApp promotion template to send")
    reason: str | None
    provider: str = Field(
        description="Who sends WhatsApp: meta (the template's name), twilio (its Content SID per language) "
        "or local (the outbox folder)"
    )


class EmailOptions(ApiModel):
    ready: bool = Field(description="False when an email campaign would be refused at Send (reason says why)")
    reason: str | None


class ChannelOptions(ApiModel):
    sms: SmsOptions
    whatsapp: WhatsappOptions
    email: EmailOptions


class CampaignOptions(ApiModel):
    """What the campaign dialog needs before Send."""

    quiet_from: str = Field(description="HH:MM (Dubai): promotional SMS and WhatsApp wait from then")
    quiet_until: str = Field(description="HH:MM (Dubai): until then")
    channels: ChannelOptions
