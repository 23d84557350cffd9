"""The modules and privileges that roles grant (SPEC.md section 6, DESIGN.md section 4), and what each box of
the privileges grid allows: the one table that the grid, the role drawer and the route guards share
(GET /api/role/privileges serves it; tests/roles/test_privilege_table.py holds every guard to it)."""

from enum import StrEnum


class Module(StrEnum):
    MEMBERS = "Members"
    VEHICLES = "Vehicles"
    AUCTIONS = "Auctions"
    CALENDER = "Calender"  # SPEC.md's spelling
    PAYMENTS = "Payments"
    ROLES = "Roles"
    USERS = "Users"
    SETTINGS = "Settings"
    ALERTS = "Alerts"
    REPORTS = "Reports"
    AUDIT_LOG = "AuditLog"
    SESSIONS = "Sessions"


class Privilege(StrEnum):
    ADD = "add"
    VIEW = "view"
    EDIT = "edit"
    DELETE = "delete"
    UPDATE_STATUS = "updateStatus"


PRIVILEGE_COLUMNS = {
    Privilege.ADD: "can_add",
    Privilege.VIEW: "can_view",
    Privilege.EDIT: "can_edit",
    Privilege.DELETE: "can_delete",
    Privilege.UPDATE_STATUS: "can_update_status",
}

M, P = Module, Privilege

# What each box allows, in the words the grid's tooltip and the role drawer show ('Payments · Delete: void
# invoices'). A box that a module does not list allows nothing there: the grid shows it disabled.
MEANINGS: dict[Module, dict[Privilege, str]] = {
    M.MEMBERS: {
        P.ADD: "register members",
        P.VIEW: "see members, their deposits, buying power and history, and export the list",
        P.EDIT: "change member details and send a member a temporary password",
        P.DELETE: "delete members",
        P.UPDATE_STATUS: "approve, reject, suspend and reactivate members",
    },
    M.VEHICLES: {
        P.ADD: "add vehicles",
        P.VIEW: "see vehicles, their history and gate passes, and export the list",
        P.EDIT: "change vehicle details",
        P.DELETE: "delete vehicles",
        P.UPDATE_STATUS: "approve and reject vehicles, issue and cancel gate passes, and release at the gate",
    },
    M.AUCTIONS: {
        P.ADD: "create auctions",
        P.VIEW: (
            "see auctions, events, lanes and the live page, lots with their bid logs, maxima and absentee "
            "bids, and lots on approval"
        ),
        P.EDIT: "add, remove and move vehicles in lanes, and enter and withdraw absentee bids",
        P.DELETE: "delete auctions",
        P.UPDATE_STATUS: (
            "publish auctions and complete events; the clerk's moves (open a lot, floor bid, close, "
            "withdraw, pause and resume a lane); record the seller's answers on lots on approval"
        ),
    },
    M.CALENDER: {P.VIEW: "see the auction calendar"},
    M.PAYMENTS: {
        P.ADD: "record payments and request refunds",
        P.VIEW: "see invoices, payments and member ledgers",
        P.DELETE: "void invoices",
        P.UPDATE_STATUS: "verify and reject payments, complete and cancel payouts, cancel a sale for default",
    },
    M.ROLES: {
        P.ADD: "create roles",
        P.VIEW: "see roles and their privileges",
        P.EDIT: "rename roles and change their privileges",
        P.DELETE: "delete roles",
        P.UPDATE_STATUS: "switch roles on and off",
    },
    M.USERS: {
        P.ADD: "create staff users",
        P.VIEW: "see staff users",
        P.EDIT: "change staff details, reset a colleague's password or two-step sign-in",
        P.DELETE: "delete staff users",
        P.UPDATE_STATUS: "suspend and reactivate staff users",
    },
    M.SETTINGS: {
        P.ADD: "add locations, security plans and charges",
        P.VIEW: "see locations, security plans, charges and business settings",
        P.EDIT: "change locations, security plans, charges and business settings",
        P.DELETE: "delete locations, security plans and charges",
        P.UPDATE_STATUS: "switch locations and charges on and off",
    },
    M.ALERTS: {
        P.ADD: "write templates and campaigns, and send campaigns",
        P.VIEW: "see messages, templates, campaigns and switches",
        P.EDIT: "change templates and switch alerts on and off",
        P.DELETE: "delete templates",
        P.UPDATE_STATUS: "retry and cancel messages, cancel campaigns",
    },
    M.REPORTS: {P.VIEW: "see and download the reports"},
    M.AUDIT_LOG: {P.VIEW: "search and export the whole audit log"},
    M.SESSIONS: {
        P.VIEW: "see who is signed in, where and from which device",
        P.DELETE: "end a colleague's session",
    },
}


# A module's name in a sentence where it is not its value: 'You do not have permission to view the audit log'.
MODULE_NAMES = {M.AUDIT_LOG: "the audit log", M.SESSIONS: "staff sessions"}


def module_name(module: Module) -> str:
    return MODULE_NAMES.get(module, module.value)


def offered(module: Module, privilege: Privilege) -> bool:
    """Whether the box allows anything in this module."""
    return privilege in MEANINGS[module]
