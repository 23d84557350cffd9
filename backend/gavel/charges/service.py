"""The rules of charges: a unique title, a positive amount, a sensible price band."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.charges import repository
from gavel.charges.models import Charge
from gavel.charges.schemas import ChargeCreate, ChargeFields
from gavel.core.bulk import all_found, unique_ids
from gavel.errors import Conflict, FieldError, NotFound

FIELDS = ("title", "charges", "min_price", "max_price", "description")


def snapshot(charge: Charge) -> dict[str, Any]:
    values: dict[str, Any] = {name: getattr(charge, name) for name in FIELDS}
    values.update(applies_to=charge.applies_to, is_active=charge.is_active)
    return values



class ChargeService:
    async def get(self, session: AsyncSession, charge_id: str) -> Charge:
        charge = await repository.by_id(session, charge_id)
        if charge is None:
            raise NotFound("This charge does not exist.")
        return charge

    async def _unique_title(self, session: AsyncSession, title: str, own_id: str | None = None) -> None:
        twin = await repository.by_title(session, title)
        if twin is not None and twin.id != own_id:
            message = f'A charge titled "{twin.title}" already exists.'
            raise Conflict(message, errors=[FieldError(field="title", message=message)])

    def _apply(self, charge: Charge, body: ChargeFields) -> None:
        for name in FIELDS:
            setattr(charge, name, getattr(body, name))
        charge.applies_to = body.applies_to.value
        charge.title_key = body.title.lower()

    async def create(self, session: AsyncSession, body: ChargeCreate, actor: Actor) -> Charge:
        await self._unique_title(session, body.title)
        charge = Charge(is_active=body.is_active)
        self._apply(charge, body)
        session.add(charge)
        await session.flush()
        await record_change(session, actor, "charge.created", "charge", charge.id, new=snapshot(charge))
        return charge

    async def update(self, session: AsyncSession, charge_id: str, body: ChargeFields, actor: Actor) -> Charge:
        charge = await self.get(session, charge_id)
        await self._unique_title(session, body.title, charge.id)
        before = snapshot(charge)
        self._apply(charge, body)
        await session.flush()
        await record_change(
            session, actor, "charge.updated", "charge", charge.id, old=before, new=snapshot(charge)
        )
        return charge

    async def set_active(self, session: AsyncSession, ids: list[str], is_active: bool, actor: Actor) -> int:
        wanted = unique_ids(ids)
        charges = all_found(await repository.by_ids(session, wanted), wanted, "charges")
        for charge in charges:
            if charge.is_active == is_active:
                continue
            charge.is_active = is_active
            await record_change(
                session,
                actor,
                "charge.status_changed",
                "charge",
                charge.id,
                old={"isActive": not is_active},
                new={"isActive": is_active},
            )
        await session.flush()
        return len(charges)

    async def delete(self, session: AsyncSession, ids: list[str], actor: Actor) -> int:
        wanted = unique_ids(ids)
        charges = all_found(await repository.by_ids(session, wanted), wanted, "charges")
        for charge in charges:
            await record_change(session, actor, "charge.deleted", "charge", charge.id, old=snapshot(charge))
            await session.delete(charge)
        await session.flush()
        return len(charges)


charge_service = ChargeService()
