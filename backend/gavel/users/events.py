"""What happens to staff users that modules above them react to (gavel.core.events)."""

from dataclasses import dataclass
from datetime import datetime

from gavel.users.models import User


@dataclass(frozen=True)
class AccessWithdrawn:
    """A staff user was suspended or deactivated (`status`): their sessions end at once (auth)."""

    user: User
    status: str
    at: datetime
