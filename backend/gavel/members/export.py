"""The current filtered member list as CSV: the words of the screens, never the API's codes."""

import csv
import io

from gavel.core.labels import LABELS
from gavel.core.spreadsheet import cell, column_names
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
    "Status reason",
    "Request type",
    "Identity number",
    "Security plan",
    "Buying power (AED)",
    "Registered (UTC)",
]
# The header in Arabic, for a user in Arabic (the member list's words on the screens).
ARABIC = {
    "First name": "الاسم الأول",
    "Last name": "اسم العائلة",
    "Company": "الشركة",
    "Email": "البريد الإلكتروني",
    "Phone": "الهاتف",
    "Member types": "أنواع العضو",
    "Entity": "الكيان",
    "Seller type": "نوع البائع",
    "Trusted seller": "بائع موثوق",
    "Status": "الحالة",
    "Status reason": "سبب الحالة",
    "Request type": "نوع الطلب",
    "Identity number": "رقم الهوية",
    "Security plan": "خطة التأمين",
    "Buying power (AED)": "القوة الشرائية بالدرهم",
    "Registered (UTC)": "تاريخ التسجيل (UTC)",
}
STATUS = LABELS["MemberStatus"]
ENTITY = LABELS["MemberEntity"]
SELLER_TYPE = LABELS["SellerType"]
MEMBER_TYPE = LABELS["MemberType"]


def label(words: dict[str, str], code: str | None) -> str:
    """The screen's word for a code; an unknown code as it is, nothing as an empty cell."""
    return words.get(code, code) if code else ""


def yes_no(value: bool) -> str:
    return "Yes" if value else "No"


def _types(member: Member) -> str:
    kinds = member.member_types
    return "Both" if len(kinds) == 2 else (label(MEMBER_TYPE, kinds[0]) if kinds else "")


def members_csv(members: list[Member]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(column_names(COLUMNS, ARABIC))
    for m in members:
        row = [
            m.first_name,
            m.last_name,
            m.company_name or "",
            m.email,
            m.phone,
            _types(m),
            label(ENTITY, m.member_entity),
            label(SELLER_TYPE, m.seller_type),
            yes_no(m.is_trusted_seller),
            label(STATUS, m.status),
            m.status_reason or "",
            m.request_type,
            m.member_identity_no,
            m.security_plan.name if m.security_plan else "",
            f"{m.buying_power:.2f}",
            m.created_at.strftime("%Y-%m-%d %H:%M"),
        ]
        writer.writerow([cell(v) for v in row])
    return out.getvalue()
