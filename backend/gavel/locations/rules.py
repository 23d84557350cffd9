"""Location rules that name the field at fault: the place must be on the lists, the hours must make sense."""

from gavel.errors import Invalid
from gavel.locations.geography import COUNTRIES
from gavel.locations.schemas import LocationFields


def check_place(body: LocationFields) -> None:
    states = COUNTRIES.get(body.country)
    if states is None:
        raise Invalid.field("country", f"Choose the country from the list ({', '.join(COUNTRIES)}).")
    if body.state not in states:
        raise Invalid.field("state", f"Choose the emirate from the list for {body.country}.")
    if body.city not in states[body.state]:
        raise Invalid.field("city", f"Choose a city of {body.state} from the list.")


def check_schedule(body: LocationFields) -> None:
    seen: set[str] = set()
    for n, hours in enumerate(body.schedule):
        day = hours.day.title()
        if hours.day in seen:
            raise Invalid.field(f"schedule.{n}.day", f"{day} appears twice in the schedule.")
        seen.add(hours.day)
        if hours.closed:
            continue
        if not hours.open:
            raise Invalid.field(f"schedule.{n}.open", f"Enter the opening time for {day}, or mark it closed.")
        if not hours.close:
            raise Invalid.field(
                f"schedule.{n}.close", f"Enter the closing time for {day}, or mark it closed."
            )
        if hours.close <= hours.open:
            raise Invalid.field(
                f"schedule.{n}.close", f"On {day} the closing time must be after the opening time."
            )
