"""Every query of the bidders: members by address, codes, sessions and bidder accounts."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import lazyload

from gavel.bidders.models import BidderAccount, BidderCode, BidderSession
from gavel.core.repository import next_number
from gavel.members.models import Member

PADDLES = "bidder_paddle"  # the counter of paddle numbers (gavel.core's counter rows)
FIRST_PADDLE = 101
# The member's row alone: sign-in reads neither the profile nor the plan (both joined by default).
_MEMBER_ONLY = (lazyload(Member.profile), lazyload(Member.security_plan))


async def member_by_address(session: AsyncSession, value: str, is_email: bool) -> Member | None:
    # Members' emails are stored in lower case (their unique index answers) and phones in E.164.
    column = Member.email if is_email else Member.phone
    return await session.scalar(select(Member).where(column == value).options(*_MEMBER_ONLY))


# Codes


async def revoke_open_codes(session: AsyncSession, member_id: str, now: datetime) -> None:
    """A new code revokes the member's earlier ones that were neither used nor revoked."""
    await session.execute(
        update(BidderCode)
        .where(
            BidderCode.member_id == member_id, BidderCode.used_at.is_(None), BidderCode.revoked_at.is_(None)
        )
        .values(revoked_at=now)
    )


async def open_codes(session: AsyncSession, member_id: str, address: str, now: datetime) -> list[BidderCode]:
    """The member's codes for this address that are neither used, revoked nor expired, newest first (more
    than one only when two requests for a code crossed: each revoked the codes it saw)."""
    query = (
        select(BidderCode)
        .where(
            BidderCode.member_id == member_id,
            BidderCode.address == address,
            BidderCode.used_at.is_(None),
            BidderCode.revoked_at.is_(None),
            BidderCode.expires_at > now,
        )
        .order_by(BidderCode.created_at.desc(), BidderCode.id)
        .limit(3)
    )
    return list((await session.scalars(query)).all())


async def take_code(session: AsyncSession, code_id: str, now: datetime) -> bool:
    """Marks the code used, once: the database decides between two requests with one code (the second one's
    UPDATE waits for the first to commit and then finds it used)."""
    result = await session.execute(
        update(BidderCode)
        .where(BidderCode.id == code_id, BidderCode.used_at.is_(None), BidderCode.revoked_at.is_(None))
        .values(used_at=now)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0) == 1


# Bidder accounts


async def account_of(session: AsyncSession, member_id: str) -> BidderAccount | None:
    return await session.get(BidderAccount, member_id)


async def ensure_account(session: AsyncSession, member_id: str, now: datetime) -> BidderAccount:
    """The member's bidder account, made at their first sign-in with the next paddle number (one upsert: a
    second first sign-in at the same moment finds the row and leaves a paddle number unused)."""
    found = await account_of(session, member_id)
    if found is not None:
        return found
    paddle = await next_number(session, PADDLES, start=FIRST_PADDLE)
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    await session.execute(
        insert(BidderAccount)
        .values(member_id=member_id, paddle=paddle, code_channel="sms", created_at=now)
        .on_conflict_do_nothing(index_elements=[BidderAccount.member_id])
    )
    account = await session.get(BidderAccount, member_id, populate_existing=True)
    assert account is not None
    return account


# Sessions

_SESSION_AND_MEMBER = (
    select(BidderSession, Member, BidderAccount)
    .join(Member, Member.id == BidderSession.member_id)
    .outerjoin(BidderAccount, BidderAccount.member_id == BidderSession.member_id)
    .where(BidderSession.token_hash == bindparam("token_hash"))
    .options(*_MEMBER_ONLY)
)


async def session_and_member(
    session: AsyncSession, token_hash: str
) -> tuple[BidderSession, Member, BidderAccount | None] | None:
    """The bidder session of a token, its member and bidder account, in one statement (every bidder request
    asks it)."""
    row = (await session.execute(_SESSION_AND_MEMBER, {"token_hash": token_hash})).first()
    return None if row is None else (row[0], row[1], row[2])


@dataclass(frozen=True)
class Standing:
    """What a bidder session's check needs of the session, its member and their bidder account, as plain
    values: the open sockets' re-checks read all of a process's sockets (a thousand in the bench) every few
    seconds, and have no use for the ORM's objects (three per socket, the member with every column)."""

    token_hash: str
    ended_at: datetime | None
    last_active_at: datetime
    created_at: datetime
    member_id: str
    status: str
    status_changed_at: datetime | None
    has_account: bool


_STANDINGS = (
    select(
        BidderSession.token_hash,
        BidderSession.ended_at,
        BidderSession.last_active_at,
        BidderSession.created_at,
        Member.id,
        Member.status,
        Member.status_changed_at,
        BidderAccount.member_id,
    )
    .join(Member, Member.id == BidderSession.member_id)
    .outerjoin(BidderAccount, BidderAccount.member_id == BidderSession.member_id)
    .where(BidderSession.token_hash.in_(bindparam("token_hashes", expanding=True)))
)
HASHES_AT_ONCE = 500


async def standings(session: AsyncSession, token_hashes: list[str]) -> dict[str, Standing]:
    """The standing of many tokens' sessions at once (the open sockets' checks), by token hash; one statement
    per HASHES_AT_ONCE tokens."""
    found: dict[str, Standing] = {}
    for start in range(0, len(token_hashes), HASHES_AT_ONCE):
        chunk = token_hashes[start : start + HASHES_AT_ONCE]
        for row in await session.execute(_STANDINGS, {"token_hashes": chunk}):
            digest, ended, active, created, member_id, status, changed, account = row
            has_account = account is not None
            found[digest] = Standing(digest, ended, active, created, member_id, status, changed, has_account)
    return found
