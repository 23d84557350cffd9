"""What a violated database constraint means to a person, in one place.

The services check uniqueness first and answer with the record they found; when two requests race past
that check, the database's constraint decides and the loser's IntegrityError arrives here, at the error
handler. PostgreSQL names the constraint (`diag.constraint_name`); for SQLite it is found from the table and
columns it names ("UNIQUE constraint failed: location.city, location.title_key"), so both engines answer the
same 409.
"""

import re

from sqlalchemy import Index, UniqueConstraint
from sqlalchemy.exc import IntegrityError

from gavel.db import Base
from gavel.errors import Conflict, FieldError

# constraint name -> (field of the request, sentence)
UNIQUE_FIELDS: dict[str, tuple[str, str]] = {
    "uq_charge_title_key": ("title", "A charge with this title already exists."),
    "uq_role_name": ("name", "A role with this name already exists."),
    "uq_security_plan_name_key": ("name", "A security plan with this name already exists."),
    "uq_member_email": ("email", "A member with this email already exists."),
    "uq_member_phone": ("phone", "A member with this phone number already exists."),
    "uq_user_account_email": ("email", "A staff user with this email already exists."),
    "uq_user_account_phone": ("phone", "A staff user with this phone number already exists."),
    "ix_location_city_title": ("title", "A location with this title already exists in this city."),
    "uq_vehicle_vin_number": ("vinNumber", "Enter Unique Vin Number"),
    "uq_location_hours_location_weekday": ("schedule", "Each weekday has one set of opening hours."),
    "uq_role_permission_role_module": ("permissions", "Each module is listed once."),
    "uq_gate_pass_live_vehicle": (
        "vehicleId",
        "This vehicle got a gate pass at the same moment: reload to see it, and replace it if needed.",
    ),
    "uq_alert_campaign_request_key": (
        "requestKey",
        "This campaign was already created by the same dialog (a second click): find it in the list.",
    ),
    "uq_auction_run_current_vehicle": (
        "vehicles",
        "A vehicle of the selection is already in an auction event.",
    ),
}

RACE = "Someone else changed this at the same moment. Please reload and try again."
IN_USE = "This record is still used by other records, so it cannot be removed."
GONE = "This refers to a record that no longer exists. Please reload and try again."

_SQLITE_UNIQUE = re.compile(r"UNIQUE constraint failed: (.+)$")


def _sqlite_constraint(message: str) -> str | None:
    """The name of the unique constraint or index over the columns SQLite lists."""
    found = _SQLITE_UNIQUE.search(message)
    if found is None:
        return None
    pairs = [part.strip().split(".", 1) for part in found.group(1).split(",")]
    if any(len(pair) != 2 for pair in pairs):
        return None
    table_name = pairs[0][0]
    columns = {column for _, column in pairs}
    table = Base.metadata.tables.get(table_name)
    if table is None:
        return None
    candidates: list[UniqueConstraint | Index] = [
        *(c for c in table.constraints if isinstance(c, UniqueConstraint)),
        *(i for i in table.indexes if i.unique),
    ]
    for candidate in candidates:
        if {c.name for c in candidate.columns} == columns and isinstance(candidate.name, str):
            return candidate.name
    return None


def constraint_name(exc: IntegrityError) -> tuple[str | None, str | None]:
    """(constraint name, SQLSTATE or SQLite's kind) of a failed statement."""
    orig = exc.orig
    diag = getattr(orig, "diag", None)
    if diag is not None:  # psycopg
        return getattr(diag, "constraint_name", None), getattr(orig, "sqlstate", None)
    message = str(orig)
    if "UNIQUE constraint failed" in message:
        return _sqlite_constraint(message), "23505"
    if "FOREIGN KEY constraint failed" in message:
        return None, "23503"
    return None, None


def conflict_from(exc: IntegrityError) -> Conflict:
    """The 409 a person reads for a constraint the database refused."""
    name, code = constraint_name(exc)
    if name in UNIQUE_FIELDS:
        field, message = UNIQUE_FIELDS[name]
        return Conflict(message, errors=[FieldError(field=field, message=message)])
    if code == "23503":
        removing = (exc.statement or "").lstrip().upper().startswith("DELETE")
        return Conflict(IN_USE if removing else GONE)
    return Conflict(RACE)
