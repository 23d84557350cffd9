"""The modules and privileges that roles grant (SPEC.md section 6, DESIGN.md section 4)."""

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
