"""The member's search text: every string, number, boolean and string-array value of the member and its
profile, lower-cased, in one column that the list query matches with LIKE (a trigram index on PostgreSQL)."""

import re
from datetime import date
from decimal import Decimal

import phonenumbers

from gavel.core.validation import DEFAULT_REGION
from gavel.members.models import Member, MemberProfile

# Digits (any script's), spaces, dots, dashes and parentheses, perhaps after a +: how people type a phone.
PHONE_LIKE = re.compile(r"\+?[\d\s().-]+")
PHONE_MIN_DIGITS = 5  # fewer digits are matched as typed; so '12.5' stays a number, not '125'

MEMBER_FIELDS = (
    "first_name",
    "last_name",
    "email",
    "phone",
    "member_identity_no",
    "seller_type",
    "member_entity",
    "company_name",
    "trn",
    "status",
    "status_reason",
    "request_type",
    "is_trusted_seller",
    "buying_power",
)
PROFILE_FIELDS = (
    "nationality",
    "address",
    "emirate",
    "city",
    "dob",
    "trade_license_number",
    "trade_license_expiry",
    "identity_type",
    "identity_expiry",
)


def _text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def search_text(member: Member, profile: MemberProfile | None) -> str:
    values = [_text(getattr(member, name)) for name in MEMBER_FIELDS]
    values.append(f"{member.first_name} {member.last_name}")
    values.extend(member.member_types)
    if member.phone:
        values.append(member.phone.lstrip("+"))
    if profile is not None:
        values.extend(_text(getattr(profile, name)) for name in PROFILE_FIELDS)
    return " | ".join(v.lower() for v in values if v)


def _phone_digits(term: str, digits: str) -> str:
    """The digits search_text keeps of the phone a person typed: E.164 without its +.

    A whole number is read by phonenumbers (a local number is a UAE one: 055 888 4321 is 971558884321). A
    part of a number keeps its digits, without the 00 of an international call, with 971 for a local 0.
    """
    try:
        number = phonenumbers.parse(term, DEFAULT_REGION)
    except phonenumbers.NumberParseException:
        number = None
    if number is not None and phonenumbers.is_valid_number(number):
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164).lstrip("+")
    if term.startswith("+"):
        return digits
    if digits.startswith("00"):
        return digits[2:]
    if digits.startswith("0"):
        return "971" + digits[1:]
    return digits


def search_terms(term: str) -> list[str]:
    """What a search term is matched as: the term as typed and, when it looks like a phone number in any form
    ('055-888-4321', '+971 55 888 4321', '8884321'), the digits that search_text holds for that phone."""
    terms = [term]
    if PHONE_LIKE.fullmatch(term):
        digits = phonenumbers.normalize_digits_only(term)
        if len(digits) >= PHONE_MIN_DIGITS and (phone := _phone_digits(term, digits)) not in terms:
            terms.append(phone)
    return terms
