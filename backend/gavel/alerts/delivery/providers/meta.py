"""WhatsApp through Meta's WhatsApp Cloud API.

POST {base}/{version}/{phone-number-id}/messages with a bearer token and a template message
(business-initiated messages must use an approved template): {messaging_product: 'whatsapp', to, type:
'template', template: {name, language: {code}, components: [{type: 'body', parameters: [{type: 'text',
text}, ...]}]}}. The message's `whatsapp_template` is the template's name and `template_params` its body's
values in order ({{1}}, {{2}} ...).
`biz_opaque_callback_data` carries our message id: Meta returns it in every status webhook, so a status for a
message whose answer we never recorded tells us it was accepted. Webhooks are signed in X-Hub-Signature-256
(`signature`).
"""

import hashlib
import hmac
from datetime import UTC, datetime
from typing import Any

import httpx

from gavel.alerts.delivery.providers import (
    Accepted,
    Outgoing,
    SendFailed,
    http_failure,
    retry_after_seconds,
    status_failure,
)
from gavel.config import Settings

WEBHOOK_PATH = "/api/webhooks/meta"
# Error codes that mean 'later' whatever the HTTP status: rate limits and temporary outages.
RETRYABLE_CODES = {4, 80007, 130429, 131000, 131016, 131048, 131056, 133004}
PAUSING_CODES = {4, 80007, 130429, 190}


def signature(body: bytes, app_secret: str) -> str:
    """X-Hub-Signature-256: 'sha256=' and the hex HMAC-SHA256 of the raw body, keyed with the app secret."""
    return "sha256=" + hmac.new(app_secret.encode(), body, hashlib.sha256).hexdigest()


def meta_number(recipient: str) -> str:
    """Meta's `to`: the number with its country code, digits only."""
    return "".join(c for c in recipient if c.isdigit())


class MetaProvider:
    name = "meta"

    def __init__(self, settings: Settings, client: httpx.AsyncClient) -> None:
        self.settings = settings
        self.client = client
        base = settings.meta_base_url.rstrip("/")
        self.url = f"{base}/{settings.meta_api_version}/{settings.meta_phone_number_id}/messages"

    def payload(self, message: Outgoing) -> dict[str, Any]:
        template: dict[str, Any] = {"name": message.whatsapp_template, "language": {"code": message.language}}
        if message.template_params:
            template["components"] = [
                {"type": "body", "parameters": [{"type": "text", "text": v} for v in message.template_params]}
            ]
        return {
            "messaging_product": "whatsapp",
            "recipient_type": "individual",
            "to": meta_number(message.recipient),
            "type": "template",
            "template": template,
            "biz_opaque_callback_data": message.id,
        }

    async def send(self, message: Outgoing) -> Accepted:
        if not message.whatsapp_template:
            raise SendFailed(
                "This message has no approved WhatsApp template name (Templates: the Meta template), which "
                "Meta's Cloud API requires",
                retryable=False,
            )
        try:
            response = await self.client.post(
                self.url,
                json=self.payload(message),
                headers={"Authorization": f"Bearer {self.settings.meta_access_token}"},
            )
        except httpx.HTTPError as exc:
            raise http_failure(exc) from exc
        try:
            answer = response.json()
        except ValueError:
            answer = {}
        if response.status_code == 200:
            try:
                wamid = str(answer["messages"][0]["id"])
            except (KeyError, IndexError, TypeError):
                wamid = None
            return Accepted(provider_message_id=wamid, detail=f"Accepted by Meta ({wamid})")
        error = answer.get("error", {}) if isinstance(answer, dict) else {}
        code = error.get("code") if isinstance(error, dict) else None
        reason = f"{code or ''} {error.get('message', '') if isinstance(error, dict) else ''}".strip()
        reason = reason or response.reason_phrase
        retry_after = retry_after_seconds(response.headers.get("Retry-After"), datetime.now(UTC))
        if code in RETRYABLE_CODES or code in PAUSING_CODES:
            raise SendFailed(
                f"HTTP {response.status_code}: {reason}",
                retryable=True,
                pause=code in PAUSING_CODES,
                retry_after=retry_after,
            )
        raise status_failure(response.status_code, reason, retry_after)

    async def aclose(self) -> None:
        return None
