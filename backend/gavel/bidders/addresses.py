"""What a member types to sign in: an email address or a phone number in any form `phonenumbers` reads (a
local number is a UAE number, as everywhere in the app)."""

from dataclasses import dataclass

from gavel.alerts.catalog import Channel
from gavel.core.validation import normalise_email, normalise_phone
from gavel.errors import Invalid

NOT_AN_ADDRESS = "Enter your email address or your mobile number, for example +971 50 123 4567."


@dataclass(frozen=True)
class Address:
    value: str  # a lower-case email address or an E.164 phone number
    is_email: bool

    @property
    def key(self) -> str:
        """The throttling key of the address."""
        return f"bidder:{self.value}"


def read_address(typed: str) -> Address:
    """The address in its stored form; 422 on the `address` field when it is neither."""
    text = typed.strip()
    try:
        if "@" in text:
            return Address(normalise_email(text), is_email=True)
        return Address(normalise_phone(text), is_email=False)
    except ValueError:
        raise Invalid.field("address", NOT_AN_ADDRESS) from None


def channel_for(address: Address, code_channel: str | None) -> Channel:
    """Where a code goes: an email address gets an email; a phone an SMS or WhatsApp, as the member prefers
    (SMS until they choose)."""
    if address.is_email:
        return Channel.EMAIL
    return Channel.WHATSAPP if code_channel == Channel.WHATSAPP else Channel.SMS
