"""The bidders' API shapes (camelCase on the wire)."""

from datetime import datetime
from enum import StrEnum

from pydantic import Field

from gavel.members.language import Language
from gavel.schemas import ApiModel


class CodeChannel(StrEnum):
    """How a code goes when the member types their phone number."""

    SMS = "sms"
    WHATSAPP = "whatsapp"


class SignInRequest(ApiModel):
    address: str = Field(
        min_length=1,
        max_length=254,
        description="The member's email address or mobile number (a local number is read as a UAE number)",
    )


class VerifyRequest(ApiModel):
    address: str = Field(min_length=1, max_length=254, description="The address the code was sent to")
    code: str = Field(min_length=1, max_length=12, description="The 6-digit code")


class BidderMe(ApiModel):
    member_id: str
    name: str = Field(description="The member's name, or the company's name for an organization")
    first_name: str
    paddle: int = Field(description="The member's paddle number, given at their first sign-in")
    member_number: str = Field(description="The member's number on their registration (memberIdentityNo)")
    language: Language
    code_channel: CodeChannel = Field(description="How codes go when the member signs in with their phone")


class BidderSessionInfo(ApiModel):
    created_at: datetime
    last_active_at: datetime
    expires_at: datetime = Field(description="When the session ends if it is used no more (24 hours idle)")
    ends_at: datetime = Field(description="When the session ends however much it is used (7 days)")


class SignedInResponse(ApiModel):
    token: str = Field(description="The bidder token: send it as `Authorization: Bearer` to /api/bidder/...")
    bidder: BidderMe
    session: BidderSessionInfo


class BidderMeResponse(ApiModel):
    bidder: BidderMe
    session: BidderSessionInfo


class CodeChannelChange(ApiModel):
    code_channel: CodeChannel
