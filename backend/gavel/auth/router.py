"""Sign in, sign out, sessions and password reset (SPEC.md section 7, Auth)."""

from typing import Any

from fastapi import APIRouter, Request

from gavel.auth.deps import AuthServiceDep, session_of, user_of
from gavel.auth.schemas import (
    AppConfig,
    ForgotPasswordRequest,
    LanguageChange,
    LoginCodeRequest,
    LoginRequest,
    LoginResponse,
    LogoutSessionRequest,
    MeResponse,
    PasswordChange,
    RecoveryCodes,
    ResendOtpResponse,
    ResetPasswordRequest,
    SessionConflict,
    SessionInfo,
    TwoStepChallenge,
    TwoStepEnable,
    TwoStepProof,
    TwoStepSetup,
    TwoStepState,
    VerifyOtpRequest,
    VerifyOtpResponse,
)
from gavel.auth.service import CODE_NEEDED, PASSWORD_RESET_DONE, RESET_SENT, CodeNeeded, SignedIn
from gavel.auth.two_step import state_of, two_step_service
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import ErrorBody
from gavel.guards import ClientDep, CurrentPrincipal, allowed_while_password_due, bearer_token
from gavel.schemas import MessageResponse
from gavel.users.schemas import UserOut

router = APIRouter(tags=["auth"])

THROTTLED: dict[int | str, dict[str, Any]] = {429: {"model": ErrorBody, "description": "Too many attempts"}}


async def _signed_in(session: SessionDep, result: SignedIn) -> LoginResponse:
    return LoginResponse(
        token=result.token,
        user=UserOut.model_validate(result.user),
        two_step=await state_of(session, result.user),
    )


async def _answer(session: SessionDep, result: SignedIn | CodeNeeded) -> LoginResponse | TwoStepChallenge:
    if isinstance(result, CodeNeeded):
        return TwoStepChallenge(
            challenge=result.challenge, expires_in_seconds=result.expires_in_seconds, message=CODE_NEEDED
        )
    return await _signed_in(session, result)


@router.post(
    "/auth/login",
    response_model=LoginResponse | TwoStepChallenge,
    responses={401: {"model": ErrorBody}, 409: {"model": SessionConflict}, **THROTTLED},
)
async def login(
    body: LoginRequest, session: SessionDep, service: AuthServiceDep, client: ClientDep, clock: ClockDep
) -> LoginResponse | TwoStepChallenge:
    """Sign in; 409 when the user is already signed in elsewhere. With two-step sign-in on, the answer is a
    challenge instead (`codeNeeded`): POST it with the code to /auth/login/code."""
    result = await service.login(session, body.email, body.password, client, clock.now())
    return await _answer(session, result)


@router.post(
    "/auth/login/code",
    response_model=LoginResponse,
    responses={401: {"model": ErrorBody}, 409: {"model": SessionConflict}, **THROTTLED},
)
async def login_with_code(
    body: LoginCodeRequest, session: SessionDep, service: AuthServiceDep, client: ClientDep, clock: ClockDep
) -> LoginResponse:
    """The second step of two-step sign-in: the challenge and a code of the authenticator app or a recovery
    code; 409 when the user is signed in elsewhere (send it again with `endOtherSession`)."""
    signed_in = await service.login_with_code(
        session, body.challenge, body.code, client, clock.now(), end_other_session=body.end_other_session
    )
    return await _signed_in(session, signed_in)


@router.post(
    "/auth/logout-session",
    response_model=LoginResponse | TwoStepChallenge,
    responses={401: {"model": ErrorBody}, **THROTTLED},
)
async def logout_session(
    body: LogoutSessionRequest,
    session: SessionDep,
    service: AuthServiceDep,
    client: ClientDep,
    clock: ClockDep,
) -> LoginResponse | TwoStepChallenge:
    """End the user's other session and sign in here (with two-step sign-in: a challenge, as login)."""
    result = await service.logout_other_session(session, body.email, body.password, client, clock.now())
    return await _answer(session, result)


@router.post("/auth/logout", response_model=MessageResponse, responses={401: {"model": ErrorBody}})
@allowed_while_password_due
async def logout(
    principal: CurrentPrincipal, session: SessionDep, service: AuthServiceDep
) -> MessageResponse:
    """End the current session."""
    await service.logout(session, session_of(principal), user_of(principal), principal.client.ip)
    return MessageResponse(message="You have been signed out.")


@router.get("/auth/me", response_model=MeResponse, responses={401: {"model": ErrorBody}})
@allowed_while_password_due
async def me(principal: CurrentPrincipal, session: SessionDep) -> MeResponse:
    """The signed-in user and their session; calling it keeps the session alive."""
    return MeResponse(
        user=UserOut.model_validate(user_of(principal)),
        session=SessionInfo.model_validate(session_of(principal)),
        two_step=await state_of(session, user_of(principal)),
    )


@router.put(
    "/auth/change-password",
    response_model=MessageResponse,
    responses={401: {"model": ErrorBody}, 422: {"model": ErrorBody}},
)
@allowed_while_password_due
async def change_password(
    body: PasswordChange, principal: CurrentPrincipal, session: SessionDep, service: AuthServiceDep
) -> MessageResponse:
    """Change your own password (current one required); your other sessions end."""
    ended = await service.change_password(
        session, user_of(principal), session_of(principal), body, principal.client.ip
    )
    others = f" {ended} other session{'s' if ended != 1 else ''} ended." if ended else ""
    return MessageResponse(message=f"Your password has been changed.{others}")


@router.put(
    "/auth/language", response_model=UserOut, responses={401: {"model": ErrorBody}, 422: {"model": ErrorBody}}
)
@allowed_while_password_due
async def put_language(
    body: LanguageChange, principal: CurrentPrincipal, session: SessionDep, service: AuthServiceDep
) -> UserOut:
    """Choose English or Arabic: the web app applies it at every sign-in, and the API's messages follow the
    app's Accept-Language. Answers the user."""
    await service.set_language(session, user_of(principal), body.language)
    return UserOut.model_validate(user_of(principal))


# Two-step sign-in: the signed-in user's own authenticator app

TWO_STEP_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody},
    409: {"model": ErrorBody},
    422: {"model": ErrorBody},
    **THROTTLED,
}


@router.get("/auth/two-step", response_model=TwoStepState, responses={401: {"model": ErrorBody}})
async def two_step_state(principal: CurrentPrincipal, session: SessionDep) -> TwoStepState:
    """Whether two-step sign-in is on, whether your role requires it, and how many recovery codes are left."""
    return await state_of(session, user_of(principal))


@router.post("/auth/two-step/setup", response_model=TwoStepSetup, responses=TWO_STEP_ERRORS)
async def start_two_step_setup(
    principal: CurrentPrincipal, session: SessionDep, clock: ClockDep
) -> TwoStepSetup:
    """A new secret for your authenticator app (as an otpauth:// URI for the QR code); shown this once."""
    return await two_step_service.start_setup(session, user_of(principal), principal.client, clock.now())


@router.post("/auth/two-step/enable", response_model=RecoveryCodes, responses=TWO_STEP_ERRORS)
async def enable_two_step(
    body: TwoStepEnable, principal: CurrentPrincipal, session: SessionDep, clock: ClockDep
) -> RecoveryCodes:
    """Turn two-step sign-in on with a current code of the app; answers ten recovery codes, shown once."""
    codes = await two_step_service.enable(
        session, user_of(principal), body.code, principal.client, clock.now()
    )
    return RecoveryCodes(recovery_codes=codes, two_step=await state_of(session, user_of(principal)))


@router.post("/auth/two-step/disable", response_model=TwoStepState, responses=TWO_STEP_ERRORS)
async def disable_two_step(
    body: TwoStepProof, principal: CurrentPrincipal, session: SessionDep, clock: ClockDep
) -> TwoStepState:
    """Turn two-step sign-in off with your password or a current code."""
    await two_step_service.disable(session, user_of(principal), body, principal.client, clock.now())
    return await state_of(session, user_of(principal))


@router.post("/auth/two-step/recovery-codes", response_model=RecoveryCodes, responses=TWO_STEP_ERRORS)
async def regenerate_recovery_codes(
    body: TwoStepProof, principal: CurrentPrincipal, session: SessionDep, clock: ClockDep
) -> RecoveryCodes:
    """Ten new recovery codes (password or a current code); the old ones stop working."""
    codes = await two_step_service.regenerate_recovery_codes(
        session, user_of(principal), body, principal.client, clock.now()
    )
    return RecoveryCodes(recovery_codes=codes, two_step=await state_of(session, user_of(principal)))


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
