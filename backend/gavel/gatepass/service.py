"""Gate passes: issued only against a paid invoice (storage to the day included), scanned at the gate, used
once. Every scan is audited, allowed or not."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.core.clock import DUBAI
from gavel.core.events import publish
from gavel.core.money import aed
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.gatepass import repository
from gavel.gatepass.code import LENGTH, compact, is_valid, new_code, shown
from gavel.gatepass.events import GatePassIssued
from gavel.gatepass.models import GatePass
from gavel.gatepass.schemas import GateAnswer, GatePassOut
from gavel.gatepass.token import make_token, read_token, signing_key
from gavel.invoices import repository as invoices
from gavel.invoices.models import Invoice
from gavel.invoices.service import invoice_service, owed
from gavel.vehicles import repository as vehicles
from gavel.vehicles.models import Vehicle
from gavel.vehicles.options import GatePass as GateStep
from gavel.vehicles.options import VehicleStatus
from gavel.vehicles.release import release

VALID_HOURS = 48
TYPO = "This code has a typo: check the characters."
FORGED = "This code was not issued by Gavel or has been altered: do not let the vehicle out."


class RefusedAtGate(Conflict):
    """A pick-up the gate refused; its scan was audited and is kept."""


def _when(moment: datetime) -> str:
    return moment.astimezone(DUBAI).strftime("%d/%m/%Y %H:%M")


def pass_out(gate_pass: GatePass, token: str | None = None) -> GatePassOut:
    out = GatePassOut.model_validate(gate_pass)
    out.code = shown(gate_pass.code)
    out.token = token
    return out


@dataclass
class Found:
    """The pass a scan names, or why none: the vehicle when the scan named one (by lot or VIN)."""

    gate_pass: GatePass | None
    vehicle: Vehicle | None = None
    reason: str | None = None
    message: str | None = None


def _vehicle_facts(vehicle: Vehicle) -> dict[str, Any]:
    """What the guard matches against the car: lot, title, VIN, colour, plate and the main photo."""
    return {
        "vehicle_id": vehicle.id,
        "vehicle_lot_number": vehicle.vehicle_lot_number,
        "vehicle_title": vehicle.title,
        "vehicle_vin": vehicle.vin_number,
        "vehicle_color": vehicle.color,
        "vehicle_plate": vehicle.plate_number,
        "vehicle_image": vehicle.images[0].url if vehicle.images else None,
    }


@dataclass
class Scanned:
    gate_pass: GatePass | None
    vehicle: Vehicle | None
    invoice: Invoice | None
    answer: GateAnswer


class GatePassService:
    async def _vehicle(self, session: AsyncSession, vehicle_id: str) -> Vehicle:
        vehicle = await vehicles.by_id(session, vehicle_id)
        if vehicle is None:
            raise NotFound("This vehicle does not exist.")
        return vehicle

    async def _new_code(self, session: AsyncSession) -> str:
        code = new_code()
        while await repository.code_taken(session, code):
            code = new_code()
        return code

    async def issue(
        self,
        session: AsyncSession,
        vehicle_id: str,
        actor: Actor,
        now: datetime,
        replaces: str | None = None,
    ) -> tuple[GatePass, str]:
        """A pass for a paid vehicle: one per request, and one live per vehicle. A vehicle that has a live
        pass gets a new one only when the request names that pass as the one it replaces."""
        vehicle = await self._vehicle(session, vehicle_id)
        lot = f"Lot {vehicle.vehicle_lot_number}"
        if vehicle.status != VehicleStatus.SOLD:
            raise Conflict(f"{lot} is {vehicle.status}; gate passes are issued for sold vehicles.")
        if vehicle.is_released or vehicle.gate_pass_status == GateStep.PICKED_UP:
            raise Conflict(f"{lot} has already left the yard.")
        live = await repository.live_of_vehicle(session, vehicle.id)
        if live is not None and live.id != replaces:
            message = (
                f"{lot} already has a gate pass ({shown(live.code)}, valid until {_when(live.valid_until)}): "
                "use it, or replace it with a new one."
            )
            raise Conflict(message, errors=[FieldError(field="vehicleId", message=message)])
        invoice = await invoices.current_for_vehicle(session, vehicle.id, lock=True)
        if invoice is None:
            raise Conflict(f"{lot} has no invoice; it is sold through an auction result.")
        await invoice_service.accrue(session, invoice, vehicle, now)
        if invoice.status != "paid":
            due = owed(invoice)
            raise Conflict(
                f"{invoice.number} still owes {aed(due)} (storage to "
                f"{now.astimezone(DUBAI):%d/%m/%Y} included); a gate pass is issued once it is paid in full "
                "and verified."
            )
        if live is not None:
            live.status = GateStep.CANCELED.value
            await session.flush()  # the replaced pass is no longer live before the new one is written
        gate_pass = GatePass(
            vehicle_id=vehicle.id,
            invoice_id=invoice.id,
            member_id=invoice.member_id,
            issued_at=now,
            valid_until=now + timedelta(hours=VALID_HOURS),
            status=GateStep.GENERATED.value,
            code=await self._new_code(session),
            issued_by_id=actor.id,
        )
        session.add(gate_pass)
        vehicle.gate_pass_status = GateStep.GENERATED.value
        # A racing issue that passed the check above is refused here by uq_gate_pass_live_vehicle (409),
        # before its mail is written: the outbox is written in this transaction.
        await session.flush()
        await record_change(
            session,
            actor,
            "gate_pass.issued",
            "vehicle",
            vehicle.id,
            new={
                "gatePass": gate_pass.id,
                "validUntil": gate_pass.valid_until.isoformat(),
                "invoice": invoice.number,
            },
        )
        await publish(session, GatePassIssued(gate_pass, vehicle, now))
        return gate_pass, make_token(await signing_key(session), gate_pass.id, gate_pass.valid_until)

    async def of_vehicle(self, session: AsyncSession, vehicle_id: str) -> list[GatePass]:
        return await repository.of_vehicle(session, vehicle_id)

    async def find(self, session: AsyncSession, typed: str) -> Found:
        """The pass named by what the guard scanned or typed, locked: a QR token, a short code (a wrong
        check character is a 422), or a lot number or VIN (the vehicle's live pass, else its newest)."""
        if "." in typed:
            read = read_token(await signing_key(session), typed)
            gate_pass = await repository.locked(session, read[0]) if read else None
            if read is None or gate_pass is None or gate_pass.valid_until.replace(microsecond=0) != read[1]:
                return Found(None, reason="forged", message=FORGED)
            return Found(gate_pass)
        text = compact(typed)
        number = text.removeprefix("LOT")
        if number.isdigit() and len(number) <= 9:
            vehicle = await repository.vehicle_by_lot(session, int(number))
            return await self._pass_of(session, vehicle, f"No vehicle has the lot number {int(number)}.")
        if len(text) == 17 and text.isalnum():
            vehicle = await vehicles.by_vin(session, text)
            return await self._pass_of(session, vehicle, f"No vehicle has the VIN {text}.")
        if len(text) == LENGTH:
            if not is_valid(text):
                raise Invalid.field("token", TYPO)
            pass_id = await repository.id_by_code(session, text)
            gate_pass = await repository.locked(session, pass_id) if pass_id else None
            if gate_pass is None:
                return Found(None, reason="notFound", message=f"No gate pass has the code {shown(text)}.")
            return Found(gate_pass)
        return Found(None, reason="forged", message=FORGED)

    async def _pass_of(self, session: AsyncSession, vehicle: Vehicle | None, unknown: str) -> Found:
        if vehicle is None:
            return Found(None, reason="notFound", message=unknown)
        passes = await repository.of_vehicle(session, vehicle.id)
        chosen = next((p for p in passes if p.status in repository.LIVE), passes[0] if passes else None)
        if chosen is None:
            return Found(
                None,
                vehicle,
                "noPass",
                f"Lot {vehicle.vehicle_lot_number} has no gate pass: the office issues one once it is paid.",
            )
        return Found(await repository.locked(session, chosen.id), vehicle)

    async def get(self, session: AsyncSession, pass_id: str) -> GatePass:
        gate_pass = await session.get(GatePass, pass_id)
        if gate_pass is None:
            raise NotFound("This gate pass does not exist.")
        return gate_pass

    async def token_of(self, session: AsyncSession, gate_pass: GatePass) -> str:
        return make_token(await signing_key(session), gate_pass.id, gate_pass.valid_until)

    async def cancel(self, session: AsyncSession, pass_id: str, actor: Actor) -> GatePass:
        gate_pass = await self.get(session, pass_id)
        if gate_pass.status == GateStep.CANCELED:
            return gate_pass
        if gate_pass.status == GateStep.PICKED_UP:
            raise Conflict("This gate pass was used: the vehicle has been picked up.")
        gate_pass.status = GateStep.CANCELED.value
        vehicle = await self._vehicle(session, gate_pass.vehicle_id)
        vehicle.gate_pass_status = GateStep.CANCELED.value
        await record_change(
            session, actor, "gate_pass.cancelled", "vehicle", vehicle.id, new={"gatePass": pass_id}
        )
        await session.flush()
        return gate_pass

    async def scan(self, session: AsyncSession, token: str, actor: Actor, now: datetime) -> Scanned:
        """Who may take which vehicle, or why not; the first allowed scan marks the pass Scanned."""
        found = await self.find(session, token)
        gate_pass = found.gate_pass
        if gate_pass is None:
            known = found.vehicle
            answer = GateAnswer(
                allowed=False,
                reason=found.reason,
                message=found.message or FORGED,
                **(_vehicle_facts(known) if known else {}),
            )
            await record_change(
                session,
                actor,
                "gate.scan_refused",
                "vehicle" if known else "gate_pass",
                known.id if known else None,
                new={"reason": found.reason},
            )
            return Scanned(None, known, None, answer)
        vehicle = await self._vehicle(session, gate_pass.vehicle_id)
        invoice = await invoice_service.get(session, gate_pass.invoice_id, lock=True)
        lot = f"Lot {vehicle.vehicle_lot_number}"
        facts: dict[str, Any] = {
            "gate_pass": pass_out(gate_pass),
            "buyer_name": invoice.buyer_name,
            **_vehicle_facts(vehicle),
        }
        reason, message = None, None
        if gate_pass.status == GateStep.PICKED_UP:
            reason = "pickedUp"
            when = _when(gate_pass.picked_up_at or now)
            message = f"{lot} was already picked up on {when} by {gate_pass.driver_name}."
        elif gate_pass.status == GateStep.CANCELED:
            reason, message = (
                "cancelled",
                f"This gate pass for {lot} was cancelled; ask the office for the new one.",
            )
        elif now > gate_pass.valid_until:
            reason, message = (
                "expired",
                f"This gate pass for {lot} expired on {_when(gate_pass.valid_until)}.",
            )
        elif vehicle.is_released:
            reason, message = "released", f"{lot} has already been released."
        else:
            await invoice_service.accrue(session, invoice, vehicle, now)
            if invoice.status != "paid":
                reason = "notPaid"
                message = f"{lot} is not paid: {invoice.number} still owes {aed(owed(invoice))}."
        if reason is not None:
            answer = GateAnswer(allowed=False, reason=reason, message=message or "", **facts)
        else:
            if gate_pass.status == GateStep.GENERATED:
                gate_pass.status = GateStep.SCANNED.value
                gate_pass.scanned_at = now
                vehicle.gate_pass_status = GateStep.SCANNED.value
                facts["gate_pass"] = pass_out(gate_pass)
            answer = GateAnswer(
                allowed=True,
                message=f"{invoice.buyer_name} may take {lot} ({vehicle.title}, VIN {vehicle.vin_number}).",
                **facts,
            )
        await record_change(
            session,
            actor,
            "gate.scanned" if answer.allowed else "gate.scan_refused",
            "vehicle",
            vehicle.id,
            new={"gatePass": gate_pass.id, "allowed": answer.allowed, "reason": answer.reason},
        )
        await session.flush()
        return Scanned(gate_pass, vehicle, invoice, answer)

    async def pick_up(
        self,
        session: AsyncSession,
        token: str,
        driver_name: str,
        driver_emirates_id: str,
        actor: Actor,
        now: datetime,
    ) -> GateAnswer:
        scanned = await self.scan(session, token, actor, now)
        if not scanned.answer.allowed or scanned.gate_pass is None or scanned.vehicle is None:
            raise RefusedAtGate(scanned.answer.message, extra={"reason": scanned.answer.reason})
        gate_pass, vehicle = scanned.gate_pass, scanned.vehicle
        gate_pass.status = GateStep.PICKED_UP.value
        gate_pass.picked_up_at = now
        gate_pass.picked_up_by_id = actor.id
        gate_pass.driver_name = driver_name
        gate_pass.driver_emirates_id = driver_emirates_id
        vehicle.gate_pass_status = GateStep.PICKED_UP.value
        release(vehicle, now)
        await session.flush()
        await record_change(
            session,
            actor,
            "gate.picked_up",
            "vehicle",
            vehicle.id,
            new={"gatePass": gate_pass.id, "driver": driver_name, "emiratesId": driver_emirates_id},
        )
        return GateAnswer(
            allowed=True,
            message=(
                f"{driver_name} picked up Lot {vehicle.vehicle_lot_number} for {scanned.answer.buyer_name}."
            ),
            gate_pass=pass_out(gate_pass),
            buyer_name=scanned.answer.buyer_name,
            **_vehicle_facts(vehicle),
        )


gate_pass_service = GatePassService()
