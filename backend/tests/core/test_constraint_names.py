"""The database's own refusals, read back as the 409 a person sees: written straight to the database (no
service check in front), so that the constraint really decides, on SQLite (found from the table and columns it
names) and on PostgreSQL (named by the server) alike."""

from collections.abc import Callable
from decimal import Decimal

import pytest
from sqlalchemy import delete, insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from gavel.charges.models import Charge
from gavel.core.constraints import GONE, IN_USE, RACE, conflict_from, constraint_name
from gavel.locations.models import Location
from gavel.plans.models import SecurityPlan
from gavel.roles.models import Role, RolePermission
from gavel.users.models import User


def _role(name: str) -> Role:
    return Role(name=name, is_active=True)


def _charge(title: str) -> Charge:
    return Charge(title=title, title_key=title.lower(), charges=Decimal("100.00"), applies_to="buyer")


def _plan(name: str) -> SecurityPlan:
    return SecurityPlan(
        name=name, name_key=name.lower(), plan_amount=Decimal("5000"), buying_power=Decimal("50000")
    )


def _location(title: str) -> Location:
    return Location(
        title=title,
        title_key=title.lower(),
        physical_address="Street 18, Al Quoz",
        phone_number="+97143215555",
        country="United Arab Emirates",
        state="Dubai",
        city="Dubai",
    )


async def _refused(session: AsyncSession, first: object, second: object) -> IntegrityError:
    session.add(first)
    await session.flush()
    session.add(second)
    with pytest.raises(IntegrityError) as refused:
        await session.flush()
    await session.rollback()
    return refused.value


@pytest.mark.parametrize(
    ("make", "constraint", "field", "message"),
    [
        (_role, "uq_role_name", "name", "A role with this name already exists."),
        (_charge, "uq_charge_title_key", "title", "A charge with this title already exists."),
        (_plan, "uq_security_plan_name_key", "name", "A security plan with this name already exists."),
        (
            _location,
            "ix_location_city_title",
            "title",
            "A location with this title already exists in this city.",
        ),
    ],
)
async def test_a_duplicate_is_named_by_its_constraint_and_answered_at_its_field(
    session: AsyncSession, make: Callable[[str], object], constraint: str, field: str, message: str
) -> None:
    exc = await _refused(session, make("Al Quoz Yard"), make("Al Quoz Yard"))

    assert constraint_name(exc) == (constraint, "23505")
    conflict = conflict_from(exc)
    assert conflict.status_code == 409
    assert conflict.body()["message"] == message
    assert conflict.body()["errors"] == [{"field": field, "message": message}]


async def test_a_row_still_referred_to_is_in_use_and_a_missing_one_is_gone(session: AsyncSession) -> None:
    role = _role("Cashier")
    session.add(role)
    await session.flush()
    session.add(
        User(
            full_name="Aisha Al Hashemi",
            email="aisha@example.com",
            phone="+971501112233",
            password_hash="x",
            role_id=role.id,
        )
    )
    await session.flush()
    with pytest.raises(IntegrityError) as in_use:
        await session.execute(delete(Role).where(Role.id == role.id))
    await session.rollback()
    assert conflict_from(in_use.value).body()["message"] == IN_USE

    with pytest.raises(IntegrityError) as gone:
        await session.execute(insert(RolePermission).values(id="p" * 32, role_id="missing", module="Members"))
    await session.rollback()
    assert conflict_from(gone.value).body()["message"] == GONE


async def test_a_constraint_without_a_sentence_asks_to_reload(session: AsyncSession) -> None:
    """A refusal the map does not know (here a NOT NULL) is a race in a person's words, never a 500."""
    with pytest.raises(IntegrityError) as refused:
        await session.execute(insert(Role).values(id="r" * 32, name=None, is_active=True))
    await session.rollback()
    conflict = conflict_from(refused.value)
    assert (conflict.status_code, conflict.body()["message"]) == (409, RACE)
