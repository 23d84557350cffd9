"""A one-time code is a system message: its text keeps a mask until it is sent. Sent by WhatsApp through an
approved template (Meta by name, Twilio by Content SID), the code is also the template's variable, or the
member would get the template without it; an email or SMS with a code sends no variables."""

from gavel.alerts.catalog import Channel, Origin
from gavel.alerts.delivery.batch import snapshot
from gavel.alerts.delivery.service import MASK
from gavel.alerts.models import AlertMessage

CODE = "482913"


def system_message(channel: str, whatsapp_template: str | None = None) -> AlertMessage:
    return AlertMessage(
        id="m1",
        channel=channel,
        origin=Origin.SYSTEM.value,
        event="bidderSignInCode",
        recipient="+971505550003",
        recipient_name="Sara Khan",
        language="en",
        subject=None,
        body=f"Your sign-in code is {MASK}. It is valid for 5 minutes.",
        body_html=None,
        whatsapp_template=whatsapp_template,
        template_params=[CODE],
    )


def test_a_code_by_whatsapp_template_carries_the_code_as_its_variable() -> None:
    sent = snapshot(system_message(Channel.WHATSAPP.value, "gavel_bidder_sign_in_code"), attempts=1).message
    assert sent.template_params == (CODE,)
    assert sent.body == f"Your sign-in code is {CODE}. It is valid for 5 minutes."


def test_a_code_by_sms_or_whatsapp_text_sends_no_variables() -> None:
    for message in (system_message(Channel.SMS.value), system_message(Channel.WHATSAPP.value)):
        sent = snapshot(message, attempts=1).message
        assert sent.template_params == ()
        assert CODE in sent.body and MASK not in sent.body
