"""The current filtered member list as CSV, for spreadsheets."""

import csv
import io

from gavel.members.models import Member

COLUMNS = [
    "First name",
    "Last name",
    "Company",
    "Email",
    "Phone",
    "Member types",
    "Entity",
    "Seller type",
    "Trusted seller",
    "Status",
    "Request type",
    "Identity number",
    "Security plan",
    "Buying power (AED)",
    "Registered (UTC)",
]


def _types(member: Member) -> str:
    kinds = member.member_types
    return "Both" if len(kinds) == 2 else (kinds[0].title() if kinds else "")


def _cell(value: str) -> str:
    # Spreadsheets run cells that start with these as formulas; a leading quote keeps them text.
    return f"'{value}" if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def members_csv(members: list[Member]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for m in members:
        row = [
            m.first_name,
            m.last_name,
            m.company_name or "",
            m.email,
            m.phone,
            _types(m),
            m.member_entity,
            m.seller_type or "",
            "Yes" if m.is_trusted_seller else "No",
            m.status,
            m.request_type,
            m.member_identity_no,
            m.security_plan.name if m.security_plan else "",
            f"{m.buying_power:.2f}",
            m.created_at.strftime("%Y-%m-%d %H:%M"),
        ]
        writer.writerow([_cell(str(v)) for v in row])
    return out.getvalue()
