"""Every table, imported once so that Alembic and the tests see the whole schema."""

from gavel.audit.models import AuditEvent
from gavel.auth.models import AuthAttempt, PasswordReset, UserSession
from gavel.charges.models import Charge
from gavel.core.models import AppState, Counter
from gavel.db import Base
from gavel.locations.models import Location, LocationHours
from gavel.members.models import Member, MemberProfile
from gavel.plans.models import SecurityPlan
from gavel.roles.models import Role, RolePermission
from gavel.users.models import User
from gavel.vehicles.models import Vehicle, VehicleImage

metadata = Base.metadata

__all__ = [
    "AppState",
    "AuditEvent",
    "AuthAttempt",
    "Charge",
    "Counter",
    "Location",
    "LocationHours",
    "Member",
    "MemberProfile",
    "PasswordReset",
    "Role",
    "RolePermission",
    "SecurityPlan",
    "User",
    "UserSession",
    "Vehicle",
    "VehicleImage",
    "metadata",
]
