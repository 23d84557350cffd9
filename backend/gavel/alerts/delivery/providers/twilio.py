"""SMS and WhatsApp through Twilio's Messages API.

POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, basic auth (Account SID, Auth Token), form fields
To, From (or MessagingServiceSid), Body and StatusCallback; WhatsApp addresses carry the `whatsapp:` prefix.
A promotional SMS leaves from the promotional sender ID (GAVEL_SMS_PROMO_FROM, 'AD-...'): as `From`, also
beside a MessagingServiceSid (Twilio then sends from that From, which must be in the service's sender pool). A
WhatsApp message written with an approved template's Content SID is sent as that template: ContentSid and
ContentVariables ({"1": first value, "2": ...}, from template_params) instead of a Body.
Twilio answers 201 with the message's `sid`, and later POSTs its status to the StatusCallback, signed in
X-Twilio-Signature (`signature`). Twilio has no idempotency key: the StatusCallback carries our message id
(`?m=`), so a status that arrives for a message whose answer we never recorded (a crash, a timeout) tells us
it was accepted, and it is not sent again.
"""

import base64
import hashlib
import hmac
import json
from collections.abc import Mapping
from datetime import UTC, datetime

import httpx

from gavel.alerts.catalog import Channel
from gavel.alerts.delivery.providers import (
    Accepted,
    Outgoing,
    SendFailed,
    http_failure,
    retry_after_seconds,
    status_failure,
)
from gavel.config import Settings

STATUS_PATH = "/api/webhooks/twilio/status"
INBOUND_PATH = "/api/webhooks/twilio/inbound"


def signature(url: str, params: Mapping[str, str], auth_token: str) -> str:
    """X-Twilio-Signature: base64 of HMAC-SHA1, keyed with the Auth Token, of the full URL followed by each
    POST parameter's name and value, sorted by name."""
    payload = url + "".join(f"{name}{params[name]}" for name in sorted(params))
    digest = hmac.new(auth_token.encode(), payload.encode(), hashlib.sha1).digest()
    return base64.b64encode(digest).decode()


def whatsapp_address(number: str) -> str:
    return number if number.startswith("whatsapp:") else f"whatsapp:{number}"


def status_callback_url(settings: Settings, message_id: str) -> str | None:
    if not settings.public_url:
        return None
    return f"{settings.public_url.rstrip('/')}{STATUS_PATH}?m={message_id}"


class TwilioProvider:
    name = "twilio"

    def __init__(self, settings: Settings, client: httpx.AsyncClient) -> None:
        self.settings = settings
        self.client = client
        base = settings.twilio_base_url.rstrip("/")
        self.url = f"{base}/2010-04-01/Accounts/{settings.twilio_account_sid}/Messages.json"

    def form(self, message: Outgoing) -> dict[str, str]:
        s = self.settings
        whatsapp = message.channel == Channel.WHATSAPP
        promotional_sms = message.promotional and not whatsapp
        form = {"To": whatsapp_address(message.recipient) if whatsapp else message.recipient}
        sender = s.twilio_whatsapp_from if whatsapp else s.twilio_sms_from
        if s.twilio_messaging_service_sid:
            form["MessagingServiceSid"] = s.twilio_messaging_service_sid
        elif whatsapp:
            form["From"] = whatsapp_address(sender)
        else:
            form["From"] = sender
        if promotional_sms:
            form["From"] = s.sms_promo_from
        if whatsapp and message.content_sid:
            form["ContentSid"] = message.content_sid
            variables = {str(n): value for n, value in enumerate(message.template_params, start=1)}
            form["ContentVariables"] = json.dumps(variables, ensure_ascii=False)
        else:
            form["Body"] = message.body
        callback = status_callback_url(s, message.id)
        if callback:
            form["StatusCallback"] = callback
        return form

    def refusal(self, message: Outgoing) -> str | None:
        """A promotion this provider may not send as it is: an SMS without the promotional sender, a WhatsApp
        message without its approved template's Content SID."""
        if not message.promotional:
            return None
        if message.channel == Channel.SMS and not self.settings.sms_promo_from:
            return (
                "Promotional SMS leave only from the promotional sender ID, and GAVEL_SMS_PROMO_FROM is not "
                "set: set it (AD-...) and retry the message"
            )
        if message.channel == Channel.WHATSAPP and not message.content_sid:
            return (
                "Twilio sends WhatsApp promotions only as approved content templates, and this message's "
                "template had no Twilio Content SID in its language when it was written"
            )
        return None

    async def send(self, message: Outgoing) -> Accepted:
        s = self.settings
        refused = self.refusal(message)
        if refused:
            raise SendFailed(refused, retryable=False)
        try:
            response = await self.client.post(
                self.url, data=self.form(message), auth=(s.twilio_account_sid, s.twilio_auth_token)
            )
        except httpx.HTTPError as exc:
            raise http_failure(exc) from exc
        if response.status_code in (200, 201):
            try:
                sid = str(response.json()["sid"])
            except (ValueError, KeyError, TypeError):
                sid = None
            return Accepted(provider_message_id=sid, detail=f"Accepted by Twilio ({sid})")
        try:
            answer = response.json()
            reason = f"{answer.get('code', '')} {answer.get('message', '')}".strip() or response.reason_phrase
        except (ValueError, AttributeError):
            reason = response.reason_phrase
        retry_after = retry_after_seconds(response.headers.get("Retry-After"), datetime.now(UTC))
        raise status_failure(response.status_code, reason, retry_after)

    async def aclose(self) -> None:
        return None
