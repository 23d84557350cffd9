"""The alerts' tables: the durable outbox of messages with their delivery timeline, the templates, the
switches per event and channel, and the promotion campaigns.

How the rows move (the dispatcher, the providers and the campaigns are built on these tables):

- A message is written `queued` in the same transaction as the change that causes it (`alert_service.notify`)
  or by a campaign, with its text rendered once and kept as sent. A rolled-back change leaves no message.
- A dispatcher claims due messages: `status = 'queued' AND next_attempt_at <= now`, oldest `next_attempt_at`
  first (`ix_alert_message_status_next_attempt_at`), `FOR UPDATE SKIP LOCKED` on PostgreSQL, sets them
  `sending` with `claimed_at`/`claimed_by` and `attempts + 1`, commits, sends, and records the answer:
  `sent` with `provider`, `provider_message_id` (unique: a status callback finds its message by it) and
  `sent_at`; or back to `queued` with a later `next_attempt_at` and `last_error` (backing off); or `failed`
  with `failed_at` and `last_error` once the attempts run out. A message left `sending` with an old
  `claimed_at` is the crash between sending and recording that the dispatcher resolves.
- Status callbacks move `sent` to `delivered` (`delivered_at`) and `read` (`read_at`), or to `failed`.
- Staff retry (`failed`/`cancelled` to `queued`, attempts reset) and cancel (`queued`/`failed` to
  `cancelled`).
- Every change after the message was written adds an `alert_message_event` row (the timeline); the first
  entry of a timeline is the message's own `created_at` (queued), not repeated as a row.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates

from gavel.db import Base, IdMixin, TimestampMixin, utcnow

SUBJECT_LIMIT = 300  # characters of an email's subject, as typed and as rendered


def fit_subject(subject: str | None) -> str | None:
    """A rendered subject cut to the column with an ellipsis: the member's values can make a subject that was
    short as typed too long, and a message must still be written with the change that caused it."""
    if subject is None or len(subject) <= SUBJECT_LIMIT:
        return subject
    return subject[: SUBJECT_LIMIT - 1].rstrip() + "…"


class AlertCampaign(IdMixin, TimestampMixin, Base):
    """A promotion: one channel, a template or free text in both languages, an audience and a send time.

    - `template_id` names a template without event (a free campaign template), or the texts are the
      campaign's own (`subject_en`/`subject_ar` for email, `body_en`/`body_ar`); variables are those of a
      promotion (`member.*`, `business.*`).
    - `audience`: the member list filters that choose who receives it, as the members list takes them
      (`{"memberType": "buyer", "memberEntity": ..., "sellerType": ..., "securityPlan": ..., "status":
      "approved"}`); only members who consented to promotions on the channel receive it.
    - `status`: draft (editable) → scheduled (send_at set) → queueing (messages being written, resumable from
      `cursor`, the last member id queued) → sending (every message written) → done; or cancelled.
    - Counts: `recipient_count` (who will receive it, counted before sending), `queued_count`, `sent_count`,
      `delivered_count`, `read_count`, `failed_count`, `opted_out_count` (an opt-out during the campaign).
    """

    __tablename__ = "alert_campaign"
    __table_args__ = (
        Index("ix_alert_campaign_channel_created_at", "channel", "created_at", "id"),
        Index("ix_alert_campaign_status_send_at", "status", "send_at"),
        # One campaign per opening of the dialog (migration 0026): a double click or a retry makes no second.
        Index("uq_alert_campaign_request_key", "request_key", unique=True),
    )

    channel: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(120))
    template_id: Mapped[str | None] = mapped_column(ForeignKey("alert_template.id", ondelete="SET NULL"))
    subject_en: Mapped[str | None] = mapped_column(String(300))
    subject_ar: Mapped[str | None] = mapped_column(String(300))
    body_en: Mapped[str | None] = mapped_column(Text)
    body_ar: Mapped[str | None] = mapped_column(Text)
    audience: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    send_at: Mapped[datetime | None] = mapped_column()
    status: Mapped[str] = mapped_column(String(10), default="draft")
    cursor: Mapped[str | None] = mapped_column(String(32))
    recipient_count: Mapped[int] = mapped_column(Integer, default=0)
    queued_count: Mapped[int] = mapped_column(Integer, default=0)
    sent_count: Mapped[int] = mapped_column(Integer, default=0)
    delivered_count: Mapped[int] = mapped_column(Integer, default=0)
    read_count: Mapped[int] = mapped_column(Integer, default=0)
    failed_count: Mapped[int] = mapped_column(Integer, default=0)
    opted_out_count: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime | None] = mapped_column()
    finished_at: Mapped[datetime | None] = mapped_column()
    cancelled_at: Mapped[datetime | None] = mapped_column()
    created_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    request_key: Mapped[str | None] = mapped_column(String(64))


class AlertMessage(IdMixin, TimestampMixin, Base):
    """One message to one recipient on one channel: the outbox row a dispatcher delivers.

    - `channel`: sms, whatsapp or email. `origin`: event (with `event`), campaign (with `campaign_id`) or
      system (one-time codes, temporary passwords; `event` names which, `user_id` the staff user).
    - `member_id`: the member it is for (kept empty when the member is deleted: the row stays as sent).
      `recipient` is the E.164 phone (sms, whatsapp) or the email address, `recipient_name` the name used.
    - `language` (en, ar): the member's preferred language when it was written. `template_id` the template
      rendered (empty once the template is deleted); `subject` (email), `body` (the rendered text, as sent)
      and `body_html` (email) never change afterwards.
    - WhatsApp through Meta's Cloud API needs an approved template: `whatsapp_template` is its name and
      `template_params` the values of the body's variables in the order Jinja reads them ({{1}}, {{2}} ...).
    - `attachment_kind` (invoice, gatePass) and `attachment_id`: the PDF an email carries, made when sent.
    - `status`: queued, sending, sent, delivered, read, failed, cancelled; `attempts` made so far;
      `next_attempt_at` when a dispatcher may take it (its creation, or later when backing off).
    - `search_text`: lower-case recipient, name, subject and text, for the list's search (LIKE; a trigram
      index on PostgreSQL).
    """

    __tablename__ = "alert_message"
    __table_args__ = (
        # Dispatchers claim due messages: status = 'queued' AND next_attempt_at <= now, oldest first.
        Index("ix_alert_message_status_next_attempt_at", "status", "next_attempt_at"),
        # The channel screens: newest first, with or without a status; the counts per status.
        Index("ix_alert_message_channel_created_at", "channel", "created_at", "id"),
        Index("ix_alert_message_channel_status_created_at", "channel", "status", "created_at", "id"),
        # A member's messages, newest first.
        Index("ix_alert_message_member_created_at", "member_id", "created_at", "id"),
        # A campaign's progress per status.
        Index("ix_alert_message_campaign_status", "campaign_id", "status"),
        # A campaign writes one message per member, whatever happens while it queues (resumable).
        UniqueConstraint("campaign_id", "member_id", name="uq_alert_message_campaign_member"),
        # A status callback finds its message by the provider's id; a queued message has none (partial: it
        # adds no entry, migration 0022).
        Index(
            "uq_alert_message_provider_message_id",
            "provider_message_id",
            unique=True,
            postgresql_where=text("provider_message_id IS NOT NULL"),
            sqlite_where=text("provider_message_id IS NOT NULL"),
        ),
    )

    channel: Mapped[str] = mapped_column(String(10))
    origin: Mapped[str] = mapped_column(String(10), default="event")
    event: Mapped[str | None] = mapped_column(String(30))
    campaign_id: Mapped[str | None] = mapped_column(ForeignKey("alert_campaign.id", ondelete="RESTRICT"))
    member_id: Mapped[str | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))
    recipient: Mapped[str] = mapped_column(String(254))
    recipient_name: Mapped[str | None] = mapped_column(String(200))
    language: Mapped[str] = mapped_column(String(2), default="en")
    template_id: Mapped[str | None] = mapped_column(ForeignKey("alert_template.id", ondelete="SET NULL"))
    subject: Mapped[str | None] = mapped_column(String(300))
    body: Mapped[str] = mapped_column(Text)
    body_html: Mapped[str | None] = mapped_column(Text)
    whatsapp_template: Mapped[str | None] = mapped_column(String(120))
    # The Twilio Content SID of the approved template it was written with (a WhatsApp promotion; migration
    # 0031): Twilio sends that template (ContentSid, ContentVariables from template_params) instead of a Body.
    twilio_content_sid: Mapped[str | None] = mapped_column(String(34))
    template_params: Mapped[list[str] | None] = mapped_column(JSON)
    attachment_kind: Mapped[str | None] = mapped_column(String(10))
    attachment_id: Mapped[str | None] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(10), default="queued")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None] = mapped_column()
    claimed_at: Mapped[datetime | None] = mapped_column()
    claimed_by: Mapped[str | None] = mapped_column(String(80))
    provider: Mapped[str | None] = mapped_column(String(20))
    provider_message_id: Mapped[str | None] = mapped_column(String(120))
    last_error: Mapped[str | None] = mapped_column(Text)
    sent_at: Mapped[datetime | None] = mapped_column()
    delivered_at: Mapped[datetime | None] = mapped_column()
    read_at: Mapped[datetime | None] = mapped_column()
    failed_at: Mapped[datetime | None] = mapped_column()
    cancelled_at: Mapped[datetime | None] = mapped_column()
    search_text: Mapped[str] = mapped_column(Text, default="")

    timeline: Mapped[list["AlertMessageEvent"]] = relationship(
        back_populates="message",
        cascade="all, delete-orphan",
        lazy="raise",
        order_by="AlertMessageEvent.at",
    )

    @validates("subject")
    def _fit_subject(self, _key: str, subject: str | None) -> str | None:
        return fit_subject(subject)


class AlertMessageEvent(IdMixin, Base):
    """One step of a message's delivery timeline: what happened (`status`), when, and the detail (the
    provider's answer, an error, who retried or cancelled it)."""

    __tablename__ = "alert_message_event"
    __table_args__ = (Index("ix_alert_message_event_message_at", "message_id", "at"),)

    message_id: Mapped[str] = mapped_column(ForeignKey("alert_message.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    status: Mapped[str] = mapped_column(String(10))
    detail: Mapped[str | None] = mapped_column(Text)

    message: Mapped[AlertMessage] = relationship(back_populates="timeline")


class AlertTemplate(IdMixin, TimestampMixin, Base):
    """The texts of a message in English and Arabic, with Jinja variables (gavel.alerts.catalog).

    An event template (`event` set) is the one text of its event on its channel (unique (event, channel));
    a template without event is a free template that campaigns use. `subject_en`/`subject_ar` are for email;
    `whatsapp_template_name` is the name of the template approved by Meta for WhatsApp (business-initiated
    messages must use one), registered with the same text and its variables as {{1}}, {{2}} ...;
    `twilio_content_sid_en`/`_ar` the same approved template as Twilio's Content API names it, per language.
    """

    __tablename__ = "alert_template"
    __table_args__ = (
        UniqueConstraint("event", "channel", name="uq_alert_template_event_channel"),
        Index("ix_alert_template_channel_name", "channel", "name"),
    )

    event: Mapped[str | None] = mapped_column(String(30))
    channel: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(120))
    subject_en: Mapped[str | None] = mapped_column(String(300))
    subject_ar: Mapped[str | None] = mapped_column(String(300))
    body_en: Mapped[str] = mapped_column(Text)
    body_ar: Mapped[str] = mapped_column(Text)
    whatsapp_template_name: Mapped[str | None] = mapped_column(String(120))
    # Twilio's Content SID of the same approved template per language (HX and 32 hex digits, migration 0031):
    # a WhatsApp promotion sent through Twilio needs the one of the member's language.
    twilio_content_sid_en: Mapped[str | None] = mapped_column(String(34))
    twilio_content_sid_ar: Mapped[str | None] = mapped_column(String(34))
    created_by_id: Mapped[str | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))


class AlertSwitch(Base):
    """Whether an event sends on a channel. Every event is on on every channel until staff switch it off;
    a missing row counts as on."""

    __tablename__ = "alert_switch"

    event: Mapped[str] = mapped_column(String(30), primary_key=True)
    channel: Mapped[str] = mapped_column(String(10), primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
