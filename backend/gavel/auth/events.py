"""What happens in signing in that modules above auth react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.users.models import User


@dataclass(frozen=True)
class ResetCodeIssued:
    """A staff user asked to reset their password: `code` is mailed to them (alerts), good for
    `valid_minutes`."""

    user: User
    code: str
    valid_minutes: int
    at: datetime


@dataclass(frozen=True)
class StaffPasswordReset:
    """An administrator reset a staff user's password: the temporary `password` is mailed to them (alerts),
    never shown to the administrator."""

    user: User
    password: str
    at: datetime
