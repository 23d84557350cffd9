"""The rules of members: unique contact details, entity rules, plans, and the status transitions."""

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.config import Settings
from gavel.core import events
from gavel.core.bulk import all_found, plural, unique_ids
from gavel.core.passwords import generate_password, hash_password
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.members import repository
from gavel.members.consents.methods import CONSENT_COLUMN, CONSENT_FIELD, RECORD_CONSENT_ON_THE_PANEL
from gavel.members.events import MemberStatusChanged, SecurityPlanChosen, TemporaryPasswordIssued
from gavel.members.language import Language
from gavel.members.models import Member, MemberProfile
from gavel.members.schemas import MemberCreate, MemberEditable, MemberStatus, MemberType
from gavel.members.search import search_text
from gavel.members.transitions import allowed, reason_to_keep, word
from gavel.plans import repository as plans
from gavel.plans.models import SecurityPlan

PROFILE_FIELDS = (
    "nationality",
    "address",
    "emirate",
    "city",
    "dob",
    "trade_license_number",
    "trade_license_expiry",
    "identity_front_image",
    "identity_back_image",
    "trade_license_image",
    "identity_expiry",
)


KEPT_WHEN_ABSENT = ("trn", "bank_account_name", "bank_iban", "bank_name")
# Alerts: kept when the body leaves them out (or sends null), so a form that does not show them keeps them.
# The consents to promotions change only through a consent record (members/consents): a body may repeat them.
CONSENTS = {column: CONSENT_FIELD[channel] for channel, column in CONSENT_COLUMN.items()}


def snapshot(member: Member) -> dict[str, Any]:
    data: dict[str, Any] = {
        "firstName": member.first_name,
        "lastName": member.last_name,
        "email": member.email,
        "phone": member.phone,
        "status": member.status,
        "memberTypes": member.member_types,
        "memberEntity": member.member_entity,
        "companyName": member.company_name,
        "trn": member.trn,
        "bankAccountName": member.bank_account_name,
        "bankIban": member.bank_iban,
        "bankName": member.bank_name,
        "isTrustedSeller": member.is_trusted_seller,
        "securityPlan": member.security_plan_id,
        "buyingPower": str(member.buying_power),
        "statusReason": member.status_reason,
        "preferredLanguage": member.preferred_language,
        "promoConsentSms": member.promo_consent_sms,
        "promoConsentWhatsapp": member.promo_consent_whatsapp,
        "promoConsentEmail": member.promo_consent_email,
    }
    return data


def display_name(member: Member) -> str:
    return member.company_name or f"{member.first_name} {member.last_name}"


class MemberService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def get(self, session: AsyncSession, member_id: str) -> Member:
        member = await repository.by_id(session, member_id)
        if member is None:
            raise NotFound("This member does not exist.")
        return member

    async def _apply(
        self, session: AsyncSession, member: Member, body: MemberEditable
    ) -> SecurityPlan | None:
        """Writes the editable fields; answers the chosen plan, whose deposit the caller settles."""
        changed = [
            FieldError(field=field, message=RECORD_CONSENT_ON_THE_PANEL)
            for column, field in CONSENTS.items()
            if (value := getattr(body, column)) is not None and value != getattr(member, column)
        ]
        if changed:
            raise Invalid(RECORD_CONSENT_ON_THE_PANEL, errors=changed)
        member.first_name, member.last_name = body.first_name, body.last_name
        member.profile_image = body.profile_image
        member.member_identity_no = body.member_identity_no
        member.is_seller = MemberType.SELLER in body.member_types
        member.is_buyer = MemberType.BUYER in body.member_types
        member.seller_type = body.seller_type.value if body.seller_type else None
        member.is_trusted_seller = body.is_trusted_seller
        member.member_entity = body.member_entity.value
        member.company_name = body.company_name
        # The TRN and the bank details change only when the body carries them (null clears them): a form that
        # does not show them never wipes what money depends on.
        for name in KEPT_WHEN_ABSENT:
            if name in body.model_fields_set:
                setattr(member, name, getattr(body, name))
        if body.preferred_language is not None:
            member.preferred_language = body.preferred_language.value
        plan = None
        if body.security_plan:
            plan = await plans.by_id(session, body.security_plan)
            if plan is None:
                raise Invalid.field("securityPlan", "The chosen security plan does not exist.")
        profile = member.profile or MemberProfile()
        for name in PROFILE_FIELDS:
            setattr(profile, name, getattr(body.member_profile, name))
        profile.identity_type = body.member_profile.identity_type.value
        member.profile = profile
        member.search_text = search_text(member, profile)
        return plan

    async def create(self, session: AsyncSession, body: MemberCreate, actor: Actor, now: datetime) -> Member:
        errors = []
        email_taken, phone_taken = await repository.taken(session, body.email, body.phone)
        if email_taken:
            errors.append(FieldError(field="email", message="A member with this email already exists."))
        if phone_taken:
            errors.append(
                FieldError(field="phone", message="A member with this phone number already exists.")
            )
        if errors:
            raise Conflict(errors[0].message, errors=errors)
        member = Member(
            email=body.email,
            phone=body.phone,
            status="pending",
            request_type="New",
            deposit_held=Decimal("0"),
            preferred_language=Language.EN.value,
            promo_consent_sms=False,
            promo_consent_whatsapp=False,
            promo_consent_email=False,
        )
        plan = await self._apply(session, member, body)
        session.add(member)
        await session.flush()
        await events.publish(session, SecurityPlanChosen(member, plan, actor, now))
        await session.flush()
        await session.refresh(member, ["security_plan", "profile"])
        await record_change(session, actor, "member.created", "member", member.id, new=snapshot(member))
        return member

    async def update(
        self,
        session: AsyncSession,
        member_id: str,
        body: MemberEditable,
        actor: Actor,
        now: datetime,
        *,
        refund_excess: bool = False,
    ) -> Member:
        member = await self.get(session, member_id)
        before = snapshot(member)
        plan = await self._apply(session, member, body)
        if (plan.id if plan else None) != member.security_plan_id:
            # The new plan's deposit invoice (deposits), then the refund of the excess if asked (payouts).
            chosen = SecurityPlanChosen(member, plan, actor, now, refund_excess=refund_excess)
            await events.publish(session, chosen)
        await session.flush()
        await session.refresh(member, ["security_plan", "profile"])
        await record_change(
            session, actor, "member.updated", "member", member.id, old=before, new=snapshot(member)
        )
        return member

    async def change_status(
        self,
        session: AsyncSession,
        ids: list[str],
        status: MemberStatus,
        actor: Actor,
        now: datetime,
        reason: str | None = None,
    ) -> list[Member]:
        """All or nothing; the refusal names the members that blocked the change and why. Members already in
        the wanted status are left as they are, so that the same change sent twice (a double click) succeeds
        once and then changes nothing. A registration approved or rejected (from review) tells the member."""
        wanted = unique_ids(ids)
        kept_reason = reason_to_keep(status, reason, len(wanted))
        members = all_found(await repository.by_ids(session, wanted), wanted, "members")
        members.sort(key=lambda m: wanted.index(m.id))  # the refusal names them in the order they were sent
        blocked = [m for m in members if m.status != status.value and not allowed(m.status, status)]
        if blocked:
            raise self._blocked(blocked, status)
        for member in sorted(members, key=lambda m: m.id):  # one order of row locks for every request
            if member.status == status.value:
                continue
            old, old_reason = member.status, member.status_reason
            if not await repository.claim_status(session, member.id, old, status.value):
                # Another request changed this member since it was read: maybe the same change (done then).
                await self._changed_meanwhile(session, member, status)
                continue
            member.status = status.value
            member.status_changed_at = now
            member.status_reason = kept_reason
            if old == MemberStatus.REJECTED and status == MemberStatus.PENDING:
                member.request_type = "Update"
            member.search_text = search_text(member, member.profile)
            await record_change(
                session,
                actor,
                "member.status_changed",
                "member",
                member.id,
                old={"status": old, "reason": old_reason},
                new={"status": status.value, "reason": kept_reason},
            )
            await events.publish(session, MemberStatusChanged(member, old, status, kept_reason, now))
        await session.flush()
        return members

    async def _changed_meanwhile(self, session: AsyncSession, member: Member, status: MemberStatus) -> None:
        """Nothing to do when the other request made the same change; otherwise this one is refused."""
        fresh = await repository.reread(session, member)
        if fresh is None:
            raise NotFound("1 of the selected members no longer exists.")
        if fresh.status == status.value:
            return
        if not allowed(fresh.status, status):
            raise self._blocked([fresh], status)
        raise Conflict(
            f"{display_name(fresh)} was changed by someone else meanwhile and is now {word(fresh.status)}. "
            "Look again and try again.",
            extra={"blocked": [fresh.id]},
        )

    @staticmethod
    def _blocked(blocked: list[Member], status: MemberStatus) -> Conflict:
        names = ", ".join(f"{display_name(m)} is {word(m.status)}" for m in blocked[:5])
        more = f" and {len(blocked) - 5} more" if len(blocked) > 5 else ""
        return Conflict(
            f"Cannot change {plural(len(blocked), 'member')} to {word(status.value)}: {names}{more}.",
            extra={"blocked": [m.id for m in blocked]},
        )

    async def set_trusted(self, session: AsyncSession, ids: list[str], trusted: bool, actor: Actor) -> int:
        wanted = unique_ids(ids)
        members = all_found(await repository.by_ids(session, wanted), wanted, "members")
        not_sellers = [display_name(m) for m in members if not m.is_seller]
        if trusted and not_sellers:
            raise Conflict(f"Only sellers can be trusted sellers: {', '.join(not_sellers[:5])} do not sell.")
        for member in members:
            if member.is_trusted_seller != trusted:
                member.is_trusted_seller = trusted
                member.search_text = search_text(member, member.profile)
                await record_change(
                    session,
                    actor,
                    "member.trusted_seller_changed",
                    "member",
                    member.id,
                    old={"isTrustedSeller": not trusted},
                    new={"isTrustedSeller": trusted},
                )
        await session.flush()
        return len(members)

    async def delete(self, session: AsyncSession, ids: list[str], actor: Actor) -> int:
        wanted = unique_ids(ids)
        members = all_found(await repository.by_ids(session, wanted), wanted, "members")
        for member in members:
            await record_change(session, actor, "member.deleted", "member", member.id, old=snapshot(member))
            await session.delete(member)
        await session.flush()
        return len(members)

    async def reset_password(self, session: AsyncSession, member_id: str, actor: Actor) -> Member:
        """A temporary password mailed to the member; staff never choose it."""
        member = await self.get(session, member_id)
        temporary = generate_password()
        member.password_hash = hash_password(temporary)
        member.must_change_password = True
        await record_change(session, actor, "member.password_reset", "member", member.id)
        await events.publish(session, TemporaryPasswordIssued(member, temporary))  # mailed to them (alerts)
        return member
