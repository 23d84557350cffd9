"""The rules of members' sign-in: one-time codes by email, SMS or WhatsApp, and bidder sessions.

Numbers (docs/decisions.md, issue 26): a code is 6 digits, valid 5 minutes, used once, 5 wrong tries; a new
code revokes the member's earlier ones. Requests for codes: one per address per 60 seconds, 5 per address and
20 per IP an hour. Wrong codes: 10 per member (or per unknown address) and 30 per IP in 15 minutes. The
throttles are staff sign-in's (gavel.auth.throttle), counted in the database under kinds of their own.
A bidder session lives 24 hours after its last use and 7 days at most, and only while its member is approved
and has not changed status since it opened.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.sign_in_codes import CodeMessage, queue_sign_in_code
from gavel.audit.device import device_summary
from gavel.audit.repository import record
from gavel.auth import repository as attempts
from gavel.auth import security, throttle
from gavel.bidders import repository
from gavel.bidders.addresses import Address, channel_for, read_address
from gavel.bidders.models import BidderAccount, BidderCode, BidderSession
from gavel.core.device import describe
from gavel.errors import BadRequest, Forbidden, Throttled, Unauthorized
from gavel.guards import Client
from gavel.members.models import Member
from gavel.members.schemas import MemberStatus
from gavel.members.service import display_name

CODE_SECONDS = 300
CODE_MAX_ATTEMPTS = 5
RESEND_COOLDOWN_SECONDS = 60
SESSION_IDLE = timedelta(hours=24)
SESSION_LIFETIME = timedelta(days=7)
# A bidder session's last use is written at most every 10 minutes: 1/144 of its 24 hours of idle life. Members
# poll lot pages by the thousand (issue 26), and a write a minute each was a write for nearly every poll.
TOUCH_INTERVAL = timedelta(minutes=10)
TOKEN_PREFIX = "bid_"  # noqa: S105 (a bidder token's kind, not a secret)

REQUESTS = throttle.Limit(
    "bidder_code_request", 5, 20, 3600, "Too many sign-in code requests. Please try again in {wait}."
)
WRONG_CODES = throttle.Limit(
    "bidder_code_failed", 10, 30, 900, "Too many wrong codes. Please try again in {wait}."
)
CODE_SENT = "bidder_code_sent"

CODE_SENT_MESSAGE = (
    "If this address belongs to a member, we have sent a 6-digit code to it. It is valid for 5 minutes."
)
CODE_INVALID = "The code is incorrect or has expired."
CODE_BURNT = "Too many wrong codes for this code. Please request a new code."
SIGN_IN = "Please sign in to continue."
NOT_A_BIDDER_TOKEN = "Please sign in with your member account to continue."  # noqa: S105 (a sentence)
SESSION_ENDED = "Your session has ended. Please sign in again."
SESSION_EXPIRED = "Your session has expired. Please sign in again."
# Why a member who is not approved cannot sign in (on verify) or was signed out (on any bidder request).
REFUSALS = {
    MemberStatus.PENDING: "Your registration is still being reviewed. You can sign in once it is approved.",
    MemberStatus.REJECTED: "Your registration was not approved. Please contact us for help.",
    MemberStatus.DEACTIVATED: "Your membership has been deactivated. Please contact us for help.",
    MemberStatus.INACTIVE: "Your membership is inactive. Please contact us for help.",
}
STATUS_CHANGED = "Your membership has changed since you signed in. Please sign in again."


@dataclass(frozen=True)
class SignedIn:
    token: str
    member: Member
    account: BidderAccount
    session: BidderSession


def refusal_of(member: Member) -> str | None:
    """The sentence that refuses a member who is not approved; None for an approved one."""
    return _status_refusal(member.status)


def _status_refusal(status: str) -> str | None:
    if status == MemberStatus.APPROVED:
        return None
    return REFUSALS.get(MemberStatus(status), REFUSALS[MemberStatus.DEACTIVATED])


async def _audit(
    session: AsyncSession, action: str, member: Member | None, typed: str, client: Client
) -> None:
    await record(
        session,
        action=action,
        entity="member",
        entity_id=member.id if member else None,
        actor_email=(member.email if member else typed)[:254],
        ip=client.ip,
        device=device_summary(client.user_agent),
    )


def _matches(code_row: BidderCode, code: str) -> bool:
    return security.digests_equal(code_row.code_hash, security.code_digest(code_row.id, code.strip()))


class BidderService:
    # Codes

    async def request_code(self, session: AsyncSession, typed: str, client: Client, now: datetime) -> str:
        """Sends a code to the address when it is a member's; answers the same sentence either way. A member
        who is not approved gets a code too: verify then tells them why they cannot sign in, and only the
        holder of the address ever reads that."""
        address = read_address(typed)
        last = await attempts.latest_attempt(session, CODE_SENT, f"account:{address.key}")
        if last is not None and (wait := RESEND_COOLDOWN_SECONDS - int((now - last).total_seconds())) > 0:
            raise Throttled(f"Please wait {wait} seconds before requesting a new code.", retry_after=wait)
        await throttle.check(session, REQUESTS, address.key, client.ip, now)
        throttle.count(session, REQUESTS, address.key, client.ip, now)
        # Recorded for every address, so that the cooldown answers the same whether it is a member's or not.
        attempts.add_attempt(session, CODE_SENT, f"account:{address.key}", now)
        member = await repository.member_by_address(session, address.value, address.is_email)
        if member is not None:
            await self._send_code(session, member, address, client, now)
        return CODE_SENT_MESSAGE

    async def _send_code(
        self, session: AsyncSession, member: Member, address: Address, client: Client, now: datetime
    ) -> None:
        await repository.revoke_open_codes(session, member.id, now)
        account = await repository.account_of(session, member.id)
        channel = channel_for(address, account.code_channel if account else None)
        code_row = BidderCode(
            member_id=member.id,
            address=address.value,
            channel=channel.value,
            code_hash="",
            created_at=now,
            expires_at=now + timedelta(seconds=CODE_SECONDS),
            attempts=0,
        )
        session.add(code_row)
        await session.flush()
        code = security.new_code()
        code_row.code_hash = security.code_digest(code_row.id, code)
        message = CodeMessage(
            member_id=member.id,
            name=display_name(member),
            language=member.preferred_language,
            channel=channel,
            to=address.value,
            code=code,
            valid_minutes=CODE_SECONDS // 60,
        )
        await queue_sign_in_code(session, message, now)
        await _audit(session, "bidder.code_requested", member, address.value, client)

    async def verify(
        self, session: AsyncSession, typed: str, code: str, client: Client, now: datetime
    ) -> SignedIn:
        """The code exchanged for a bidder session; refusals in docs/decisions.md (issue 26)."""
        address = read_address(typed)
        member = await repository.member_by_address(session, address.value, address.is_email)
        # Wrong codes count per member (whichever of their addresses was typed), else per address typed.
        account_key = f"member:{member.id}" if member else address.key
        await throttle.check(session, WRONG_CODES, account_key, client.ip, now)
        codes = await repository.open_codes(session, member.id, address.value, now) if member else []
        if not codes or member is None:
            await self._wrong_code(session, account_key, member, address, client, now)
            raise BadRequest(CODE_INVALID)
        if codes[0].attempts >= CODE_MAX_ATTEMPTS:
            raise Throttled(CODE_BURNT, retry_after=0)
        code_row = next((c for c in codes if c.attempts < CODE_MAX_ATTEMPTS and _matches(c, code)), None)
        if code_row is None:
            codes[0].attempts += 1
            await self._wrong_code(session, account_key, member, address, client, now)
            raise BadRequest(CODE_INVALID)
        if (refused := refusal_of(member)) is not None:
            await _audit(session, "bidder.sign_in_refused", member, address.value, client)
            await session.commit()  # the refusal is audited; the code stays as it was
            raise Forbidden(refused)
        if not await repository.take_code(session, code_row.id, now):
            raise BadRequest(CODE_INVALID)  # another request took this code a moment ago
        account = await repository.ensure_account(session, member.id, now)
        token = TOKEN_PREFIX + security.new_token()
        device = describe(client.user_agent)
        bidder_session = BidderSession(
            member_id=member.id,
            code_id=code_row.id,
            token_hash=security.token_digest(token),
            device_name=device.device_name,
            operating_system=device.operating_system,
            browser_name=device.browser_name,
            ip_address=client.ip[:45],
            created_at=now,
            last_active_at=now,
        )
        session.add(bidder_session)
        await throttle.forgive_account(session, WRONG_CODES, account_key)
        await _audit(session, "bidder.signed_in", member, address.value, client)
        await session.flush()
        return SignedIn(token=token, member=member, account=account, session=bidder_session)

    @staticmethod
    async def _wrong_code(
        session: AsyncSession,
        account_key: str,
        member: Member | None,
        address: Address,
        client: Client,
        now: datetime,
    ) -> None:
        """Counts a wrong code and audits it; committed now, as the failing request rolls back."""
        throttle.count(session, WRONG_CODES, account_key, client.ip, now)
        await _audit(session, "bidder.code_failed", member, address.value, client)
        await session.commit()

    # Sessions

    async def authenticate(
        self, session: AsyncSession, token: str | None, now: datetime
    ) -> tuple[BidderSession, Member, BidderAccount]:
        """The live bidder session behind a token; 401 with a sentence otherwise. Checked on every request:
        a member deactivated (or otherwise moved from approved) is signed out at once."""
        _bidder_token(token)
        assert token is not None
        found = await repository.session_and_member(session, security.token_digest(token))
        bidder_session, member, account = _live(found, now)
        if now - bidder_session.last_active_at >= TOUCH_INTERVAL:
            bidder_session.last_active_at = now
        return bidder_session, member, account

    async def still_live(
        self, session: AsyncSession, tokens: list[str], now: datetime
    ) -> dict[str, str | Unauthorized]:
        """`authenticate`'s verdict on many tokens at once, read in one statement (per 500) and touching none:
        the re-checks of a process's open sockets. Each token's member id, or the refusal it would get."""
        verdicts: dict[str, str | Unauthorized] = {}
        digests: dict[str, str] = {}
        for token in tokens:
            try:
                _bidder_token(token)
            except Unauthorized as refused:
                verdicts[token] = refused
            else:
                digests[token] = security.token_digest(token)
        found = await repository.standings(session, sorted(set(digests.values())))
        for token, digest in digests.items():
            standing = found.get(digest)
            if standing is None:
                verdicts[token] = Unauthorized(SESSION_ENDED)
                continue
            refusal = _refusal(standing, now)
            verdicts[token] = standing.member_id if refusal is None else refusal
        return verdicts

    async def sign_out(
        self,
        session: AsyncSession,
        bidder_session: BidderSession,
        member: Member,
        client: Client,
        now: datetime,
    ) -> None:
        bidder_session.ended_at = now
        bidder_session.end_reason = "signed_out"
        await _audit(session, "bidder.signed_out", member, member.email, client)

    async def set_code_channel(
        self, session: AsyncSession, account: BidderAccount, member: Member, channel: str, client: Client
    ) -> None:
        if account.code_channel == channel:
            return
        account.code_channel = channel
        await _audit(session, "bidder.code_channel_changed", member, member.email, client)


bidder_service = BidderService()


def _bidder_token(token: str | None) -> None:
    """401 with a sentence unless it is a bidder token at all."""
    if not token:
        raise Unauthorized(SIGN_IN)
    if not token.startswith(TOKEN_PREFIX):
        raise Unauthorized(NOT_A_BIDDER_TOKEN)


def _live(
    found: tuple[BidderSession, Member, BidderAccount | None] | None, now: datetime
) -> tuple[BidderSession, Member, BidderAccount]:
    """A token's session, member and account as read, when the session is live; 401 with a sentence otherwise
    (`_refusal`)."""
    if found is None:
        raise Unauthorized(SESSION_ENDED)
    bidder_session, member, account = found
    standing = repository.Standing(
        bidder_session.token_hash,
        bidder_session.ended_at,
        bidder_session.last_active_at,
        bidder_session.created_at,
        member.id,
        member.status,
        member.status_changed_at,
        account is not None,
    )
    refused = _refusal(standing, now)
    if refused is not None:
        raise refused
    assert account is not None
    return bidder_session, member, account


def _refusal(standing: repository.Standing, now: datetime) -> Unauthorized | None:
    """Why a session is not live (None when it is): ended, expired, its member no longer approved or changed
    since it opened, no bidder account."""
    if standing.ended_at is not None:
        return Unauthorized(SESSION_ENDED)
    if standing.last_active_at + SESSION_IDLE <= now or standing.created_at + SESSION_LIFETIME <= now:
        return Unauthorized(SESSION_EXPIRED)
    if (refused := _status_refusal(standing.status)) is not None:
        return Unauthorized(refused, extra={"code": "membership_" + standing.status.lower()})
    if standing.status_changed_at is not None and standing.status_changed_at > standing.created_at:
        return Unauthorized(STATUS_CHANGED)
    if not standing.has_account:
        return Unauthorized(SESSION_ENDED)
    return None
