"""The action of an audit event in words: 'Approved member Omar Al Suwaidi'.

A sentence comes from the action, the kind of record, its name and the old and new values: a status change
says what the record became ('Approved', 'Suspended'), or from what to what. An action this file does not
know yet still reads as words ('Member: opted in') instead of a code.
"""

import re
from typing import Any

# How a sentence names a kind of record.
ENTITY_WORDS = {
    "member": "member",
    "vehicle": "vehicle",
    "auction": "auction",
    "auction_event": "event",
    "invoice": "invoice",
    "payment": "payment",
    "user": "staff user",
    "role": "role",
    "location": "location",
    "security_plan": "security plan",
    "charge": "charge",
    "business_settings": "business settings",
    "upload": "file",
    "gate_pass": "gate pass",
    "alert_campaign": "campaign",
    "alert_message": "message",
    "alert_template": "template",
    "alert_switch": "alert switch",
    "app_state": "application",
}

# {record} is the record's kind and name ('member Omar Al Suwaidi'); a status change has its own rule.
SENTENCES = {
    "member.created": "Registered {record}",
    "member.updated": "Edited {record}",
    "member.deleted": "Deleted {record}",
    "member.password_reset": "Reset the password of {record}",
    "member.promo_opt_out": "Opted {record} out of promotions (the member replied STOP)",
    "deposit.invoiced": "Invoiced the security deposit of {record}",
    "vehicle.created": "Added {record}",
    "vehicle.updated": "Edited {record}",
    "vehicle.progress": "Updated the inspection progress of {record}",
    "vehicle.deleted": "Deleted {record}",
    "vehicle.sale_defaulted": "Cancelled the sale of {record} for default",
    "gate_pass.issued": "Issued a gate pass for {record}",
    "gate_pass.cancelled": "Cancelled the gate pass of {record}",
    "gate.scanned": "Scanned the gate pass of {record} at the gate",
    "gate.scan_refused": "Refused a gate pass scan for {record}",
    "gate.picked_up": "Released {record} at the gate",
    "auction.created": "Created {record}",
    "auction.deleted": "Deleted {record}",
    "auction_event.completed": "Completed {record}",
    "auction_event.vehicle_added": "Added {record} to an event",
    "auction_event.vehicle_removed": "Removed {record} from its event",
    "auction_event.vehicle_transferred": "Moved {record} to another event",
    "auction_event.result_recorded": "Recorded the sale result of {record}",
    "invoice.issued": "Issued {record}",
    "invoice.cancelled": "Cancelled {record} with a credit note",
    "settlement.issued": "Issued the seller settlement {record}",
    "penalty.issued": "Issued the penalty {record}",
    "payment.recorded": "Recorded {record}",
    "payment.verified": "Verified {record}",
    "payment.rejected": "Rejected {record}",
    "refund.requested": "Requested the refund {record}",
    "refund.completed": "Completed the refund {record}",
    "refund.cancelled": "Cancelled the refund {record}",
    "payout.completed": "Completed the payout {record}",
    "payout.cancelled": "Cancelled the payout {record}",
    "user.created": "Added {record}",
    "user.updated": "Edited {record}",
    "user.deleted": "Deleted {record}",
    "user.password_reset_by_admin": "Reset the password of {record}",
    "user.two_step_reset_by_admin": "Turned off the two-step sign-in of {record}",
    "auth.login": "Signed in",
    "auth.login_replacing_session": "Signed in, ending their other session",
    "auth.login_failed": "Failed to sign in",
    "auth.login_refused": "Was refused sign-in (account not active)",
    "auth.logout": "Signed out",
    "auth.session_ended": "Ended a session of {record}",
    "auth.password_changed": "Changed their password",
    "auth.password_reset_requested": "Asked for a password reset code",
    "auth.password_reset": "Reset their password with a one-time code",
    "auth.two_step_setup_started": "Started setting up two-step sign-in",
    "auth.two_step_enabled": "Turned on two-step sign-in",
    "auth.two_step_disabled": "Turned off two-step sign-in",
    "auth.two_step_recovery_codes_regenerated": "Made new recovery codes",
    "auth.two_step_recovery_code_used": "Signed in with a recovery code",
    "auth.two_step_failed": "Entered a wrong two-step code",
    "role.created": "Created {record}",
    "role.updated": "Edited {record}",
    "role.activated": "Activated {record}",
    "role.deactivated": "Deactivated {record}",
    "role.deleted": "Deleted {record}",
    "location.created": "Added {record}",
    "location.updated": "Edited {record}",
    "location.deleted": "Deleted {record}",
    "plan.created": "Created {record}",
    "plan.updated": "Edited {record}",
    "plan.deleted": "Deleted {record}",
    "charge.created": "Created {record}",
    "charge.updated": "Edited {record}",
    "charge.deleted": "Deleted {record}",
    "business.updated": "Edited the business settings",
    "upload.stored": "Uploaded a file",
    "alert_template.updated": "Edited {record}",
    "alert_switch.changed": "Changed {record}",
    "alert_message.retried": "Retried {record}",
    "alert_message.cancelled": "Cancelled {record}",
    "alert_campaign.created": "Created {record}",
    "alert_campaign.updated": "Edited {record}",
    "alert_campaign.sent": "Sent {record}",
    "alert_campaign.cancelled": "Cancelled {record}",
    "demo.loaded": "Loaded the demo data",
}
STATUS_CHANGES = {
    "member.status_changed",
    "vehicle.status_changed",
    "auction.status_changed",
    "user.status_changed",
    "location.status_changed",
    "charge.status_changed",
}
# The new status that a verb says by itself ('Approved member ...'); others read 'from pending to inactive'.
STATUS_VERBS = {
    "approved": "Approved",
    "rejected": "Rejected",
    "deactivated": "Deactivated",
    "cancelled": "Cancelled",
    "publish": "Published",
    "unpublished": "Unpublished",
    "completed": "Completed",
    "suspended": "Suspended",
    "returned": "Returned",
}
STATUS_KEYS = ("status", "userAccountStatus", "isActive")
# Keys of a record's snapshot that name it, for records that no longer exist (deleted).
NAME_KEYS = ("fullName", "companyName", "auctionTitle", "title", "name", "number", "transactionId")
KNOWN_ACTIONS = sorted({*SENTENCES, *STATUS_CHANGES, "member.trusted_seller_changed"})


def words_of(code: object) -> str:
    """A code as lower-case words: 'inActive' reads 'inactive', 'in_inspection' reads 'in inspection'."""
    if isinstance(code, bool):
        return "active" if code else "inactive"
    text = str(code)
    if text == "inActive":
        return "inactive"
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).replace("_", " ").lower()


def action_label(action: str) -> str:
    """The action as a filter's option: 'member.status_changed' reads 'Member: status changed'."""
    subject, _, verb = action.partition(".")
    return f"{words_of(subject).capitalize()}: {words_of(verb)}" if verb else words_of(subject).capitalize()


def name_in_snapshot(values: dict[str, Any] | None) -> str | None:
    """The record's name as its old or new values hold it."""
    if not values:
        return None
    first, last = values.get("firstName"), values.get("lastName")
    if isinstance(first, str) and isinstance(last, str) and not values.get("companyName"):
        return f"{first} {last}".strip()
    for key in NAME_KEYS:
        value = values.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def record_words(entity: str, name: str | None) -> str:
    kind = ENTITY_WORDS.get(entity, words_of(entity))
    if name:
        return f"{kind} {name}"
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _status(values: dict[str, Any] | None) -> object:
    for key in STATUS_KEYS:
        if values and key in values:
            return values[key]
    return None


def _status_sentence(record: str, old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    was, now = _status(old), _status(new)
    if now is None:
        return f"Changed the status of {record}"
    verb = STATUS_VERBS.get(words_of(now))
    if verb:
        return f"{verb} {record}"
    if was is None:
        return f"Changed the status of {record} to {words_of(now)}"
    return f"Changed the status of {record} from {words_of(was)} to {words_of(now)}"


def sentence(
    action: str,
    entity: str,
    name: str | None,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
) -> str:
    """What happened, as a person says it: 'Approved member Omar Al Suwaidi'."""
    record = record_words(entity, name or name_in_snapshot(old) or name_in_snapshot(new))
    if action in STATUS_CHANGES:
        return _status_sentence(record, old, new)
    if action == "member.trusted_seller_changed":
        trusted = bool((new or {}).get("isTrustedSeller"))
        return f"Marked {record} as a trusted seller" if trusted else f"Removed {record} from trusted sellers"
    template = SENTENCES.get(action)
    if template is None:
        return f"{action_label(action)}: {record}"
    return template.format(record=record)
