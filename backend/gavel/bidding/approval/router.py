"""The on-approval lots' routes (issue 25): the list (module Auctions, VIEW) and the staff's record of the
seller's answer and of the buyer's answer to a counter-offer (UPDATE_STATUS)."""

from typing import Annotated

from fastapi import APIRouter, Query

from gavel.auctions.deps import CanUpdateStatus, CanView
from gavel.bidding.approval import presenter, repository, service
from gavel.bidding.approval.rules import ANSWERED, OPEN, Status
from gavel.bidding.approval.schemas import (
    ApprovalFilter,
    ApprovalList,
    ApprovalView,
    CounterAnswerIn,
    DecisionIn,
)
from gavel.core.clock import ClockDep
from gavel.db import SessionDep
from gavel.errors import error_responses

router = APIRouter(tags=["lots-on-approval"])

LISTS: dict[ApprovalFilter, frozenset[Status]] = {
    ApprovalFilter.WAITING: OPEN,
    ApprovalFilter.ANSWERED: ANSWERED,
    ApprovalFilter.ALL: OPEN | ANSWERED,
}


@router.get("/lots/on-approval", response_model=ApprovalList, responses=error_responses(403, 422))
async def lots_on_approval(
    session: SessionDep,
    clock: ClockDep,
    _: CanView,
    status: Annotated[
        ApprovalFilter,
        Query(
            description="waiting: still open (waiting or countered), the soonest deadline first; answered: "
            "accepted, declined or expired, the latest first; all"
        ),
    ] = ApprovalFilter.WAITING,
) -> ApprovalList:
    """The lots sold below their reserve, with the seller's answer and the deadline."""
    pairs = await repository.listed(session, LISTS[status])
    return ApprovalList(data=await presenter.approval_views(session, pairs, clock.now()))


@router.post(
    "/lots/{lotId}/approval", response_model=ApprovalView, responses=error_responses(403, 404, 409, 422)
)
async def record_decision(
    lotId: str, body: DecisionIn, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> ApprovalView:
    """The seller's answer: accept (sold at the price, invoiced), decline (no sale) or counter (an amount
    above the price, which the buyer then takes or not)."""
    now = clock.now()
    row, approval = await service.decide(
        session, lotId, body.decision, body.amount, body.note, body.buyer_id, principal.actor, now
    )
    return await presenter.approval_view(session, approval, row, now)


@router.post(
    "/lots/{lotId}/approval/counter-answer",
    response_model=ApprovalView,
    responses=error_responses(403, 404, 409, 422),
)
async def record_counter_answer(
    lotId: str, body: CounterAnswerIn, session: SessionDep, clock: ClockDep, principal: CanUpdateStatus
) -> ApprovalView:
    """The buyer's answer to the seller's counter-offer: taken (sold at it, invoiced) or declined."""
    now = clock.now()
    row, approval = await service.answer_counter(
        session, lotId, body.accepted, body.note, body.buyer_id, principal.actor, now
    )
    return await presenter.approval_view(session, approval, row, now)
