"""One table says what each box of the privileges grid allows (gavel/permissions.py): every route guard
follows it, the API serves it to the grid and the role drawer, and a role never stores a box that allows
nothing."""

from typing import Any

from fastapi.routing import iter_route_contexts
from httpx import AsyncClient

from gavel.main import create_app
from gavel.permissions import MEANINGS, Module, Privilege, offered
from gavel.trail.deps import TRAIL
from tests.factories import admin_headers
from tests.test_route_guards import _calls


def _guarded(settings: Any) -> set[tuple[Module, Privilege]]:
    """Every (module, privilege) a route of the app asks for."""
    found: set[tuple[Module, Privilege]] = {TRAIL}  # the audit log's page asks for it inside its query guard
    for route in iter_route_contexts(create_app(settings).routes):
        dependant = getattr(route, "dependant", None)
        for call in _calls(dependant) if dependant is not None else ():
            if (one := getattr(call, "gavel_privilege", None)) is not None:
                found.add(one)
            found |= set(getattr(call, "gavel_privileges", ()))
    return found


def test_every_guard_is_a_described_box_and_every_box_guards_something(settings: Any) -> None:
    guarded = _guarded(settings)
    described = {(module, privilege) for module, boxes in MEANINGS.items() for privilege in boxes}
    assert sorted(guarded - described) == [], "guards with no box in the table"
    assert sorted(described - guarded) == [], "boxes that no route asks for"


def test_reports_audit_log_and_sessions_are_rows_of_their_own(settings: Any) -> None:
    guarded = _guarded(settings)
    assert (Module.REPORTS, Privilege.VIEW) in guarded
    assert (Module.AUDIT_LOG, Privilege.VIEW) in guarded
    assert {(Module.SESSIONS, Privilege.VIEW), (Module.SESSIONS, Privilege.DELETE)} <= guarded
    assert (Module.PAYMENTS, Privilege.EDIT) not in guarded  # voiding moved to its own box
    assert MEANINGS[Module.PAYMENTS][Privilege.DELETE] == "void invoices"


async def test_the_api_serves_the_table_in_the_grids_order(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    response = await client.get("/api/role/privileges", headers=admin)
    assert response.status_code == 200, response.text
    rows = response.json()
    assert [row["module"] for row in rows] == [m.value for m in Module]
    payments = next(row for row in rows if row["module"] == "Payments")
    assert payments["boxes"] == [
        {"privilege": "add", "allows": "record payments and request refunds"},
        {"privilege": "view", "allows": "see invoices, payments and member ledgers"},
        {"privilege": "delete", "allows": "void invoices"},
        {
            "privilege": "updateStatus",
            "allows": "verify and reject payments, complete and cancel payouts, cancel a sale for default",
        },
    ]
    calendar = next(row for row in rows if row["module"] == "Calender")
    assert [box["privilege"] for box in calendar["boxes"]] == ["view"]


async def test_a_box_that_allows_nothing_is_never_stored(client: AsyncClient) -> None:
    admin = await admin_headers(client)
    every = {"add": True, "view": True, "edit": True, "delete": True, "updateStatus": True}
    body = {"name": "Everything asked", "permissions": [{"module": m.value, **every} for m in Module]}
    created = await client.post("/api/role/create", json=body, headers=admin)
    assert created.status_code == 201, created.text
    stored = {p["module"]: p for p in created.json()["permissions"]}
    for module in Module:
        for privilege in Privilege:
            assert stored[module.value][privilege.value] is offered(module, privilege), (module, privilege)
    assert stored["Payments"]["edit"] is False and stored["Payments"]["delete"] is True
    assert stored["Calender"] == {"module": "Calender", **dict.fromkeys(every, False), "view": True}
