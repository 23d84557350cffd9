from datetime import datetime
from typing import Any, Literal

from pydantic import EmailStr, Field, field_validator

from gavel.i18n.language import Language
from gavel.schemas import ApiModel, Sentence
from gavel.users.schemas import UserOut


class LanguageChange(ApiModel):
    language: Language = Field(description="en (English) or ar (Arabic)")

    @field_validator("language", mode="before")
    @classmethod
    def _language(cls, value: Any) -> Any:
        if not isinstance(value, str) or value not in {item.value for item in Language}:
            raise ValueError("The language is en (English) or ar (Arabic).")
        return value


class LoginRequest(ApiModel):
    email: str = Field(min_length=1, max_length=254)
    password: str = Field(min_length=1, max_length=1024)
    remember_me: bool = False


class LogoutSessionRequest(ApiModel):
    email: str = Field(min_length=1, max_length=254)
    password: str = Field(min_length=1, max_length=1024)


class TwoStepState(ApiModel):
    """Where the signed-in user stands with two-step sign-in."""

    enabled: bool
    required: bool = Field(description="The user's role requires two-step sign-in")
    setup_due: bool = Field(description="Required but not turned on: set it up before anything else")
    enabled_at: datetime | None = None
    recovery_codes_left: int = 0


class LoginResponse(ApiModel):
    token: str
    user: UserOut
    two_step: TwoStepState


class TwoStepChallenge(ApiModel):
    """The password was right and the user signs in with a code too: no session yet.

    Send the challenge with a code to POST /api/auth/login/code within `expiresInSeconds`.
    """

    code_needed: Literal[True] = True
    challenge: str
    expires_in_seconds: int
    message: Sentence


class LoginCodeRequest(ApiModel):
    challenge: str = Field(min_length=1, max_length=300)
    code: str = Field(
        min_length=1,
        max_length=40,
        description="The 6-digit code of the authenticator app, or a recovery code",
    )
    end_other_session: bool = Field(
        default=False, description="End the user's session elsewhere instead of answering 409"
    )


class TwoStepSetup(ApiModel):
    """A new authenticator secret, shown once: the QR code carries `otpauthUri`."""

    secret: str
    otpauth_uri: str
    issuer: str
    account_name: str


class TwoStepEnable(ApiModel):
    code: str = Field(min_length=1, max_length=40, description="A current code of the authenticator app")


class TwoStepProof(ApiModel):
    """Your password or a current code of your authenticator app (one of them)."""

    password: str | None = Field(default=None, max_length=1024)
    code: str | None = Field(default=None, max_length=40)


class RecoveryCodes(ApiModel):
    """Ten single-use recovery codes, shown this once."""

    recovery_codes: list[str]
    two_step: TwoStepState


class SessionConflictData(ApiModel):
    device_name: str
    operating_system: str
    browser_name: str
    ip_address: str
    last_active_at: datetime


class SessionConflict(ApiModel):
    status: int
    message: Sentence
    data: SessionConflictData


class SessionInfo(ApiModel):
    device_name: str
    operating_system: str
    browser_name: str
    ip_address: str
    created_at: datetime
    last_active_at: datetime


class MeResponse(ApiModel):
    user: UserOut
    session: SessionInfo
    two_step: TwoStepState


class ForgotPasswordRequest(ApiModel):
    email: EmailStr = Field(max_length=254)


class ResendOtpResponse(ApiModel):
    message: Sentence
    cooldown_seconds: int


class VerifyOtpRequest(ApiModel):
    email: EmailStr = Field(max_length=254)
    otp: str = Field(pattern=r"^\s*\d{6}\s*$", description="The 6-digit code from the mail")


class VerifyOtpResponse(ApiModel):
    token: str


class ResetPasswordRequest(ApiModel):
    password: str = Field(max_length=1024)
    confirm_password: str = Field(max_length=1024)


class AppConfig(ApiModel):
    inactivity_seconds: int
    warning_seconds: int
    session_idle_seconds: int
    secure_cookies: bool


class PasswordChange(ApiModel):
    current_password: str = Field(min_length=1, max_length=1024)
    password: str = Field(max_length=1024)
    confirm_password: str = Field(max_length=1024)
