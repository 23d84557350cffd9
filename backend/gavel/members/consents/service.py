"""The rules of consent records: a consent is recorded with how it was given and the wording agreed to,
never taken by phone or SMS; a member is never recorded twice in the same state; the member's
promo_consent_<channel> follows their newest record (the booleans the API answers and campaigns read)."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.audit.repository import record as audit
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.members import repository as members
from gavel.members.consents import repository
from gavel.members.consents.methods import (
    CHANNEL_WORDS,
    CONSENT_COLUMN,
    CONSENT_FIELD,
    WORDING_MAX,
    WORDING_MIN,
    ConsentMethod,
    PromoChannel,
    staff_refusal,
    unsigned_refusal,
)
from gavel.members.consents.models import ConsentRecord
from gavel.members.models import Member
from gavel.members.service import display_name


def _check(method: ConsentMethod, given: bool, wording: str | None, *, by_staff: bool) -> str | None:
    """The wording to store, once the method and the wording are allowed (422 at the field otherwise)."""
    refusal = staff_refusal(method, given) if by_staff else unsigned_refusal(method, given)
    if refusal is not None:
        raise Invalid.field("method", refusal)
    text = " ".join((wording or "").split()) or None
    if given and (text is None or len(text) < WORDING_MIN):
        raise Invalid.field(
            "wording",
            f"Enter the wording the member agreed to (at least {WORDING_MIN} characters), as on the form "
            "they signed or in their request.",
        )
    if text is not None and len(text) > WORDING_MAX:
        raise Invalid.field("wording", f"The wording may be at most {WORDING_MAX} characters.")
    return text


async def record(
    session: AsyncSession,
    member_id: str,
    channel: PromoChannel,
    given: bool,
    method: ConsentMethod,
    *,
    wording: str | None,
    actor: Actor | None,
    by_name: str,
    now: datetime,
) -> ConsentRecord:
    """Records a consent given or withdrawn. With an actor (a staff user) only the methods staff may use;
    without one (the member's own page, the app itself) the method must suit the direction. 409 at `given`
    when the member is already in that state. The caller commits."""
    text = _check(method, given, wording, by_staff=actor is not None)
    member = await repository.lock_member(session, member_id)
    if member is None:
        raise NotFound("This member does not exist.")
    if getattr(member, CONSENT_COLUMN[channel]) == given:
        name, words = display_name(member), CHANNEL_WORDS[channel]
        message = (
            f"{name} has already agreed to promotions by {words}."
            if given
            else f"{name} has no consent to promotions by {words} to withdraw."
        )
        raise Conflict(message, errors=[FieldError(field="given", message=message)])
    return await _write(session, member, channel, given, method, text, actor, by_name, now)


async def withdraw_if_given(
    session: AsyncSession,
    member_id: str,
    channel: PromoChannel,
    method: ConsentMethod,
    *,
    by_name: str,
    now: datetime,
) -> bool:
    """A withdrawal by the app itself (a STOP reply, an unsubscribe link): nothing is written when the member
    is gone or has no consent on the channel (False). The caller commits."""
    _check(method, False, None, by_staff=False)
    member = await repository.lock_member(session, member_id)
    if member is None or not getattr(member, CONSENT_COLUMN[channel]):
        return False
    await _write(session, member, channel, False, method, None, None, by_name, now)
    return True


async def _write(
    session: AsyncSession,
    member: Member,
    channel: PromoChannel,
    given: bool,
    method: ConsentMethod,
    wording: str | None,
    actor: Actor | None,
    by_name: str,
    now: datetime,
) -> ConsentRecord:
    entry = ConsentRecord(
        member_id=member.id,
        sequence=await repository.next_sequence(session, member.id),
        channel=channel.value,
        given=given,
        at=now,
        method=method.value,
        wording=wording,
        recorded_by_id=actor.id if actor else None,
        recorded_by=by_name[:200],
        member_name=display_name(member)[:200],
        address=member.email if channel == PromoChannel.EMAIL else member.phone,
    )
    session.add(entry)
    setattr(member, CONSENT_COLUMN[channel], given)
    await session.flush()
    field = CONSENT_FIELD[channel]
    action = "member.consent_given" if given else "member.consent_withdrawn"
    old = {field: not given}
    new = {field: given, "channel": channel.value, "method": method.value, "consentId": entry.id}
    if actor is not None:
        await record_change(session, actor, action, "member", member.id, old=old, new=new)
    else:
        await audit(
            session,
            action=action,
            entity="member",
            entity_id=member.id,
            actor_email=by_name[:254],
            old=old,
            new=new,
        )
    await session.flush()
    return entry


async def staff_name(session: AsyncSession, actor: Actor) -> str:
    """The name a staff user's records carry (their email if the user is gone)."""
    if actor.id is not None and (name := await repository.staff_name(session, actor.id)):
        return name
    return actor.email or "A staff user"


async def of_member(session: AsyncSession, member_id: str) -> list[ConsentRecord]:
    """The member's records, newest first; 404 for a member that does not exist."""
    records = await repository.of_member(session, member_id)
    if not records and not await members.exists(session, member_id):
        raise NotFound("This member does not exist.")
    return records


async def member_of(session: AsyncSession, member_id: str) -> Member:
    member = await members.by_id(session, member_id)
    if member is None:
        raise NotFound("This member does not exist.")
    return member
