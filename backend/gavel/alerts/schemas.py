import re
from datetime import datetime
from typing import Any

from pydantic import Field, field_validator, model_validator

from gavel.alerts.catalog import Channel, Event, Language, MessageStatus
from gavel.schemas import ApiModel, Day, Sentence

CONTENT_SID = r"^HX[0-9a-f]{32}$"  # a Twilio Content SID
MESSAGE_IDS = Field(min_length=1, max_length=100, description="Message _ids")


class MessageQuery(ApiModel):
    channel: Channel | None = None
    status: MessageStatus | None = None
    event: Event | None = None
    date_from: Day | None = Field(default=None, description="First Dubai day written (included)")
    date_to: Day | None = Field(default=None, description="Last Dubai day written (included)")
    member_id: str | None = Field(default=None, max_length=32)
    search: str | None = Field(default=None, max_length=200, description="Recipient, name, subject or text")
    page_no: int = Field(default=1, ge=1, le=100_000)
    limit: int = Field(default=10, ge=1, le=100)

    @model_validator(mode="after")
    def _range(self) -> "MessageQuery":
        if self.date_from and self.date_to and self.date_from > self.date_to:
            raise ValueError("The date range ends before it starts.")
        return self

    @property
    def search_term(self) -> str | None:
        term = (self.search or "").strip()
        return term or None


class MessageOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    channel: Channel
    origin: str
    event: str | None
    campaign_id: str | None
    member_id: str | None
    recipient: str
    recipient_name: str | None
    language: Language
    subject: str | None
    snippet: str = Field(description="The start of the text, for the list")
    status: MessageStatus
    attempts: int
    next_attempt_at: datetime | None
    provider: str | None
    last_error: str | None
    attachment_kind: str | None
    attachment_id: str | None
    sent_at: datetime | None
    delivered_at: datetime | None
    read_at: datetime | None
    failed_at: datetime | None
    cancelled_at: datetime | None
    created_at: datetime


class TimelineEntry(ApiModel):
    at: datetime
    status: str
    detail: str | None


class SmsCount(ApiModel):
    encoding: str = Field(description="GSM-7 or UCS-2")
    characters: int
    units: int = Field(description="Septets (GSM-7) or 16-bit units (UCS-2)")
    segments: int
    per_segment: int
    remaining: int = Field(description="Left in the last segment")


class MessageDetail(MessageOut):
    body: str
    body_html: str | None
    template_id: str | None
    provider_message_id: str | None
    whatsapp_template: str | None
    twilio_content_sid: str | None = Field(
        default=None,
        description="WhatsApp through Twilio: the approved template's Content SID it is sent with",
    )
    template_params: list[str] | None
    unsubscribe_url: str | None = Field(
        default=None, description="A promotional email's unsubscribe link (added to the mail when it is sent)"
    )
    sms: SmsCount | None = Field(description="Segments of an SMS")
    timeline: list[TimelineEntry] = Field(description="Oldest first; the first entry is when it was queued")


class MessageList(ApiModel):
    data: list[MessageOut]
    total_pages: int
    current_page: int
    total_matching: int
    counts: dict[MessageStatus, int] = Field(
        description="Messages per status under the same filters except the status (every status present)"
    )


class MessageIds(ApiModel):
    ids: list[str] = MESSAGE_IDS


class MessagesChanged(ApiModel):
    message: Sentence
    changed: int = Field(description="Messages moved (those already there are not counted)")


class Variable(ApiModel):
    name: str
    description: str


class TemplateQuery(ApiModel):
    channel: Channel


def _blank_to_none(value: Any) -> Any:
    if isinstance(value, str) and not value.strip():
        return None
    return value


class TemplateUpdate(ApiModel):
    name: str = Field(min_length=2, max_length=120)
    subject_en: str | None = Field(default=None, max_length=300, description="Email only")
    subject_ar: str | None = Field(default=None, max_length=300, description="Email only")
    body_en: str = Field(min_length=1, max_length=20_000)
    body_ar: str = Field(min_length=1, max_length=20_000)
    whatsapp_template_name: str | None = Field(
        default=None,
        max_length=120,
        pattern=r"^[a-z0-9_]+$",
        description="WhatsApp only: the Meta-approved template (lower case, digits, _)",
    )
    twilio_content_sid_en: str | None = Field(
        default=None,
        json_schema_extra={"pattern": CONTENT_SID},
        description="WhatsApp promotions only: Twilio's Content SID of the approved template in English "
        "(HX and 32 hex digits); needed when Twilio sends WhatsApp",
    )
    twilio_content_sid_ar: str | None = Field(
        default=None, json_schema_extra={"pattern": CONTENT_SID}, description="The same in Arabic"
    )

    _blank = field_validator(
        "subject_en",
        "subject_ar",
        "whatsapp_template_name",
        "twilio_content_sid_en",
        "twilio_content_sid_ar",
        mode="before",
    )(_blank_to_none)

    @field_validator("twilio_content_sid_en", "twilio_content_sid_ar")
    @classmethod
    def _content_sid(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip()
        if not re.fullmatch(CONTENT_SID, value):
            raise ValueError(
                "A Twilio Content SID is HX followed by 32 lower-case hex digits, as Twilio's Content "
                "Template Builder shows it."
            )
        return value

    @field_validator("name", "body_en", "body_ar")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("Enter the text.")
        return value.strip()


class TemplateCreate(TemplateUpdate):
    """A promotion template (no event): the texts a campaign of its channel copies in."""

    channel: Channel


class TemplateDeleted(ApiModel):
    message: Sentence


class TemplateOut(ApiModel):
    id: str = Field(serialization_alias="_id", validation_alias="id")
    event: Event | None
    channel: Channel
    name: str
    subject_en: str | None
    subject_ar: str | None
    body_en: str
    body_ar: str
    whatsapp_template_name: str | None
    twilio_content_sid_en: str | None = None
    twilio_content_sid_ar: str | None = None
    updated_at: datetime


class TemplateEntry(TemplateOut):
    description: str | None = Field(description="When the event's messages are sent, and to whom")
    variables: list[Variable]


class TemplateList(ApiModel):
    data: list[TemplateEntry]


class PreviewRequest(ApiModel):
    channel: Channel
    language: Language = Language.EN
    event: Event | None = Field(default=None, description="Empty: a promotion's variables")
    subject: str | None = Field(default=None, max_length=300)
    body: str = Field(max_length=20_000)


class Preview(ApiModel):
    subject: str | None
    body: str
    body_html: str | None = Field(description="Email only")
    sms: SmsCount | None = Field(description="SMS only: characters and segments")
    variables: list[Variable]


class SwitchOut(ApiModel):
    event: Event
    channel: Channel
    enabled: bool


class SwitchList(ApiModel):
    data: list[SwitchOut]


class SwitchChange(ApiModel):
    event: Event
    channel: Channel
    enabled: bool
