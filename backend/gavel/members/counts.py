"""The counts of the member lists, read from member_list_count (kept by the triggers of migration 0006)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.members.models import MemberListCount
from gavel.members.schemas import MemberCounts, MemberQuery

STATUS_COUNTS = {
    "pending": "total_pending",
    "approved": "total_approved",
    "rejected": "total_rejected",
    "inActive": "total_in_active",
    "deactivated": "total_deactivated",
}
ENTITY_COUNTS = {"individual": "total_individuals", "organization": "total_orginization"}


CountRows = list[tuple[str, str, bool, bool, int]]
_c = MemberListCount
_COUNT_ROWS = select(_c.status, _c.member_entity, _c.is_seller, _c.is_buyer, _c.members)


async def count_rows(session: AsyncSession) -> CountRows:
    """The rows of member_list_count: at most 5 statuses x 2 entities x 4 member types. A list request reads
    them once for its counts and, when its filters allow, for its total (one statement less)."""
    rows = await session.execute(_COUNT_ROWS)
    return [(status, entity, bool(seller), bool(buyer), int(n)) for status, entity, seller, buyer, n in rows]


async def counts(session: AsyncSession) -> MemberCounts:
    """Every count of the member lists."""
    return counts_of(await count_rows(session))


def counts_of(rows: CountRows) -> MemberCounts:
    """Every count of the member lists, added up from the rows of member_list_count."""
    totals = dict.fromkeys(("total_members", "total_sellers", "total_buyers"), 0)
    totals |= dict.fromkeys([*ENTITY_COUNTS.values(), *STATUS_COUNTS.values()], 0)
    for status, entity, is_seller, is_buyer, number in rows:
        totals["total_members"] += number
        totals["total_sellers"] += number if is_seller else 0
        totals["total_buyers"] += number if is_buyer else 0
        if entity in ENTITY_COUNTS:
            totals[ENTITY_COUNTS[entity]] += number
        if status in STATUS_COUNTS:
            totals[STATUS_COUNTS[status]] += number
    return MemberCounts(**totals)


def answers_total(query: MemberQuery) -> bool:
    """Whether the list's filters are all keys of member_list_count, so that its total is a sum of rows."""
    return not (
        query.search_term
        or query.seller_type
        or query.is_trusted_seller is not None
        or query.security_plan
        or query.registered_from
        or query.registered_to
    )


def list_total(rows: CountRows, status: str, query: MemberQuery) -> int:
    """How many members a list filtered by status, member type and entity alone holds (see answers_total)."""
    kind = query.member_type.value if query.member_type else None
    entity = query.member_entity.value if query.member_entity else None
    return sum(
        n
        for row_status, row_entity, is_seller, is_buyer, n in rows
        if row_status == status
        and (kind is None or (is_seller if kind == "seller" else is_buyer))
        and (entity is None or row_entity == entity)
    )
