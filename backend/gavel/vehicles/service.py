"""The rules of vehicles: a valid seller and VIN, sequential lot numbers, review and after-sale steps."""

from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.core import repository as counters
from gavel.core.bulk import all_found, plural, unique_ids
from gavel.core.events import publish
from gavel.db import utcnow
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.members import repository as members
from gavel.vehicles import repository
from gavel.vehicles.events import VehicleReviewed
from gavel.vehicles.models import Vehicle, VehicleImage
from gavel.vehicles.options import Inspection, VehicleStatus
from gavel.vehicles.release import release
from gavel.vehicles.schemas import ProgressChange, VehicleFields
from gavel.vehicles.search import search_text
from gavel.vehicles.transitions import lot, reason_to_keep, status_problem

DUPLICATE_VIN = "Enter Unique Vin Number"
FIELDS = (
    "title",
    "make",
    "model",
    "year",
    "vin_number",
    "engine_details",
    "mileage",
    "keys_available",
    "run_and_drive",
    "start_status",
    "unknown_status",
    "color",
    "plate_number",
    "cylinders",
    "opening_price",
    "reserve_price",
    "description",
)
CHOICES = ("transmission", "drive_type", "fuel_type", "body_style", "primary_damage", "secondary_damage")
EDITABLE_STATUSES = {VehicleStatus.PENDING, VehicleStatus.REJECTED, VehicleStatus.APPROVED}


def snapshot(vehicle: Vehicle) -> dict[str, Any]:
    names = (
        *FIELDS,
        *CHOICES,
        "status",
        "is_received",
        "is_vehicle_delivered_by_seller",
        "is_inspection",
        "is_returned",
        "is_paid",
        "gate_pass_status",
        "is_released",
        "member_id",
        "status_reason",
    )
    return {
        name: value if isinstance(value := getattr(vehicle, name), (bool, int, type(None))) else str(value)
        for name in names
    }


def duplicate_vin_message(twin: Vehicle | None = None) -> str:
    """'Enter Unique Vin Number' (SPEC.md; the web app recognises it by that start) and, when known, the lot
    that holds the VIN."""
    return f"{DUPLICATE_VIN}: {lot(twin)} already has this VIN." if twin is not None else DUPLICATE_VIN


def _duplicate_vin(twin: Vehicle | None = None) -> Conflict:
    message = duplicate_vin_message(twin)
    return Conflict(message, errors=[FieldError(field="vinNumber", message=message)])


def _refused(problems: list[FieldError], status: VehicleStatus) -> Conflict:
    message = (
        problems[0].message
        if len(problems) == 1
        else (
            f"{plural(len(problems), 'vehicle')} cannot be set to {status.value}: "
            + " ".join(p.message for p in problems[:3])
        )
    )
    return Conflict(message, errors=problems, extra={"success": False})


class VehicleService:
    async def get(self, session: AsyncSession, vehicle_id: str) -> Vehicle:
        vehicle = await repository.by_id(session, vehicle_id)
        if vehicle is None:
            raise NotFound("This vehicle does not exist.")
        return vehicle

    async def _apply(self, session: AsyncSession, vehicle: Vehicle, body: VehicleFields) -> None:
        seller = await members.by_id(session, body.member_profile)
        if seller is None:
            raise Invalid.field("memberProfile", "The chosen seller does not exist.")
        if seller.status != "approved" or not seller.is_seller:
            raise Invalid.field("memberProfile", "The seller must be an approved member who sells.")
        twin = await repository.by_vin(session, body.vin_number)
        if twin is not None and twin.id != vehicle.id:
            raise _duplicate_vin(twin)
        for name in FIELDS:
            setattr(vehicle, name, getattr(body, name))
        for name in CHOICES:
            choice = getattr(body, name)
            setattr(vehicle, name, choice.value if choice is not None else None)
        vehicle.member_id = seller.id
        vehicle.seller = seller
        vehicle.images = [
            VehicleImage(position=n, url=image.url, thumbnail_url=image.thumbnail_url or image.url)
            for n, image in enumerate(body.images)
        ]
        vehicle.search_text = search_text(vehicle, seller)

    async def _flush(self, session: AsyncSession) -> None:
        try:
            await session.flush()
        except IntegrityError as exc:  # two requests raced for the same VIN: the unique index decided
            raise _duplicate_vin() from exc

    async def create(self, session: AsyncSession, body: VehicleFields, actor: Actor) -> Vehicle:
        vehicle = Vehicle(status=VehicleStatus.PENDING.value, request_type="New")
        await self._apply(session, vehicle, body)
        vehicle.vehicle_lot_number = await counters.next_number(session, "vehicle_lot", start=1000)
        vehicle.search_text = search_text(vehicle, vehicle.seller)
        session.add(vehicle)
        await self._flush(session)
        await session.refresh(vehicle, ["seller", "buyer", "images"])
        await record_change(session, actor, "vehicle.created", "vehicle", vehicle.id, new=snapshot(vehicle))
        return vehicle

    async def update(
        self, session: AsyncSession, vehicle_id: str, body: VehicleFields, actor: Actor
    ) -> Vehicle:
        vehicle = await self.get(session, vehicle_id)
        if vehicle.status not in EDITABLE_STATUSES or vehicle.event_id:
            raise Conflict(f"{lot(vehicle)} is {vehicle.status} and can no longer be edited.")
        before = snapshot(vehicle)
        await self._apply(session, vehicle, body)
        # Saved is updated, even when only its photos changed (they are rows of their own): a lot page keeps a
        # vehicle's photos and specs by (id, updated_at) (bidders/lots/vehicle_pages.py).
        vehicle.updated_at = utcnow()
        await self._flush(session)
        await session.refresh(vehicle, ["seller", "buyer", "images"])
        await record_change(
            session, actor, "vehicle.updated", "vehicle", vehicle.id, old=before, new=snapshot(vehicle)
        )
        return vehicle

    async def change_status(
        self,
        session: AsyncSession,
        ids: list[str],
        status: VehicleStatus,
        actor: Actor,
        now: datetime,
        reason: str | None = None,
    ) -> list[Vehicle]:
        """All or nothing. Vehicles already in the wanted status are left as they are, so that the same change
        sent twice (a double click) succeeds once and then changes nothing. A vehicle approved or rejected
        after review tells its seller."""
        wanted = unique_ids(ids)
        kept_reason = reason_to_keep(status, reason, len(wanted))
        vehicles = all_found(await repository.by_ids(session, wanted), wanted, "vehicles")
        vehicles.sort(key=lambda v: wanted.index(v.id))  # the refusal names them in the order they were sent
        problems = [FieldError(field=v.id, message=p) for v in vehicles if (p := status_problem(v, status))]
        if problems:
            raise _refused(problems, status)
        for vehicle in sorted(vehicles, key=lambda v: v.id):  # one order of row locks for every request
            if vehicle.status == status.value:
                continue
            old, old_reason = vehicle.status, vehicle.status_reason
            if not await repository.claim_status(session, vehicle.id, old, status.value):
                # Another request changed this vehicle since it was read: maybe the same change (done then).
                fresh = await repository.reread(session, vehicle)
                if fresh is None:
                    raise NotFound("1 of the selected vehicles no longer exists.")
                if fresh.status == status.value:
                    continue
                # Every status is reached from one status only, so the vehicle cannot take this change now.
                problem = status_problem(fresh, status) or f"{lot(fresh)} was changed meanwhile."
                raise _refused([FieldError(field=fresh.id, message=problem)], status)
            vehicle.status = status.value
            vehicle.status_changed_at = now
            vehicle.status_reason = kept_reason
            if old == VehicleStatus.REJECTED and status == VehicleStatus.PENDING:
                vehicle.request_type = "Update"
            await record_change(
                session,
                actor,
                "vehicle.status_changed",
                "vehicle",
                vehicle.id,
                old={"status": old, "reason": old_reason},
                new={"status": status.value, "reason": kept_reason},
            )
            if old == VehicleStatus.PENDING and status in (VehicleStatus.APPROVED, VehicleStatus.REJECTED):
                await publish(session, VehicleReviewed(vehicle, status, kept_reason, now))
        await session.flush()
        return vehicles

    async def seller_counts(self, session: AsyncSession, member_id: str) -> dict[str, int]:
        """How many vehicles the member sells, per status (every status present, zero when none)."""
        if not await members.exists(session, member_id):
            raise NotFound("This member does not exist.")
        counts = dict.fromkeys((s.value for s in VehicleStatus), 0)
        counts.update(await repository.seller_status_counts(session, member_id))
        return counts

    async def progress(
        self, session: AsyncSession, vehicle_id: str, change: ProgressChange, actor: Actor
    ) -> Vehicle:
        vehicle = await self.get(session, vehicle_id)
        before = snapshot(vehicle)
        review = (change.is_received, change.is_vehicle_delivered_by_seller, change.is_inspection)
        if any(v is not None for v in review):
            self._review_step(vehicle, change)
        if change.is_returned is not None:
            self._return(vehicle, change.is_returned)
        if any(v is not None for v in (change.is_paid, change.gate_pass_status, change.is_released)):
            self._after_sale(vehicle, change)
        await session.flush()
        await record_change(
            session, actor, "vehicle.progress", "vehicle", vehicle.id, old=before, new=snapshot(vehicle)
        )
        return vehicle

    def _review_step(self, vehicle: Vehicle, change: ProgressChange) -> None:
        if vehicle.status != VehicleStatus.PENDING:
            raise Conflict(
                f"{lot(vehicle)} is {vehicle.status}: receiving and inspection are recorded during review."
            )
        if change.is_vehicle_delivered_by_seller is not None:
            vehicle.is_vehicle_delivered_by_seller = change.is_vehicle_delivered_by_seller
        if change.is_received is not None:
            if (
                not change.is_received
                and vehicle.is_inspection != Inspection.PENDING
                and change.is_inspection is None
            ):
                raise Conflict(
                    f"{lot(vehicle)} is already being inspected, so it cannot be marked as not received."
                )
            vehicle.is_received = change.is_received
        if change.is_inspection is not None:
            if change.is_inspection != Inspection.PENDING and not vehicle.is_received:
                raise Conflict(f"Receive {lot(vehicle)} at the yard before inspecting it.")
            vehicle.is_inspection = change.is_inspection.value

    def _return(self, vehicle: Vehicle, returned: bool) -> None:
        if vehicle.status != VehicleStatus.CANCELLED:
            raise Conflict(
                f"Only cancelled vehicles are returned to their seller; {lot(vehicle)} is {vehicle.status}."
            )
        if not returned:
            raise Conflict(f"{lot(vehicle)} was returned to its seller; that cannot be undone.")
        if vehicle.is_returned:
            raise Conflict(f"{lot(vehicle)} has already been returned.")
        vehicle.is_returned = True

    def _after_sale(self, vehicle: Vehicle, change: ProgressChange) -> None:
        if vehicle.status != VehicleStatus.SOLD:
            raise Conflict(
                f"Payment, gate pass and release apply to sold vehicles; {lot(vehicle)} is {vehicle.status}."
            )
        if vehicle.is_released:
            raise Conflict(f"{lot(vehicle)} has been released; its payment and gate pass are closed.")
        # Money and the gate have their own records now: nobody flips them by hand.
        if change.is_paid is not None:
            raise Conflict(
                f"Payment of {lot(vehicle)} follows its invoice: "
                "record and verify the payment under Payments."
            )
        if change.gate_pass_status is not None and change.gate_pass_status != vehicle.gate_pass_status:
            raise Conflict(
                f"The gate pass of {lot(vehicle)} is issued from its Payment Details once paid, "
                "and scanned at the gate."
            )
        if change.is_released:
            release(vehicle, utcnow())

    async def delete(self, session: AsyncSession, ids: list[str], actor: Actor) -> int:
        wanted = unique_ids(ids)
        vehicles = all_found(await repository.by_ids(session, wanted), wanted, "vehicles")
        kept = [v for v in vehicles if v.status not in (VehicleStatus.PENDING, VehicleStatus.REJECTED)]
        if kept:
            names = ", ".join(f"{lot(v)} is {v.status}" for v in kept[:5])
            raise Conflict(f"Only pending and rejected vehicles can be deleted: {names}.")
        for vehicle in vehicles:
            await record_change(
                session, actor, "vehicle.deleted", "vehicle", vehicle.id, old=snapshot(vehicle)
            )
            await session.delete(vehicle)
        await session.flush()
        return len(vehicles)


vehicle_service = VehicleService()
