"""The providers' webhooks: status callbacks and inbound replies. Public (the providers have no session),
each request proven by the provider's signature before anything changes; a bad signature answers 403.
Not in the OpenAPI document: the SPA never calls them."""

import hmac
import logging

from fastapi import APIRouter, Request, Response
from fastapi.responses import PlainTextResponse
from pydantic import ValidationError

from gavel.alerts.catalog import Channel, MessageStatus
from gavel.alerts.delivery.providers import meta, twilio
from gavel.alerts.delivery.schemas import MetaWebhook
from gavel.alerts.delivery.service import StatusReport, apply_status, is_stop, opt_out
from gavel.config import Settings
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import BadRequest, Forbidden

log = logging.getLogger("gavel.alerts.delivery")

router = APIRouter(prefix="/webhooks", tags=["webhooks"], include_in_schema=False)

BAD_SIGNATURE = "The signature of this request is not valid."
TWILIO_STATUS = {
    "accepted": MessageStatus.SENT,
    "scheduled": MessageStatus.SENT,
    "queued": MessageStatus.SENT,
    "sending": MessageStatus.SENT,
    "sent": MessageStatus.SENT,
    "delivered": MessageStatus.DELIVERED,
    "read": MessageStatus.READ,
    "undelivered": MessageStatus.FAILED,
    "failed": MessageStatus.FAILED,
    "canceled": MessageStatus.FAILED,
}
META_STATUS = {
    "sent": MessageStatus.SENT,
    "delivered": MessageStatus.DELIVERED,
    "read": MessageStatus.READ,
    "failed": MessageStatus.FAILED,
}
EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def called_url(request: Request, settings: Settings) -> str:
    """The URL the provider called, as it signed it: GAVEL_PUBLIC_URL with this path and query when set
    (behind a proxy the app sees another host), else the request's own URL."""
    if not settings.public_url:
        return str(request.url)
    query = f"?{request.url.query}" if request.url.query else ""
    return f"{settings.public_url.rstrip('/')}{request.url.path}{query}"


async def _twilio_params(request: Request) -> dict[str, str]:
    settings = _settings(request)
    form = await request.form()
    params = {name: value for name, value in form.multi_items() if isinstance(value, str)}
    given = request.headers.get("X-Twilio-Signature", "")
    if not settings.twilio_auth_token or not given:
        raise Forbidden(BAD_SIGNATURE)
    expected = twilio.signature(called_url(request, settings), params, settings.twilio_auth_token)
    if not hmac.compare_digest(expected.encode(), given.encode()):
        raise Forbidden(BAD_SIGNATURE)
    return params


@router.post("/twilio/status", status_code=204)
async def twilio_status(request: Request, session: SessionDep, clock: ClockDep) -> Response:
    """Twilio's StatusCallback: the message moves to sent, delivered, read or failed."""
    params = await _twilio_params(request)
    sid = params.get("MessageSid") or params.get("SmsSid") or ""
    raw = (params.get("MessageStatus") or params.get("SmsStatus") or "").lower()
    status = TWILIO_STATUS.get(raw)
    if sid and status is not None:
        code = params.get("ErrorCode")
        error = f"Twilio error {code}" + (f": {params['ErrorMessage']}" if params.get("ErrorMessage") else "")
        report = StatusReport(
            provider="twilio",
            provider_message_id=sid,
            status=status,
            raw_status=raw,
            our_id=request.query_params.get("m"),
            error=error if code else None,
        )
        await apply_status(session, report, clock.now())
    return Response(status_code=204)


@router.post("/twilio/inbound")
async def twilio_inbound(request: Request, session: SessionDep, clock: ClockDep) -> Response:
    """A reply by SMS or WhatsApp: 'STOP' opts the sender out of promotions on that channel."""
    params = await _twilio_params(request)
    sender = params.get("From", "")
    channel = Channel.WHATSAPP if sender.startswith("whatsapp:") else Channel.SMS
    if is_stop(params.get("Body")) or params.get("OptOutType", "").upper() == "STOP":
        await opt_out(session, channel, sender, "twilio", clock.now())
    return Response(EMPTY_TWIML, media_type="text/xml")


@router.get("/meta")
async def meta_verify(request: Request) -> PlainTextResponse:
    """Meta's subscription handshake: the challenge back when the verify token matches."""
    settings = _settings(request)
    query = request.query_params
    token = query.get("hub.verify_token", "")
    if (
        settings.meta_verify_token
        and query.get("hub.mode") == "subscribe"
        and hmac.compare_digest(token.encode(), settings.meta_verify_token.encode())
    ):
        return PlainTextResponse(query.get("hub.challenge", ""))
    raise Forbidden("The verify token does not match.")


@router.post("/meta")
async def meta_events(request: Request, session: SessionDep, clock: ClockDep) -> Response:
    """Meta's webhook: message statuses (sent, delivered, read, failed) and inbound messages ('STOP')."""
    settings = _settings(request)
    body = await request.body()
    given = request.headers.get("X-Hub-Signature-256", "")
    if not settings.meta_app_secret or not given:
        raise Forbidden(BAD_SIGNATURE)
    if not hmac.compare_digest(meta.signature(body, settings.meta_app_secret).encode(), given.encode()):
        raise Forbidden(BAD_SIGNATURE)
    try:
        payload = MetaWebhook.model_validate_json(body)
    except ValidationError as exc:
        raise BadRequest("This is not a WhatsApp webhook.") from exc
    now = clock.now()
    for entry in payload.entry:
        for change in entry.changes:
            for status in change.value.statuses:
                mapped = META_STATUS.get(status.status)
                if mapped is None:
                    continue
                errors = (
                    "; ".join(f"{e.code} {e.title or e.message or ''}".strip() for e in status.errors) or None
                )
                report = StatusReport(
                    provider="meta",
                    provider_message_id=status.id,
                    status=mapped,
                    raw_status=status.status,
                    our_id=status.biz_opaque_callback_data,
                    error=f"Meta error {errors}" if errors else None,
                )
                await apply_status(session, report, now)
            for message in change.value.messages:
                if is_stop(message.words):
                    await opt_out(session, Channel.WHATSAPP, message.sender, "meta", now)
    return Response(status_code=200)
