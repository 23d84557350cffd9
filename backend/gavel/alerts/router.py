"""Alerts: the outbox's messages with their timelines, the templates of every event and the switches (Alerts
privileges guard it all)."""

from typing import Annotated

from fastapi import APIRouter, Request

from gavel.alerts import repository
from gavel.alerts.catalog import MessageStatus
from gavel.alerts.messages import changed_message, message_detail, message_out
from gavel.alerts.schemas import (
    MessageDetail,
    MessageIds,
    MessageList,
    MessageQuery,
    MessagesChanged,
    Preview,
    PreviewRequest,
    SwitchChange,
    SwitchList,
    SwitchOut,
    TemplateCreate,
    TemplateDeleted,
    TemplateEntry,
    TemplateList,
    TemplateQuery,
    TemplateUpdate,
)
from gavel.alerts.service import alert_service
from gavel.alerts.unsubscribe.links import link_of
from gavel.core.clock import ClockDep
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/alerts", tags=["alerts"])

Errors = error_responses(403, 404, 409, 422)
CanView = Annotated[Principal, require(Module.ALERTS, Privilege.VIEW)]
CanAdd = Annotated[Principal, require(Module.ALERTS, Privilege.ADD)]
CanDelete = Annotated[Principal, require(Module.ALERTS, Privilege.DELETE)]
CanEdit = Annotated[Principal, require(Module.ALERTS, Privilege.EDIT)]
CanUpdateStatus = Annotated[Principal, require(Module.ALERTS, Privilege.UPDATE_STATUS)]


@router.post("/messages", response_model=MessageList, responses=Errors)
async def list_messages(body: MessageQuery, session: SessionDep, _: CanView) -> MessageList:
    """A page of messages, newest first, with how many are in each status under the same filters."""
    messages, matching = await repository.page(session, body)
    counts = await repository.status_counts(session, body)
    return MessageList(
        data=[message_out(m) for m in messages],
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        counts={status: counts.get(status.value, 0) for status in MessageStatus},
    )


@router.put("/messages/retry", response_model=MessagesChanged, responses=Errors)
async def retry_messages(
    body: MessageIds, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> MessagesChanged:
    """Queue failed or cancelled messages again (attempts reset); all or nothing."""
    moved = await alert_service.retry(session, body.ids, principal.actor, clock.now())
    return MessagesChanged(message=changed_message(moved, "queued again"), changed=moved)


@router.put("/messages/cancel", response_model=MessagesChanged, responses=Errors)
async def cancel_messages(
    body: MessageIds, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> MessagesChanged:
    """Cancel queued or failed messages; all or nothing."""
    moved = await alert_service.cancel(session, body.ids, principal.actor, clock.now())
    return MessagesChanged(message=changed_message(moved, "cancelled"), changed=moved)


@router.get("/messages/{id}", response_model=MessageDetail, responses=Errors)
async def get_message(id: str, request: Request, session: SessionDep, _: CanView) -> MessageDetail:
    """One message: its rendered text (and email HTML), its delivery timeline and, for a promotional email,
    the member's unsubscribe link (added to the mail when it is sent)."""
    message = await alert_service.message(session, id)
    return message_detail(message, await link_of(session, request.app.state.settings, message))


@router.post("/templates/get", response_model=TemplateList, responses=Errors)
async def list_templates(body: TemplateQuery, session: SessionDep, _: CanView) -> TemplateList:
    """The channel's templates: every event's, then the free ones, each with the variables it may use."""
    return TemplateList(data=await alert_service.templates_of(session, body.channel))


@router.post("/templates/preview", response_model=Preview, responses=Errors)
async def preview_template(body: PreviewRequest, _: CanView) -> Preview:
    """A text rendered with sample values, checked as saving checks it; SMS segments counted."""
    return alert_service.preview(body)


@router.post("/templates", response_model=TemplateEntry, status_code=201, responses=Errors)
async def create_template(body: TemplateCreate, session: SessionDep, principal: CanAdd) -> TemplateEntry:
    """A promotion template (no event) of a channel: a name unique on the channel, both texts (and both
    subjects for email), a promotion's variables only (member.*, business.*), and for WhatsApp the name of
    the template approved by Meta. Unknown variables 422 naming them, a name already used 409."""
    return await alert_service.create_template(session, body, principal.actor)


@router.delete("/templates/{id}", response_model=TemplateDeleted, responses=Errors)
async def delete_template(id: str, session: SessionDep, principal: CanDelete) -> TemplateDeleted:
    """Delete a promotion template; refused (409) for an event's template and while a campaign not yet
    queued (draft, scheduled, queueing) uses it."""
    return TemplateDeleted(message=await alert_service.delete_template(session, id, principal.actor))


@router.put("/templates/{id}", response_model=TemplateEntry, responses=Errors)
async def update_template(
    id: str, body: TemplateUpdate, session: SessionDep, principal: CanEdit
) -> TemplateEntry:
    """Change a template's texts; refused (422) when a text uses a variable its event does not have, 409
    when another template of the channel has the new name."""
    return await alert_service.update_template(session, id, body, principal.actor)


@router.get("/switches", response_model=SwitchList, responses=Errors)
async def list_switches(session: SessionDep, _: CanView) -> SwitchList:
    """Whether each event sends on each channel."""
    return SwitchList(data=await alert_service.switches(session))


@router.put("/switches", response_model=SwitchOut, responses=Errors)
async def update_switch(body: SwitchChange, session: SessionDep, principal: CanEdit) -> SwitchOut:
    """Switch an event on or off on one channel."""
    return await alert_service.set_switch(session, body, principal.actor)
