"""How a consent to promotions may be given or withdrawn, and by whom; the channels it is given for; the
wording a member agrees to at the counter (issue 28: consent is never asked by SMS or call)."""

from dataclasses import dataclass
from enum import StrEnum


class PromoChannel(StrEnum):
    """The channels of promotions (members may not import alerts, whose Channel has the same values)."""

    SMS = "sms"
    WHATSAPP = "whatsapp"
    EMAIL = "email"


class ConsentMethod(StrEnum):
    COUNTER_FORM = "counter_form"
    WRITTEN_REQUEST = "written_request"
    PHONE_REQUEST = "phone_request"
    MEMBER_ONLINE = "member_online"
    REPLY = "reply"
    UNSUBSCRIBE_LINK = "unsubscribe_link"
    BEFORE_TRACKING = "before_tracking"


class Recorder(StrEnum):
    """Who may record a method: staff on the member's page, the member on their own page, the app itself
    (a STOP reply, an unsubscribe link), or the migration of the flags kept before records."""

    STAFF = "staff"
    MEMBER = "member"
    SYSTEM = "system"
    MIGRATION = "migration"


@dataclass(frozen=True)
class MethodRule:
    label: str
    by: Recorder
    for_consent: bool
    for_withdrawal: bool


RULES: dict[ConsentMethod, MethodRule] = {
    ConsentMethod.COUNTER_FORM: MethodRule("Signed form at the counter", Recorder.STAFF, True, True),
    ConsentMethod.WRITTEN_REQUEST: MethodRule(
        "In writing from the member (email or letter)", Recorder.STAFF, True, True
    ),
    ConsentMethod.PHONE_REQUEST: MethodRule("The member asked by phone", Recorder.STAFF, False, True),
    ConsentMethod.MEMBER_ONLINE: MethodRule(
        "The member, on their own page online", Recorder.MEMBER, True, True
    ),
    ConsentMethod.REPLY: MethodRule("A reply to a message (STOP)", Recorder.SYSTEM, False, True),
    ConsentMethod.UNSUBSCRIBE_LINK: MethodRule(
        "The unsubscribe link in a promotional email", Recorder.SYSTEM, False, True
    ),
    ConsentMethod.BEFORE_TRACKING: MethodRule(
        "Recorded before consent tracking", Recorder.MIGRATION, True, False
    ),
}
# The methods staff choose from on the member's page, in the order they are offered.
STAFF_METHODS = tuple(method for method, rule in RULES.items() if rule.by == Recorder.STAFF)

CONSENT_COLUMN = {
    PromoChannel.SMS: "promo_consent_sms",
    PromoChannel.WHATSAPP: "promo_consent_whatsapp",
    PromoChannel.EMAIL: "promo_consent_email",
}
CONSENT_FIELD = {
    PromoChannel.SMS: "promoConsentSms",
    PromoChannel.WHATSAPP: "promoConsentWhatsapp",
    PromoChannel.EMAIL: "promoConsentEmail",
}
# The answer to a member's edit that would tick or untick a consent without saying how it was given.
RECORD_CONSENT_ON_THE_PANEL = (
    "Record consent on the member's Promotions consent panel, with how it was given."
)
CHANNEL_WORDS = {PromoChannel.SMS: "SMS", PromoChannel.WHATSAPP: "WhatsApp", PromoChannel.EMAIL: "email"}

# The shortest wording a consent may be recorded with: a sentence, not a tick or 'yes'.
WORDING_MIN = 20
WORDING_MAX = 2000

# What the member reads and signs at the counter (staff may change it to the form's exact words).
DEFAULT_WORDING = {
    PromoChannel.SMS: (
        "I agree to receive promotional text messages (SMS) from the auction house about upcoming auctions, "
        "vehicles and offers at the mobile number I have given. Messages are sent only between 8:00 and "
        "21:00 UAE time. I can withdraw my consent at any time, free of charge, by sending the opt-out "
        "keyword shown in each message, at the counter or in writing."
    ),
    PromoChannel.WHATSAPP: (
        "I agree to receive promotional WhatsApp messages from the auction house about upcoming auctions, "
        "vehicles and offers at the mobile number I have given. Messages are sent only between 8:00 and "
        "21:00 UAE time. I can withdraw my consent at any time by replying STOP, at the counter or in "
        "writing."
    ),
    PromoChannel.EMAIL: (
        "I agree to receive promotional emails from the auction house about upcoming auctions, vehicles and "
        "offers at the email address I have given. I can withdraw my consent at any time with the "
        "unsubscribe link in every promotional email, at the counter or in writing."
    ),
}


def label_of(method: str) -> str:
    """The method in words; a method this version does not know reads as its code."""
    try:
        return RULES[ConsentMethod(method)].label
    except ValueError:
        return method


def staff_refusal(method: ConsentMethod, given: bool) -> str | None:
    """Why staff may not record this method in that direction; None when they may."""
    rule = RULES[method]
    if rule.by == Recorder.MEMBER:
        return f"'{rule.label}' is recorded only by the member on their own page, not by staff."
    if rule.by == Recorder.SYSTEM:
        return f"'{rule.label}' is recorded only by the app when it happens, not by staff."
    if rule.by == Recorder.MIGRATION:
        return MIGRATION_ONLY.format(label=rule.label)
    if given and not rule.for_consent:
        return NEVER_BY_PHONE
    if not given and not rule.for_withdrawal:
        return f"'{rule.label}' may only record consent, not its withdrawal."
    return None


def unsigned_refusal(method: ConsentMethod, given: bool) -> str | None:
    """Why a record without a staff user (the member's own page, the app itself) may not use this method in
    that direction; None when it may."""
    rule = RULES[method]
    if rule.by == Recorder.STAFF:
        return f"'{rule.label}' is recorded by a staff user."
    if rule.by == Recorder.MIGRATION:
        return MIGRATION_ONLY.format(label=rule.label)
    if not (rule.for_consent if given else rule.for_withdrawal):
        return f"'{rule.label}' cannot {'give' if given else 'withdraw'} consent to promotions."
    return None


MIGRATION_ONLY = "'{label}' was used only when the consents kept before records were moved to records."
NEVER_BY_PHONE = (
    "Consent to promotions is never taken by phone or SMS: record it from a form the member signed at the "
    "counter or from their request in writing."
)
