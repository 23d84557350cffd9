"""Consents recorded as staff record them (POST /api/members/{id}/consents), for the tests of any module that
needs a member who agreed to promotions: the member's edit no longer ticks them."""

from datetime import datetime
from typing import Any

from httpx import AsyncClient, Response

# A wording as a counter form carries it (at least 20 characters).
WORDING = "I agree to receive promotions from the auction house about auctions, vehicles and offers."
FIELDS = {"promoConsentSms": "sms", "promoConsentWhatsapp": "whatsapp", "promoConsentEmail": "email"}


async def post_consent(
    client: AsyncClient,
    headers: dict[str, str],
    member_id: str,
    channel: str,
    given: bool = True,
    method: str = "counter_form",
    wording: str | None = WORDING,
) -> Response:
    body = {"channel": channel, "given": given, "method": method, "wording": wording}
    return await client.post(f"/api/members/{member_id}/consents", json=body, headers=headers)


async def give(
    client: AsyncClient, headers: dict[str, str], member_id: str, *channels: str
) -> dict[str, Any]:
    """The member agrees at the counter on each channel; answers the member as the last record left them."""
    member: dict[str, Any] = {}
    for channel in channels:
        answer = await post_consent(client, headers, member_id, channel)
        assert answer.status_code == 201, answer.text
        member = answer.json()["member"]
    return member


def consents_in(fields: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A member's body without its promoConsent* fields, and the channels those fields agreed to."""
    kept = {k: v for k, v in fields.items() if k not in FIELDS}
    return kept, [channel for field, channel in FIELDS.items() if fields.get(field)]


class StoppedClock:
    """The app's clock, standing still until the test moves it."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment

    def move_to(self, moment: datetime) -> None:
        self.moment = moment
