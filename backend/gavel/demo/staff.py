"""Demo roles and staff users: what a small UAE auction yard's back office looks like."""

from datetime import date

from gavel.permissions import Module, Privilege
from gavel.roles.repository import Grants

ALL = set(Privilege)
READ = {Privilege.VIEW}

DEMO_ROLES: dict[str, Grants] = {
    "Operations": {
        Module.MEMBERS: ALL,
        Module.VEHICLES: ALL,
        Module.AUCTIONS: ALL,
        Module.CALENDER: ALL,
        Module.ALERTS: {Privilege.VIEW, Privilege.ADD},
        Module.PAYMENTS: READ,
        Module.SETTINGS: READ,
        Module.REPORTS: READ,
    },
    "Finance": {
        Module.PAYMENTS: ALL,
        Module.MEMBERS: READ,
        Module.VEHICLES: {Privilege.VIEW, Privilege.UPDATE_STATUS},
        Module.AUCTIONS: READ,
        Module.SETTINGS: {Privilege.VIEW, Privilege.EDIT},
        Module.REPORTS: READ,
    },
    "Viewer": {
        module: READ
        for module in Module
        if module not in (Module.ROLES, Module.USERS, Module.AUDIT_LOG, Module.SESSIONS)
    },
}

# name, email, phone (E.164), date of birth, gender, Emirates ID, role, home city
DEMO_STAFF = [
    (
        "Fatima Al Mansoori",
        "fatima.almansoori@gavel-demo.ae",
        "+971501234567",
        date(1988, 4, 12),
        "F",
        "784-1988-1234567-0",
        "Operations",
        "Dubai",
    ),
    (
        "Omar Al Suwaidi",
        "omar.alsuwaidi@gavel-demo.ae",
        "+971552345678",
        date(1991, 9, 3),
        "M",
        "784-1991-2345678-4",
        "Operations",
        "Sharjah",
    ),
    (
        "Aisha Al Hashemi",
        "aisha.alhashemi@gavel-demo.ae",
        "+971563456789",
        date(1985, 1, 27),
        "F",
        "784-1985-3456789-0",
        "Finance",
        "Abu Dhabi",
    ),
    (
        "Khalid Bin Zayed",
        "khalid.binzayed@gavel-demo.ae",
        "+971504567890",
        date(1979, 11, 8),
        "M",
        "784-1979-4567890-8",
        "Finance",
        "Dubai",
    ),
    (
        "Mariam Al Ketbi",
        "mariam.alketbi@gavel-demo.ae",
        "+971585678901",
        date(1996, 6, 19),
        "F",
        "784-1996-5678901-5",
        "Viewer",
        "Al Ain",
    ),
]
