"""Every query of the members module."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Select, bindparam, func, or_, select, update
from sqlalchemy import exists as exists_where
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.core.paging import SortOrder, count_of, like_pattern, paginate
from gavel.members import counts as member_counts
from gavel.members.models import Member, MemberProfile
from gavel.members.schemas import MemberCounts, MemberOut, MemberProfileOut, MemberQuery, PlanSummary
from gavel.members.search import search_terms
from gavel.plans.models import SecurityPlan

DUBAI = ZoneInfo("Asia/Dubai")
SORTABLE = {
    "createdAt": Member.created_at,
    "firstName": Member.first_name,
    "lastName": Member.last_name,
    "email": Member.email,
    "companyName": Member.company_name,
    "status": Member.status,
}


async def by_id(session: AsyncSession, member_id: str) -> Member | None:
    return await session.get(Member, member_id)


async def by_ids(session: AsyncSession, ids: Iterable[str]) -> list[Member]:
    return list((await session.scalars(select(Member).where(Member.id.in_(list(ids))))).unique().all())


async def taken(session: AsyncSession, email: str, phone: str) -> tuple[bool, bool]:
    """Whether a member has this email, and whether one has this phone: one statement, so one snapshot
    (two queries could each miss a member registered between them, and name only one of the two)."""
    row = (
        await session.execute(
            select(
                exists_where().where(Member.email == email.lower()),
                exists_where().where(Member.phone == phone),
            )
        )
    ).one()
    return bool(row[0]), bool(row[1])


def _day_start(day: date) -> datetime:
    """Midnight in Dubai, where the business's days begin."""
    return datetime.combine(day, time.min, DUBAI)


def list_status(query: MemberQuery) -> str:
    return query.status.value if query.status else "inActive"  # SPEC.md: the inActive list omits status


# A list's statements are built once per shape (which filters are given, which sort) with the values bound
# at execution: building the page's statement and its cache key anew took half a millisecond of each request
# (issue 16). Shapes are few: the filters a screen offers, in their combinations.
Shape = tuple[Any, ...]
Values = dict[str, Any]


def filter_of(query: MemberQuery) -> tuple[Shape, Values]:
    """The list's filters as a shape (which conditions, and the choices that change their form) and values."""
    shape: list[Any] = []
    values: Values = {"status": list_status(query)}
    day_after = query.registered_to + timedelta(days=1) if query.registered_to else None
    if query.search_term:
        terms = search_terms(query.search_term)
        shape.append(("search", len(terms)))
        values |= {f"term_{n}": like_pattern(term) for n, term in enumerate(terms)}
    if query.member_type:
        shape.append(("member_type", query.member_type.value))
    for name, value in (
        ("member_entity", query.member_entity.value if query.member_entity else None),
        ("seller_type", query.seller_type.value if query.seller_type else None),
        ("security_plan", query.security_plan),
        ("registered_from", _day_start(query.registered_from) if query.registered_from else None),
        ("registered_to", _day_start(day_after) if day_after else None),
    ):
        if value:
            shape.append(name)
            values[name] = value
    if query.is_trusted_seller is not None:
        shape.append(("trusted", query.is_trusted_seller))
    return tuple(shape), values


def filtered(query: MemberQuery) -> Select[Any]:
    """select(Member) filtered as the list is, its values in the statement (for other modules' queries)."""
    shape, values = filter_of(query)
    return filtered_by_shape(shape).params(values)


@lru_cache(maxsize=256)
def filtered_by_shape(shape: Shape) -> Select[Any]:
    """select(Member) with the shape's conditions, each value a bound parameter named as in filter_of."""
    stmt = select(Member).where(Member.status == bindparam("status"))
    for part in shape:
        name, detail = part if isinstance(part, tuple) else (part, None)
        if name == "search":
            likes = (Member.search_text.like(bindparam(f"term_{n}"), escape="\\") for n in range(detail))
            stmt = stmt.where(or_(*likes))
        elif name == "member_type":
            stmt = stmt.where((Member.is_seller if detail == "seller" else Member.is_buyer).is_(True))
        elif name == "trusted":
            stmt = stmt.where(Member.is_trusted_seller.is_(detail))
        elif name == "registered_from":
            stmt = stmt.where(Member.created_at >= bindparam(name))
        elif name == "registered_to":
            stmt = stmt.where(Member.created_at < bindparam(name))
        else:
            column = {"member_entity": Member.member_entity, "seller_type": Member.seller_type}.get(
                name, Member.security_plan_id
            )
            stmt = stmt.where(column == bindparam(name))
    return stmt


# A list page reads rows, not entities: loading 20 members with their profile and plan as ORM objects and
# validating them from attributes was a third of the list request's Python time (issue 16). The columns are
# the answer's own (MemberOut and its profile and plan).
_MEMBER_COLUMNS = set(Member.__table__.columns.keys())
LIST_FIELDS = (*(n for n in MemberOut.model_fields if n in _MEMBER_COLUMNS), "is_seller", "is_buyer")
PROFILE_FIELDS = tuple(MemberProfileOut.model_fields)
PLAN_FIELDS = tuple(PlanSummary.model_fields)
_LIST_COLUMNS = (
    *(getattr(Member, name) for name in LIST_FIELDS),
    *(getattr(MemberProfile, name) for name in PROFILE_FIELDS),
    *(getattr(SecurityPlan, name) for name in PLAN_FIELDS),
)


@dataclass
class ListRow:
    """One member of a list page: its own fields by name, its profile and its plan (None without one)."""

    fields: dict[str, Any]
    profile: dict[str, Any]
    plan: dict[str, Any] | None


async def page(
    session: AsyncSession, query: MemberQuery, count_rows: member_counts.CountRows
) -> tuple[list[ListRow], int]:
    """A page of the list and how many members match (from the count rows when its filters allow)."""
    shape, values = filter_of(query)
    if member_counts.answers_total(query):
        total = member_counts.list_total(count_rows, list_status(query), query)
    else:
        total = await count_of(session, filtered_by_shape(shape).with_only_columns(Member.id), values)
    ascending = query.sort_order == SortOrder.ASC
    page_values = {**values, "page_offset": query.offset, "page_limit": query.limit}
    result = await session.execute(_page_statement(shape, query.sort_by or "", ascending), page_values)
    n, m = len(LIST_FIELDS), len(PROFILE_FIELDS)
    rows = [
        ListRow(
            fields=dict(zip(LIST_FIELDS, row[:n], strict=True)),
            profile=dict(zip(PROFILE_FIELDS, row[n : n + m], strict=True)),
            plan=dict(zip(PLAN_FIELDS, row[n + m :], strict=True)) if row[n + m] is not None else None,
        )
        for row in result
    ]
    return rows, total


@lru_cache(maxsize=256)
def _page_statement(shape: Shape, sort_by: str, ascending: bool) -> Select[Any]:
    column = SORTABLE.get(sort_by, Member.created_at)
    ordering = column.asc() if ascending else column.desc()
    id_order = Member.id.asc() if ascending else Member.id.desc()
    # The page's ids first, from an index on (status, sort column, id) alone; only those rows are then read
    # with their profile and plan. Joining first would read and join every skipped row of a deep page.
    keys = (
        filtered_by_shape(shape)
        .with_only_columns(Member.id)
        .order_by(ordering, id_order)
        .offset(bindparam("page_offset"))
        .limit(bindparam("page_limit"))
        .subquery("page_keys")
    )
    return (
        select(*_LIST_COLUMNS)
        .select_from(Member)
        .join(keys, Member.id == keys.c.id)
        .outerjoin(MemberProfile, MemberProfile.member_id == Member.id)
        .outerjoin(SecurityPlan, SecurityPlan.id == Member.security_plan_id)
        .order_by(ordering, id_order)
    )


async def all_matching(session: AsyncSession, query: MemberQuery, limit: int) -> list[Member]:
    """The whole filtered list (for the CSV export), newest first."""
    shape, values = filter_of(query)
    stmt = filtered_by_shape(shape).order_by(Member.created_at.desc(), Member.id.desc()).limit(limit)
    rows = await session.scalars(stmt, values)
    return list(rows.unique().all())


async def counts(session: AsyncSession) -> MemberCounts:
    """Every count of the member lists (gavel.members.counts: a table kept by triggers)."""
    return await member_counts.counts(session)


async def count_rows(session: AsyncSession) -> member_counts.CountRows:
    return await member_counts.count_rows(session)


def counts_of(rows: member_counts.CountRows) -> MemberCounts:
    return member_counts.counts_of(rows)


async def exists(session: AsyncSession, member_id: str) -> bool:
    return await session.scalar(select(Member.id).where(Member.id == member_id)) is not None


async def reread(session: AsyncSession, member: Member) -> Member | None:
    """The member as the database has it now (None when it was deleted meanwhile)."""
    return await session.get(Member, member.id, populate_existing=True)


async def claim_status(session: AsyncSession, member_id: str, current: str, wanted: str) -> bool:
    """Move the member from the status it was read with to the wanted one, unless another request changed it
    in between (then nothing is written and the answer is False). The row lock of the UPDATE makes a second,
    identical request wait for the first and then find nothing to do, on PostgreSQL and on SQLite."""
    result = await session.execute(
        update(Member)
        .where(Member.id == member_id, Member.status == current)
        .values(status=wanted)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0) == 1


# The members of security plans (the plans' screens: members/plans_router.py)


async def plan_subscribers(session: AsyncSession, plan_ids: list[str]) -> dict[str, int]:
    """How many members are subscribed to each plan, in one grouped query."""
    if not plan_ids:
        return {}
    rows = await session.execute(
        select(Member.security_plan_id, func.count())
        .where(Member.security_plan_id.in_(plan_ids))
        .group_by(Member.security_plan_id)
    )
    return {plan_id: int(n) for plan_id, n in rows.all() if plan_id is not None}


async def plan_subscriber_totals(
    session: AsyncSession, plan_ids: list[str]
) -> dict[str, tuple[int, Decimal]]:
    """How many members are subscribed to each plan and the deposits they hold, in one grouped query."""
    if not plan_ids:
        return {}
    rows = await session.execute(
        select(Member.security_plan_id, func.count(), func.sum(Member.deposit_held))
        .where(Member.security_plan_id.in_(plan_ids))
        .group_by(Member.security_plan_id)
    )
    return {
        plan_id: (int(n), held or Decimal("0.00")) for plan_id, n, held in rows.all() if plan_id is not None
    }


async def plan_subscriber_page(
    session: AsyncSession, plan_id: str, *, search: str | None, offset: int, limit: int
) -> tuple[list[Member], int]:
    """A page of the plan's members, by name, matching the search (name, email, phone, member number...)."""
    query = select(Member).where(Member.security_plan_id == plan_id)
    if search:
        query = query.where(Member.search_text.like(like_pattern(search), escape="\\"))
    return await paginate(
        session,
        query,
        sort_column=Member.first_name,
        id_column=Member.id,
        sort_order=SortOrder.ASC,
        offset=offset,
        limit=limit,
    )
