"""What the providers post to the webhooks. Meta's JSON is read as it comes (snake_case, unknown fields
ignored); Twilio's form fields are read by name in the router."""

from pydantic import BaseModel, ConfigDict, Field


class _Loose(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True)


class MetaError(_Loose):
    code: int | None = None
    title: str | None = None
    message: str | None = None


class MetaStatus(_Loose):
    id: str
    status: str
    recipient_id: str | None = None
    biz_opaque_callback_data: str | None = None
    errors: list[MetaError] = []


class MetaText(_Loose):
    body: str = ""


class MetaButton(_Loose):
    text: str = ""


class MetaInbound(_Loose):
    sender: str = Field(alias="from")
    id: str | None = None
    type: str | None = None
    text: MetaText | None = None
    button: MetaButton | None = None

    @property
    def words(self) -> str:
        if self.text is not None:
            return self.text.body
        if self.button is not None:
            return self.button.text
        return ""


class MetaValue(_Loose):
    messaging_product: str | None = None
    statuses: list[MetaStatus] = []
    messages: list[MetaInbound] = []


class MetaChange(_Loose):
    field: str | None = None
    value: MetaValue = MetaValue()


class MetaEntry(_Loose):
    id: str | None = None
    changes: list[MetaChange] = []


class MetaWebhook(_Loose):
    object: str | None = None
    entry: list[MetaEntry] = []
