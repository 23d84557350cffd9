"""Sign in, sign out, sessions and password reset (SPEC.md section 7, Auth)."""

from typing import Any

from fastapi import APIRouter, Request

from gavel.auth.deps import AuthServiceDep, ClientDep, CurrentPrincipal, bearer_token
from gavel.auth.schemas import (
    AppConfig,
    ForgotPasswordRequest,
    LoginRequest,
    LoginResponse,
    LogoutSessionRequest,
    MeResponse,
    PasswordChange,
    ResendOtpResponse,
    ResetPasswordRequest,
    SessionConflict,
    SessionInfo,
    VerifyOtpRequest,
    VerifyOtpResponse,
)
from gavel.auth.service import PASSWORD_RESET_DONE, RESET_SENT
from gavel.db import SessionDep
from gavel.errors import ErrorBody
from gavel.schemas import MessageResponse
from gavel.users.schemas import UserOut

router = APIRouter(tags=["auth"])

THROTTLED: dict[int | str, dict[str, Any]] = {429: {"model": ErrorBody, "description": "Too many attempts"}}


@router.post(
    "/auth/login",
    response_model=LoginResponse,
    responses={401: {"model": ErrorBody}, 409: {"model": SessionConflict}, **THROTTLED},
)
async def login(
    body: LoginRequest, session: SessionDep, service: AuthServiceDep, client: ClientDep
) -> LoginResponse:
    """Sign in; 409 when the user is already signed in elsewhere."""
    signed_in = await service.login(session, body.email, body.password, client)
    return LoginResponse(token=signed_in.token, user=UserOut.model_validate(signed_in.user))


@router.post(
    "/auth/logout-session",
    response_model=LoginResponse,
    responses={401: {"model": ErrorBody}, **THROTTLED},
)
async def logout_session(
    body: LogoutSessionRequest, session: SessionDep, service: AuthServiceDep, client: ClientDep
) -> LoginResponse:
    """End the user's other session and sign in here."""
    signed_in = await service.logout_other_session(session, body.email, body.password, client)
    return LoginResponse(token=signed_in.token, user=UserOut.model_validate(signed_in.user))


@router.post("/auth/logout", response_model=MessageResponse, responses={401: {"model": ErrorBody}})
async def logout(
    principal: CurrentPrincipal, session: SessionDep, service: AuthServiceDep
) -> MessageResponse:
    """End the current session."""
    await service.logout(session, principal.session, principal.user, principal.client.ip)
    return MessageResponse(message="You have been signed out.")


@router.get("/auth/me", response_model=MeResponse, responses={401: {"model": ErrorBody}})
async def me(principal: CurrentPrincipal) -> MeResponse:
    """The signed-in user and their session; calling it keeps the session alive."""
    return MeResponse(
        user=UserOut.model_validate(principal.user), session=SessionInfo.model_validate(principal.session)
    )


@router.put(
    "/auth/change-password",
    response_model=MessageResponse,
    responses={401: {"model": ErrorBody}, 422: {"model": ErrorBody}},
)
async def change_password(
    body: PasswordChange, principal: CurrentPrincipal, session: SessionDep, service: AuthServiceDep
) -> MessageResponse:
    """Change your own password (current one required); your other sessions end."""
    ended = await service.change_password(
        session, principal.user, principal.session, body, principal.client.ip
    )
    others = f" {ended} other session{'s' if ended != 1 else ''} ended." if ended else ""
    return MessageResponse(message=f"Your password has been changed.{others}")


@router.post("/forgot-password", response_model=MessageResponse, responses=THROTTLED)
async def forgot_password(
    body: ForgotPasswordRequest, session: SessionDep, service: AuthServiceDep, client: ClientDep
) -> MessageResponse:
    """Mail a 6-digit code; the answer is the same whether or not the email is known."""
    await service.forgot_password(session, str(body.email), client)
    return MessageResponse(message=RESET_SENT)


@router.post("/resend-otp", response_model=ResendOtpResponse, responses=THROTTLED)
async def resend_otp(
    body: ForgotPasswordRequest, session: SessionDep, service: AuthServiceDep, client: ClientDep
) -> ResendOtpResponse:
    """Mail a fresh code once the cooldown is over."""
    await service.resend_code(session, str(body.email), client)
    return ResendOtpResponse(
        message=RESET_SENT, cooldown_seconds=service.settings.otp_resend_cooldown_seconds
    )


@router.post(
    "/verify-otp", response_model=VerifyOtpResponse, responses={400: {"model": ErrorBody}, **THROTTLED}
)
async def verify_otp(
    body: VerifyOtpRequest, session: SessionDep, service: AuthServiceDep, client: ClientDep
) -> VerifyOtpResponse:
    """Exchange a valid code for a reset token (15 minutes, single use)."""
    token = await service.verify_code(session, str(body.email), body.otp, client)
    return VerifyOtpResponse(token=token)


@router.post(
    "/reset-password",
    response_model=MessageResponse,
    responses={401: {"model": ErrorBody}, 422: {"model": ErrorBody}},
)
async def reset_password(
    body: ResetPasswordRequest,
    request: Request,
    session: SessionDep,
    service: AuthServiceDep,
    client: ClientDep,
) -> MessageResponse:
    """Set a new password with the reset token as bearer; every session of the user ends."""
    await service.reset_password(
        session, bearer_token(request), body.password, body.confirm_password, client.ip
    )
    return MessageResponse(message=PASSWORD_RESET_DONE)


@router.get("/app-config", response_model=AppConfig)
async def app_config(service: AuthServiceDep) -> AppConfig:
    """Durations the SPA needs before anyone signs in."""
    s = service.settings
    return AppConfig(
        inactivity_seconds=s.ui_inactivity_seconds,
        warning_seconds=s.ui_warning_seconds,
        session_idle_seconds=s.session_idle_seconds,
        secure_cookies=s.secure_cookies,
    )
