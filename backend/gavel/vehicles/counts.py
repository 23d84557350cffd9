"""The counts of the vehicle lists, read from vehicle_list_count (kept by the triggers of migration 0007)."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.vehicles.models import VehicleListCount
from gavel.vehicles.schemas import VehicleCounts, VehicleQuery
from gavel.vehicles.stages import ReviewStage, stage_of

CountRows = list[tuple[str, bool, str, bool, bool, bool, bool, int]]
_c = VehicleListCount
_COUNT_ROWS = select(
    _c.status, _c.is_received, _c.is_inspection, _c.assigned, _c.is_paid, _c.is_released, _c.is_returned,
    _c.vehicles,
)  # fmt: skip


async def count_rows(session: AsyncSession) -> CountRows:
    """The few dozen rows of vehicle_list_count. A list request reads them once for its counts and, when its
    filters allow, for its total (one statement less)."""
    rows = await session.execute(_COUNT_ROWS)
    return [
        (status, bool(received), inspection, bool(assigned), bool(paid), bool(released), bool(back), int(n))
        for status, received, inspection, assigned, paid, released, back, n in rows
    ]


async def counts(session: AsyncSession) -> VehicleCounts:
    """Every count of the vehicle lists."""
    return counts_of(await count_rows(session))


def counts_of(rows: CountRows) -> VehicleCounts:
    """Every count of the vehicle lists, added up from the rows of vehicle_list_count."""
    n: dict[str, int] = dict.fromkeys(VehicleCounts.model_fields, 0)
    for status, received, inspection, assigned, paid, released, returned, number in rows:
        if status == "pending":
            n[REVIEW_COUNTS[stage_of(received, inspection)]] += number
        elif status == "approved":
            n["approved"] += number
            n["assigned" if assigned else "unassigned"] += number
        elif status == "sold":
            n["sold"] += number
            n["paid" if paid else "unpaid"] += number
            n["released" if released else "unreleased"] += number
        elif status == "rejected":
            n["rejected"] += number
        elif status == "cancelled":
            n["cancelled"] += number
            n["returned" if returned else "unreturned"] += number
    # Every vehicle on the Review list, inspection completed included (docs/decisions.md, issue 15): the one
    # number that the top bar's badge, the Review list's card and the dashboard show.
    n["review_total"] = n["pending"] + n["received"] + n["in_inspection"] + n["inspection_completed"]
    return VehicleCounts(**n)


# The count of each stage of review (stage_of decides the stage), so that the four add up to the Review list.
REVIEW_COUNTS = {
    ReviewStage.PENDING: "pending",
    ReviewStage.RECEIVED: "received",
    ReviewStage.IN_INSPECTION: "in_inspection",
    ReviewStage.INSPECTION_COMPLETED: "inspection_completed",
}


def answers_total(query: VehicleQuery) -> bool:
    """Whether the list's filters are all keys of vehicle_list_count, so that its total is a sum of rows."""
    others: list[Any] = [
        query.search_term, query.make, query.model, query.seller, query.fuel_type, query.body_style,
        query.transmission, query.year_from, query.year_to, query.price_from, query.price_to,
        query.gate_pass_issued, query.in_yard_sold_by,
    ]  # fmt: skip
    return all(value is None for value in others)


def list_total(rows: CountRows, query: VehicleQuery, *, unassigned_approved: bool) -> int:
    """How many vehicles a list filtered on status, assigned, paid, released, returned and stage alone holds
    (see answers_total), added up from the rows of vehicle_list_count."""
    total = 0
    for status, received, inspection, assigned, paid, released, returned, number in rows:
        if unassigned_approved:
            if status != "approved" or assigned:
                continue
        elif query.status is None or status != query.status.value:
            continue
        flags = ((query.assigned, assigned), (query.is_paid, paid), (query.is_released, released),
                 (query.is_returned, returned))  # fmt: skip
        if any(wanted is not None and value != wanted for wanted, value in flags):
            continue
        if query.stage is not None and stage_of(received, inspection) is not query.stage:
            continue
        total += number
    return total
