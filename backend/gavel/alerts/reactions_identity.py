"""The system mails of staff sign-in: a password reset's one-time code and an administrator's temporary
password. Each is queued in the publisher's transaction (gavel.core.events), so it leaves with the change or
not at all; the secret is masked in what the screens show (alerts.delivery.service.queue_system_mail)."""

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.delivery.service import queue_system_mail
from gavel.auth.events import ResetCodeIssued, StaffPasswordReset
from gavel.core import events


async def mail_reset_code(session: AsyncSession, event: ResetCodeIssued) -> None:
    user, code = event.user, event.code
    body = (
        f"Hello {user.full_name},\n\n"
        f"Your Gavel verification code is {code}.\n"
        f"It is valid for {event.valid_minutes} minutes and can be used once.\n\n"
        "If you did not ask to reset your password, you can ignore this mail."
    )
    queue_system_mail(
        session,
        event="oneTimeCode",
        to=user.email,
        subject=f"Your Gavel verification code: {code}",
        body=body,
        now=event.at,
        secret=code,
        user_id=user.id,
        recipient_name=user.full_name,
    )


async def mail_temporary_password(session: AsyncSession, event: StaffPasswordReset) -> None:
    user, temporary = event.user, event.password
    body = (
        f"Hello {user.full_name},\n\n"
        "An administrator has reset your Gavel password. Your temporary password is:\n\n"
        f"    {temporary}\n\n"
        "Sign in with it; Gavel will then ask you to choose a new password of your own."
    )
    queue_system_mail(
        session,
        event="temporaryPassword",
        to=user.email,
        subject="Your temporary Gavel password",
        body=body,
        now=event.at,
        secret=temporary,
        user_id=user.id,
        recipient_name=user.full_name,
    )


def connect() -> None:
    events.subscribe(ResetCodeIssued, mail_reset_code)
    events.subscribe(StaffPasswordReset, mail_temporary_password)
