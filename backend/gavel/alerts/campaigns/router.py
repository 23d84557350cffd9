"""Promotions: campaigns per channel, the count of consenting recipients before sending, send now or later,
cancel (Alerts privileges: add to write and send, view to read, updateStatus to cancel)."""

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Request
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.alerts.campaigns import readiness, repository
from gavel.alerts.campaigns.schemas import (
    AudienceCount,
    AudienceQuery,
    CampaignCancelled,
    CampaignIn,
    CampaignList,
    CampaignOptions,
    CampaignOut,
    CampaignQuery,
    CampaignSend,
    CampaignSendNew,
)
from gavel.alerts.campaigns.service import campaign_service, queue_now
from gavel.alerts.catalog import CampaignStatus
from gavel.alerts.models import AlertCampaign
from gavel.core.clock import ClockDep
from gavel.core.paging import total_pages
from gavel.db import SessionDep
from gavel.errors import error_responses
from gavel.guards import Principal, require
from gavel.permissions import Module, Privilege

router = APIRouter(prefix="/alerts/campaigns", tags=["campaigns"])

Errors = error_responses(403, 404, 409, 422)
CanAdd = Annotated[Principal, require(Module.ALERTS, Privilege.ADD)]
CanView = Annotated[Principal, require(Module.ALERTS, Privilege.VIEW)]
CanUpdateStatus = Annotated[Principal, require(Module.ALERTS, Privilege.UPDATE_STATUS)]


async def _one(session: SessionDep, campaign_id: str) -> CampaignOut:
    campaign = await campaign_service.get(session, campaign_id)
    return (await campaign_service.out(session, [campaign]))[0]


@router.post("/get", response_model=CampaignList, responses=Errors)
async def list_campaigns(body: CampaignQuery, session: SessionDep, _: CanView) -> CampaignList:
    """A page of campaigns, newest first, with their progress and how many are in each status."""
    campaigns, matching = await repository.page(session, body)
    counts = await repository.status_counts(session, body)
    return CampaignList(
        data=await campaign_service.out(session, campaigns),
        total_pages=total_pages(matching, body.limit),
        current_page=body.page_no,
        total_matching=matching,
        counts={status: counts.get(status.value, 0) for status in CampaignStatus},
    )


@router.post("/audience-count", response_model=AudienceCount, responses=Errors)
async def count_audience(body: AudienceQuery, session: SessionDep, _: CanView) -> AudienceCount:
    """How many members match the filters, and how many of them consented to promotions on the channel."""
    return await campaign_service.audience_count(session, body.channel, body.audience)


@router.post("", response_model=CampaignOut, status_code=201, responses=Errors)
async def create_campaign(
    body: CampaignIn, session: SessionDep, clock: ClockDep, principal: CanAdd
) -> CampaignOut:
    """A draft campaign (sent by /send)."""
    campaign = await campaign_service.create(session, body, principal.actor, clock.now())
    return (await campaign_service.out(session, [campaign]))[0]


@router.post("/send", response_model=CampaignOut, status_code=201, responses=Errors)
async def create_and_send_campaign(
    body: CampaignSendNew,
    session: SessionDep,
    clock: ClockDep,
    principal: CanAdd,
    request: Request,
    tasks: BackgroundTasks,
) -> CampaignOut:
    """A new campaign written and sent (now or later) in one step: a refused send leaves no draft behind; a
    second request with the same requestKey answers 409 and creates nothing."""
    now = clock.now()
    campaign = await campaign_service.create_and_send(
        session, body, principal.actor, now, request.app.state.settings
    )
    return await _sent(session, campaign, now, request, tasks)


async def _sent(
    session: AsyncSession, campaign: AlertCampaign, now: datetime, request: Request, tasks: BackgroundTasks
) -> CampaignOut:
    out = (await campaign_service.out(session, [campaign]))[0]
    if campaign.send_at is not None and campaign.send_at <= now and request.app.state.settings.run_jobs:
        # Started after the response (and its commit) instead of at the clock job's next tick.
        tasks.add_task(queue_now, request.app.state.sessionmaker, request.app.state.clock)
    return out


@router.get("/options", response_model=CampaignOptions, responses=Errors)
async def campaign_options(request: Request, session: SessionDep, _: CanView) -> CampaignOptions:
    """What the campaign dialog needs before Send: the quiet hours, and per channel whether a campaign would
    be sent (ready) or the sentence why not (reason), the SMS promotional sender and opt-out texts, and who
    sends WhatsApp."""
    return await readiness.options(session, request.app.state.settings)


@router.get("/{id}", response_model=CampaignOut, responses=Errors)
async def get_campaign(id: str, session: SessionDep, _: CanView) -> CampaignOut:
    """One campaign with its progress and results."""
    return await _one(session, id)


@router.put("/{id}", response_model=CampaignOut, responses=Errors)
async def update_campaign(
    id: str, body: CampaignIn, session: SessionDep, clock: ClockDep, principal: CanAdd
) -> CampaignOut:
    """Change a draft; a campaign once sent is not edited (409)."""
    campaign = await campaign_service.update(session, id, body, principal.actor, clock.now())
    return (await campaign_service.out(session, [campaign]))[0]


@router.put("/{id}/send", response_model=CampaignOut, responses=Errors)
async def send_campaign(
    id: str,
    body: CampaignSend,
    session: SessionDep,
    clock: ClockDep,
    principal: CanAdd,
    request: Request,
    tasks: BackgroundTasks,
) -> CampaignOut:
    """Send now (sendAt empty) or at a later time; refused (422) when nobody consenting matches, 409 when the
    channel lacks what the rules need (GET /options says which, before Send)."""
    now = clock.now()
    campaign = await campaign_service.send(
        session, id, body, principal.actor, now, request.app.state.settings
    )
    return await _sent(session, campaign, now, request, tasks)


@router.put("/{id}/cancel", response_model=CampaignCancelled, responses=Errors)
async def cancel_campaign(
    id: str, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> CampaignCancelled:
    """Stop a campaign: its messages still queued are cancelled."""
    campaign, cancelled = await campaign_service.cancel(session, id, principal.actor, clock.now())
    noun = "message" if cancelled == 1 else "messages"
    return CampaignCancelled(
        message=f"'{campaign.name}' was already cancelled."
        if cancelled is None
        else f"'{campaign.name}' cancelled: {cancelled} queued {noun} will not be sent.",
        data=(await campaign_service.out(session, [campaign]))[0],
    )
