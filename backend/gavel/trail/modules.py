"""Which module of Gavel each kind of audited record belongs to: the audit log's module filter, and who may
read a record's history."""

from enum import StrEnum

from gavel.permissions import Module


class AuditEntity(StrEnum):
    MEMBER = "member"
    VEHICLE = "vehicle"
    AUCTION = "auction"
    AUCTION_EVENT = "auction_event"
    INVOICE = "invoice"
    PAYMENT = "payment"
    USER = "user"
    ROLE = "role"
    LOCATION = "location"
    SECURITY_PLAN = "security_plan"
    CHARGE = "charge"
    BUSINESS_SETTINGS = "business_settings"
    UPLOAD = "upload"
    GATE_PASS = "gate_pass"  # noqa: S105 (a kind of record, not a password)
    ALERT_CAMPAIGN = "alert_campaign"
    ALERT_MESSAGE = "alert_message"
    ALERT_TEMPLATE = "alert_template"
    ALERT_SWITCH = "alert_switch"
    APP_STATE = "app_state"


class AuditModule(StrEnum):
    MEMBERS = Module.MEMBERS.value
    VEHICLES = Module.VEHICLES.value
    AUCTIONS = Module.AUCTIONS.value
    PAYMENTS = Module.PAYMENTS.value
    USERS = Module.USERS.value
    ROLES = Module.ROLES.value
    SETTINGS = Module.SETTINGS.value
    ALERTS = Module.ALERTS.value


E = AuditEntity
ENTITIES_OF: dict[AuditModule, tuple[AuditEntity, ...]] = {
    AuditModule.MEMBERS: (E.MEMBER,),
    AuditModule.VEHICLES: (E.VEHICLE, E.GATE_PASS),
    AuditModule.AUCTIONS: (E.AUCTION, E.AUCTION_EVENT),
    AuditModule.PAYMENTS: (E.INVOICE, E.PAYMENT),
    AuditModule.USERS: (E.USER,),
    AuditModule.ROLES: (E.ROLE,),
    AuditModule.SETTINGS: (E.LOCATION, E.SECURITY_PLAN, E.CHARGE, E.BUSINESS_SETTINGS, E.UPLOAD, E.APP_STATE),
    AuditModule.ALERTS: (E.ALERT_CAMPAIGN, E.ALERT_MESSAGE, E.ALERT_TEMPLATE, E.ALERT_SWITCH),
}
MODULE_OF: dict[str, AuditModule] = {
    entity.value: module for module, entities in ENTITIES_OF.items() for entity in entities
}

# The record pages with a History tab: the module whose view privilege shows that page shows its history too.
HISTORY_MODULE: dict[AuditEntity, Module] = {
    E.MEMBER: Module.MEMBERS,
    E.VEHICLE: Module.VEHICLES,
    E.AUCTION: Module.AUCTIONS,
    E.INVOICE: Module.PAYMENTS,
    E.USER: Module.USERS,
}
