"""The rules of charges: a unique title, a positive amount, a sensible price band, and no two active charges
of the same kind and side whose bands share a sale price (a sale would be charged twice)."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.charges import repository
from gavel.charges.models import Charge
from gavel.charges.schemas import ChargeCreate, ChargeFields
from gavel.core.bulk import all_found, unique_ids
from gavel.core.money import aed
from gavel.core.repository import next_number
from gavel.errors import Conflict, FieldError, NotFound

FIELDS = ("title", "charges", "min_price", "max_price", "description")

# The counter row whose lock serialises every check of price bands (create, update, switch on) until commit.
BAND_LOCK = "charge_bands"


def snapshot(charge: Charge) -> dict[str, Any]:
    values: dict[str, Any] = {name: getattr(charge, name) for name in FIELDS}
    values.update(applies_to=charge.applies_to, kind=charge.kind, is_active=charge.is_active)
    return values


@dataclass(frozen=True)
class Band:
    """Who pays a fee, for what, and for which sale prices (None: open at that end)."""

    kind: str
    applies_to: str
    min_price: Decimal | None
    max_price: Decimal | None

    @classmethod
    def of(cls, charge: Charge) -> "Band":
        return cls(charge.kind, charge.applies_to, charge.min_price, charge.max_price)

    def overlaps(self, other: "Band") -> bool:
        """Same kind and side, and some sale price in both bands (ends inclusive, open ends unbounded)."""
        if (self.kind, self.applies_to) != (other.kind, other.applies_to):
            return False
        low, high = self.min_price, self.max_price
        below = high is not None and other.min_price is not None and high < other.min_price
        above = low is not None and other.max_price is not None and low > other.max_price
        return not (below or above)


def band_text(charge: Charge) -> str:
    """'AED 0.00 to AED 10,000.00', 'from AED 50,000.01', 'up to AED 10,000.00' or 'any sale price'."""
    low, high = charge.min_price, charge.max_price
    if low is not None and high is not None:
        return f"{aed(low)} to {aed(high)}"
    if low is not None:
        return f"from {aed(low)}"
    if high is not None:
        return f"up to {aed(high)}"
    return "any sale price"


def _overlap_error(other: Charge) -> Conflict:
    message = f'The price band overlaps "{other.title}" ({band_text(other)}): a sale would be charged twice.'
    short = f'Overlaps "{other.title}" ({band_text(other)}).'
    return Conflict(
        message,
        errors=[FieldError(field="minPrice", message=short), FieldError(field="maxPrice", message=short)],
        extra={"overlapping": other.id},
    )


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

    async def _lock_bands(self, session: AsyncSession) -> None:
        """Take the band lock: concurrent checks take turns, each seeing what the one before committed."""
        await next_number(session, BAND_LOCK)

    async def _first_overlap(self, session: AsyncSession, band: Band, except_ids: list[str]) -> Charge | None:
        found = await repository.active_overlapping(
            session,
            kind=band.kind,
            applies_to=band.applies_to,
            min_price=band.min_price,
            max_price=band.max_price,
            except_ids=except_ids,
        )
        return found[0] if found else None

    def _apply(self, charge: Charge, body: ChargeFields) -> None:
        for name in FIELDS:
            setattr(charge, name, getattr(body, name))
        charge.applies_to = body.applies_to.value
        if body.kind is not None:
            charge.kind = body.kind.value
        charge.title_key = body.title.lower()

    async def create(self, session: AsyncSession, body: ChargeCreate, actor: Actor) -> Charge:
        if body.is_active:
            await self._lock_bands(session)
        await self._unique_title(session, body.title)
        charge = Charge(is_active=body.is_active)
        self._apply(charge, body)
        if charge.is_active:
            other = await self._first_overlap(session, Band.of(charge), [])
            if other is not None:
                raise _overlap_error(other)
        session.add(charge)
        await session.flush()
        await record_change(session, actor, "charge.created", "charge", charge.id, new=snapshot(charge))
        return charge

    async def update(self, session: AsyncSession, charge_id: str, body: ChargeFields, actor: Actor) -> Charge:
        # Locked before the charge is read: its active switch cannot change under the check.
        await self._lock_bands(session)
        charge = await self.get(session, charge_id)
        await self._unique_title(session, body.title, charge.id)
        before = snapshot(charge)
        with session.no_autoflush:
            self._apply(charge, body)
            if charge.is_active:
                other = await self._first_overlap(session, Band.of(charge), [charge.id])
                if other is not None:
                    raise _overlap_error(other)
        await session.flush()
        await record_change(
            session, actor, "charge.updated", "charge", charge.id, old=before, new=snapshot(charge)
        )
        return charge

    async def _may_switch_on(self, session: AsyncSession, charges: list[Charge]) -> None:
        """All or nothing: a charge switched on may overlap neither an active one nor another switched on."""
        checked: list[Charge] = []
        for charge in charges:
            band = Band.of(charge)
            other = await self._first_overlap(session, band, [])
            if other is None:
                other = next((c for c in checked if band.overlaps(Band.of(c))), None)
            if other is not None:
                raise Conflict(
                    f'Switching on "{charge.title}" ({band_text(charge)}) would overlap "{other.title}" '
                    f"({band_text(other)}): a sale would be charged twice.",
                    extra={"blocked": [charge.id], "overlapping": other.id},
                )
            checked.append(charge)

    async def set_active(self, session: AsyncSession, ids: list[str], is_active: bool, actor: Actor) -> int:
        wanted = unique_ids(ids)
        if is_active:
            await self._lock_bands(session)
        charges = all_found(await repository.by_ids(session, wanted), wanted, "charges")
        order = {charge_id: n for n, charge_id in enumerate(wanted)}
        changing = sorted((c for c in charges if c.is_active != is_active), key=lambda c: order[c.id])
        if is_active:
            await self._may_switch_on(session, changing)
        for charge in changing:
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
