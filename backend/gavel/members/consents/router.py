"""A member's consent to promotions, recorded with how it was given (issue 28). Registered before the
members' router, so that /members/consent-options is not read as a member's id."""

from fastapi import APIRouter

from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.members.consents import service
from gavel.members.consents.schemas import (
    ConsentIn,
    ConsentList,
    ConsentOptions,
    ConsentRecorded,
    consent_options,
    consent_out,
)
from gavel.members.deps import CanEdit, CanView
from gavel.members.schemas import MemberOut

router = APIRouter(prefix="/members", tags=["members"])

Errors = error_responses(403, 404, 409, 422)


@router.get("/consent-options", response_model=ConsentOptions, responses=Errors)
async def consent_options_of_staff(_: CanView) -> ConsentOptions:
    """The ways staff may record a consent or its withdrawal, and the default wording per channel."""
    return consent_options()


@router.get("/{id}/consents", response_model=ConsentList, responses=Errors)
async def member_consents(id: str, session: SessionDep, _: CanView) -> ConsentList:
    """The member's consents to promotions and their withdrawals, newest first."""
    return ConsentList(items=[consent_out(entry) for entry in await service.of_member(session, id)])


@router.post("/{id}/consents", response_model=ConsentRecorded, status_code=201, responses=Errors)
async def record_consent(
    id: str, body: ConsentIn, session: SessionDep, clock: ClockDep, principal: CanEdit
) -> ConsentRecorded:
    """Record that the member gave or withdrew consent to promotions on a channel, and how. Consent is never
    taken by phone or SMS, and is recorded with the wording the member agreed to."""
    actor = principal.actor
    entry = await service.record(
        session,
        id,
        body.channel,
        body.given,
        body.method,
        wording=body.wording,
        actor=actor,
        by_name=await service.staff_name(session, actor),
        now=clock.now(),
    )
    member = await service.member_of(session, id)
    return ConsentRecorded(record=consent_out(entry), member=MemberOut.model_validate(member))
