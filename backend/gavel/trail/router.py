"""The audit trail, read only: the audit log's pages and CSV, and each record's history. No route of the app
changes or deletes an audit event (tests/audit/test_immutability.py proves it)."""

from collections.abc import AsyncIterator

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.trail.deps import CanReadTrail, ReadableFilters, ReadableQuery
from gavel.trail.schemas import AuditActionOption, AuditEventList, AuditStaffOption
from gavel.trail.service import audit_service

router = APIRouter(prefix="/audit-events", tags=["audit"])

Errors = error_responses(403, 422)


@router.get("", response_model=AuditEventList, responses=Errors)
async def list_audit_events(query: ReadableQuery, session: SessionDep) -> AuditEventList:
    """A page of audit events, newest first, filtered by staff user, module, action, record and Dubai days.
    With `entity` and `entityId` it is that record's history, which its module's view privilege may read."""
    return await audit_service.list_events(session, query)


@router.get("/export.csv", responses={**Errors, 200: {"content": {"text/csv": {}}}})
async def export_audit_events(
    filters: ReadableFilters, request: Request, session: SessionDep
) -> StreamingResponse:
    """Every matching audit event as CSV, streamed in batches (times in Asia/Dubai)."""
    # The auth guard's session may have written (its activity, once a minute): it ends here, before the
    # export's own session starts, or on SQLite (one writer, BEGIN IMMEDIATE) that one would wait for it.
    await session.commit()
    chunks = audit_service.csv_lines(request.app.state.sessionmaker, filters)
    first = await anext(chunks)  # read before answering: a database failure here is still a 503

    async def everything() -> AsyncIterator[str]:
        yield first
        async for chunk in chunks:
            yield chunk

    return StreamingResponse(
        everything(),
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": 'attachment; filename="audit-log.csv"'},
    )


@router.get("/actions", response_model=list[AuditActionOption], responses=Errors)
async def list_audit_actions(_: CanReadTrail) -> list[AuditActionOption]:
    """The actions the audit log can filter by, in words."""
    return audit_service.actions()


@router.get("/staff", response_model=list[AuditStaffOption], responses=Errors)
async def list_audit_staff(session: SessionDep, _: CanReadTrail) -> list[AuditStaffOption]:
    """Every staff user, active or not, by name: the audit log's staff user filter."""
    return await audit_service.staff(session)
