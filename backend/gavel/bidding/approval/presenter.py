"""The lots on approval as the staff's screens read them (ApprovalView): each with its lot, its seller, who
buys, the deadline and its whole history, for any number of them in a fixed number of grouped queries."""

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.bidding import presenter
from gavel.bidding import views_repository as views
from gavel.bidding.approval import repository
from gavel.bidding.approval.models import LotApproval, LotApprovalStep
from gavel.bidding.approval.schemas import ApprovalView, HistoryRow
from gavel.bidding.models import LotRow
from gavel.bidding.schemas import PersonRef

SYSTEM_ID = "system"
UNKNOWN = "Unknown"


async def approval_views(
    session: AsyncSession, pairs: Sequence[tuple[LotApproval, LotRow]], now: datetime
) -> list[ApprovalView]:
    """The approvals in the order given, each with its lot."""
    lot_views = await presenter.lot_views(session, [row for _, row in pairs], now)
    steps = await repository.steps_of(session, [approval.id for approval, _ in pairs])
    people = {approval.seller_id for approval, _ in pairs}
    people |= {approval.buyer_id for approval, _ in pairs if approval.buyer_id}
    names = await views.member_names(session, people)
    return [
        ApprovalView(
            lot=lot,
            seller_id=approval.seller_id,
            seller_name=names.get(approval.seller_id, UNKNOWN),
            buyer=(
                PersonRef(id=approval.buyer_id, name=names.get(approval.buyer_id, UNKNOWN))
                if approval.buyer_id
                else None
            ),
            price=approval.price,
            reserve_price=approval.reserve_price,
            deadline=approval.deadline,
            status=approval.status,
            counter_amount=approval.counter_amount,
            history=[_history(step) for step in steps.get(approval.id, [])],
        )
        for (approval, _), lot in zip(pairs, lot_views, strict=True)
    ]


def _history(step: LotApprovalStep) -> HistoryRow:
    return HistoryRow(
        at=step.at,
        action=step.action,
        amount=step.amount,
        by=PersonRef(id=step.by_id or SYSTEM_ID, name=step.by_name),
        note=step.note,
    )


async def approval_view(
    session: AsyncSession, approval: LotApproval, row: LotRow, now: datetime
) -> ApprovalView:
    return (await approval_views(session, [(approval, row)], now))[0]
