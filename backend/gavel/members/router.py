"""Members: sellers and buyers (SPEC.md section 7, Members)."""

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from gavel.core.bulk import plural
from gavel.core.clock import ClockDep
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import ErrorBody
from gavel.members import repository
from gavel.members.deps import CanAdd, CanDelete, CanEdit, CanUpdateStatus, CanView, MemberServiceDep
from gavel.members.export import members_csv
from gavel.members.presenter import member_page
from gavel.members.schemas import (
    MemberAccountStatusChange,
    MemberCountsMessage,
    MemberCreate,
    MemberCreated,
    MemberIds,
    MemberList,
    MemberOut,
    MemberQuery,
    MemberStatusChange,
    MemberUpdate,
)
from gavel.members.transitions import word
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/members", tags=["members"])

Errors: dict[int | str, dict[str, Any]] = {code: {"model": ErrorBody} for code in (403, 404, 409, 422)}
EXPORT_LIMIT = 50_000


@router.post("/get", response_model=MemberList, responses=Errors)
async def list_members(body: MemberQuery, session: SessionDep, _: CanView) -> MemberList:
    """One list of members (status omitted: the inActive list), with every count."""
    count_rows = await repository.count_rows(session)
    members, matching = await repository.page(session, body, count_rows)
    counts = repository.counts_of(count_rows)
    return MemberList(
        members=member_page(members),
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        **counts.model_dump(),
    )


@router.post("/export", responses={**Errors, 200: {"content": {"text/csv": {}}}})
async def export_members(body: MemberQuery, session: SessionDep, _: CanView) -> Response:
    """The current filtered list as CSV (at most 50,000 rows)."""
    members = await repository.all_matching(session, body, EXPORT_LIMIT)
    status = body.status.value if body.status else "inActive"
    return Response(
        members_csv(members),
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="members-{status}.csv"'},
    )


@router.post("/create", response_model=MemberCreated, status_code=201, responses=Errors)
async def create_member(
    body: MemberCreate, session: SessionDep, service: MemberServiceDep, clock: ClockDep, principal: CanAdd
) -> MemberCreated:
    """Register a member; they start in review (pending). A security plan issues its deposit invoice."""
    member = await service.create(session, body, principal.actor, clock.now())
    counts = await repository.counts(session)
    return MemberCreated(data=MemberOut.model_validate(member), **counts.model_dump())


@router.put("/update-status", response_model=MemberCountsMessage, responses=Errors)
async def update_member_status(
    body: MemberStatusChange,
    session: SessionDep,
    service: MemberServiceDep,
    clock: ClockDep,
    principal: CanUpdateStatus,
) -> MemberCountsMessage:
    """Move members to another status; all or nothing. A reason is required to reject or deactivate, kept
    for inActive too, and shown on the member as statusReason. Members already in that status are left alone,
    so the same call twice succeeds twice."""
    members = await service.change_status(
        session, body.ids, body.status, principal.actor, clock.now(), body.reason
    )
    counts = await repository.counts(session)
    return MemberCountsMessage(
        message=f"{plural(len(members), 'member')} set to {word(body.status.value)}.", **counts.model_dump()
    )


@router.delete("/delete", response_model=MemberCountsMessage, responses=Errors)
async def delete_members(
    body: MemberIds, session: SessionDep, service: MemberServiceDep, principal: CanDelete
) -> MemberCountsMessage:
    """Delete members; all or nothing."""
    deleted = await service.delete(session, body.member_ids, principal.actor)
    counts = await repository.counts(session)
    return MemberCountsMessage(message=f"{plural(deleted, 'member')} deleted.", **counts.model_dump())


@router.get("/{id}", response_model=MemberOut, responses=Errors)
async def get_member(id: str, session: SessionDep, service: MemberServiceDep, _: CanView) -> MemberOut:
    """One member, for the detail view (not in SPEC.md: its detail opens from a link)."""
    return MemberOut.model_validate(await service.get(session, id))


@router.put("/update-member/{id}", response_model=MemberOut, responses=Errors)
async def update_member(
    id: str,
    body: MemberUpdate,
    session: SessionDep,
    service: MemberServiceDep,
    clock: ClockDep,
    principal: CanEdit,
) -> MemberOut:
    """Change a member's details (not email, phone, role, request type or status). A new security plan
    issues the deposit it needs beyond what is held; a smaller one asks for the refund of the excess when the
    caller may request refunds (Payments add), otherwise the excess stays held."""
    refunds = principal.may(Module.PAYMENTS, Privilege.ADD)
    member = await service.update(session, id, body, principal.actor, clock.now(), refund_excess=refunds)
    return MemberOut.model_validate(member)


@router.put(
    "/update-member-password/{id}",
    response_model=MemberCountsMessage,
    responses={**Errors, 503: {"model": ErrorBody}},
)
async def update_member_password(
    id: str,
    session: SessionDep,
    service: MemberServiceDep,
    principal: CanEdit,
) -> MemberCountsMessage:
    """Mail the member a temporary password."""
    member = await service.reset_password(session, id, principal.actor)
    counts = await repository.counts(session)
    return MemberCountsMessage(
        message=f"A temporary password was mailed to {member.email}.", **counts.model_dump()
    )


@router.put("/update-account-status", response_model=MemberCountsMessage, responses=Errors)
async def update_account_status(
    body: MemberAccountStatusChange,
    session: SessionDep,
    service: MemberServiceDep,
    principal: CanUpdateStatus,
) -> MemberCountsMessage:
    """Mark sellers as trusted, or take the mark away; all or nothing."""
    changed = await service.set_trusted(session, body.ids, body.is_trusted_seller, principal.actor)
    state = "trusted sellers" if body.is_trusted_seller else "not trusted sellers"
    counts = await repository.counts(session)
    return MemberCountsMessage(
        message=f"{plural(changed, 'member')} marked as {state}.", **counts.model_dump()
    )
