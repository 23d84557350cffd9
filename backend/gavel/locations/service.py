"""The rules of locations: a unique title per city, a real manager, sensible opening hours."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from gavel.audit.repository import Actor, record_change
from gavel.core.bulk import all_found, unique_ids
from gavel.errors import Conflict, FieldError, Invalid, NotFound
from gavel.locations import repository
from gavel.locations.models import Location, LocationHours
from gavel.locations.rules import check_place, check_schedule
from gavel.locations.schemas import WEEKDAYS, LocationCreate, LocationFields, LocationStatus
from gavel.users import repository as users

FIELDS = (
    "title",
    "physical_address",
    "mailing_address",
    "phone_number",
    "fax_number",
    "country",
    "state",
    "city",
)


def snapshot(location: Location) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(location, name) for name in (*FIELDS, "status")}
    data["general_manager"] = location.general_manager_id
    data["schedule"] = [
        {
            "day": WEEKDAYS[h.weekday],
            "open": h.opens_at.strftime("%H:%M") if h.opens_at else None,
            "close": h.closes_at.strftime("%H:%M") if h.closes_at else None,
            "closed": h.closed,
        }
        for h in location.schedule
    ]
    return data


class LocationService:
    async def get(self, session: AsyncSession, location_id: str) -> Location:
        location = await repository.by_id(session, location_id)
        if location is None:
            raise NotFound("This location does not exist.")
        return location

    async def _check(self, session: AsyncSession, body: LocationFields, own_id: str | None = None) -> None:
        check_place(body)
        check_schedule(body)
        twin = await repository.by_city_and_title(session, body.city, body.title)
        if twin is not None and twin.id != own_id:
            message = f'A location titled "{twin.title}" already exists in {twin.city}.'
            raise Conflict(message, errors=[FieldError(field="title", message=message)])
        if body.general_manager:
            manager = await users.by_id(session, body.general_manager)
            if manager is None:
                raise Invalid.field("general_manager", "The chosen general manager does not exist.")
            if manager.user_account_status != "Active":
                raise Invalid.field("general_manager", f"{manager.full_name} is not an active staff user.")

    def _apply(self, location: Location, body: LocationFields) -> None:
        for name in FIELDS:
            setattr(location, name, getattr(body, name))
        location.title_key = body.title.lower()
        location.general_manager_id = body.general_manager
        given = {WEEKDAYS.index(h.day): h for h in body.schedule}
        existing = {h.weekday: h for h in location.schedule}
        for weekday, stale in existing.items():
            if weekday not in given:
                location.schedule.remove(stale)
        for weekday, hours in given.items():
            opens, closes = hours.times()
            row = existing.get(weekday)
            if row is None:
                location.schedule.append(
                    LocationHours(weekday=weekday, opens_at=opens, closes_at=closes, closed=hours.closed)
                )
            else:
                row.opens_at, row.closes_at, row.closed = opens, closes, hours.closed

    async def create(self, session: AsyncSession, body: LocationCreate, actor: Actor) -> Location:
        await self._check(session, body)
        location = Location(status=body.status.value, schedule=[])
        self._apply(location, body)
        session.add(location)
        await session.flush()
        await session.refresh(location, ["general_manager", "schedule"])
        await record_change(
            session, actor, "location.created", "location", location.id, new=snapshot(location)
        )
        return location

    async def update(
        self, session: AsyncSession, location_id: str, body: LocationFields, actor: Actor
    ) -> Location:
        location = await self.get(session, location_id)
        before = snapshot(location)
        await self._check(session, body, location.id)
        self._apply(location, body)
        await session.flush()
        await session.refresh(location, ["general_manager", "schedule"])
        await record_change(
            session, actor, "location.updated", "location", location.id, old=before, new=snapshot(location)
        )
        return location

    async def set_status(
        self, session: AsyncSession, ids: list[str], status: LocationStatus, actor: Actor
    ) -> list[Location]:
        wanted = unique_ids(ids)
        locations = all_found(await repository.by_ids(session, wanted), wanted, "locations")
        for location in locations:
            if location.status == status.value:
                continue
            old = location.status
            location.status = status.value
            await record_change(
                session,
                actor,
                "location.status_changed",
                "location",
                location.id,
                old={"status": old},
                new={"status": status.value},
            )
        return locations

    async def delete(self, session: AsyncSession, ids: list[str], actor: Actor) -> int:
        # Auctions will refuse the deletion of the locations they use (a foreign key with RESTRICT).
        wanted = unique_ids(ids)
        locations = all_found(await repository.by_ids(session, wanted), wanted, "locations")
        for location in locations:
            await record_change(
                session, actor, "location.deleted", "location", location.id, old=snapshot(location)
            )
            await session.delete(location)
        await session.flush()
        return len(locations)


location_service = LocationService()
