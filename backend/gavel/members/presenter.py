"""A member as a list page answers it, from the rows of repository.page."""

from pydantic import TypeAdapter

from gavel.members.models import member_types_of
from gavel.members.repository import ListRow
from gavel.members.schemas import MemberOut
from gavel.schemas import FROM_DATABASE

_PAGE = TypeAdapter(list[MemberOut])


def member_page(rows: list[ListRow]) -> list[MemberOut]:
    """The page's members, as MemberOut.model_validate answers each member's entity, in one validation."""
    answers = [
        {
            **row.fields,
            "member_types": member_types_of(row.fields["is_seller"], row.fields["is_buyer"]),
            "member_profile": row.profile,
            "security_plan": row.plan,
        }
        for row in rows
    ]
    return _PAGE.validate_python(answers, context=FROM_DATABASE)
