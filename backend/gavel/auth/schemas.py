from datetime import datetime

from pydantic import EmailStr, Field

from gavel.schemas import ApiModel
from gavel.users.schemas import UserOut


class LoginRequest(ApiModel):
    email: str = Field(min_length=1, max_length=254)
    password: str = Field(min_length=1, max_length=1024)
    remember_me: bool = False


class LogoutSessionRequest(ApiModel):
    email: str = Field(min_length=1, max_length=254)
    password: str = Field(min_length=1, max_length=1024)


class LoginResponse(ApiModel):
    token: str
    user: UserOut


class SessionConflictData(ApiModel):
    device_name: str
    operating_system: str
    browser_name: str
    ip_address: str
    last_active_at: datetime


class SessionConflict(ApiModel):
    status: int
    message: str
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


class ForgotPasswordRequest(ApiModel):
    email: EmailStr = Field(max_length=254)


class ResendOtpResponse(ApiModel):
    message: str
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
