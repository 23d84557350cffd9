"""The member's search text: every string, number, boolean and string-array value of the member and its
profile, lower-cased, in one column that the list query matches with LIKE (a trigram index on PostgreSQL)."""

from datetime import date
from decimal import Decimal

from gavel.members.models import Member, MemberProfile

MEMBER_FIELDS = (
    "first_name",
    "last_name",
    "email",
    "phone",
    "member_identity_no",
    "seller_type",
    "member_entity",
    "company_name",
    "status",
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
