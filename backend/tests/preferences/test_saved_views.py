"""Saved views: mine and everyone's shared ones, mine first then by name; only the owner changes one; one name
per owner and list in any case; at most 50 per owner and list; every refusal a sentence."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.preferences.models import SavedView, UserPreference
from gavel.preferences.service import MAX_VIEWS
from gavel.users.models import User
from tests.factories import admin_headers
from tests.preferences.helpers import field_error, save_view, signed_in, view_body

FULL: dict[str, Any] = {
    "shared": True,
    "search": "  overdue  ",
    "sortBy": "amountDue",
    "sortOrder": "desc",
    "filters": {"status": "unpaid", "older_than_days": "30"},
    "columns": [{"key": "number", "visible": True}, {"key": "amountDue", "visible": True}],
}


async def _names(client: AsyncClient, headers: dict[str, str], list_key: str = "invoices") -> list[str]:
    response = await client.get("/api/saved-views", params={"list": list_key}, headers=headers)
    assert response.status_code == 200, response.text
    return [view["name"] for view in response.json()["items"]]


async def test_a_view_keeps_what_was_saved(client: AsyncClient, db: async_sessionmaker[AsyncSession]) -> None:
    aisha = await signed_in(client, db, "aisha@example.com", "Aisha Khan")
    view = await save_view(client, aisha, "  Unpaid over 30 days ", **FULL)
    assert set(view) == {
        "_id", "list", "name", "shared", "mine", "ownerName", "search", "sortBy", "sortOrder", "filters",
        "columns", "createdAt", "updatedAt",
    }  # fmt: skip
    assert view["list"] == "invoices"
    assert view["name"] == "Unpaid over 30 days"
    assert view["mine"] is True and view["ownerName"] == "Aisha Khan"
    assert view["search"] == "overdue"
    assert (view["shared"], view["sortBy"], view["sortOrder"]) == (True, "amountDue", "desc")
    assert view["filters"] == FULL["filters"] and view["columns"] == FULL["columns"]
    listed = (await client.get("/api/saved-views?list=invoices", headers=aisha)).json()["items"]
    assert listed == [view]


async def test_the_defaults_of_a_bare_view(client: AsyncClient) -> None:
    headers = await admin_headers(client)
    response = await client.post(
        "/api/saved-views", json={"list": "members-review", "name": "Mine"}, headers=headers
    )
    assert response.status_code == 201
    view = response.json()
    assert (view["shared"], view["search"], view["sortBy"], view["sortOrder"]) == (False, "", None, None)
    assert (view["filters"], view["columns"]) == ({}, None)


async def test_mine_first_then_shared_by_name_and_never_anothers_private_view(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    aisha = await signed_in(client, db, "aisha@example.com", "Aisha Khan")
    omar = await signed_in(client, db, "omar@example.com", "Omar Saeed")
    await save_view(client, omar, "apple shared", shared=True)
    await save_view(client, omar, "Omar's secret")
    await save_view(client, omar, "Zebra shared", shared=True)
    await save_view(client, omar, "On another list", list_key="messages", shared=True)
    await save_view(client, aisha, "zulu")
    await save_view(client, aisha, "Beta", shared=True)
    await save_view(client, aisha, "alpha")

    assert await _names(client, aisha) == ["alpha", "Beta", "zulu", "apple shared", "Zebra shared"]
    assert await _names(client, omar) == ["apple shared", "Omar's secret", "Zebra shared", "Beta"]
    items = (await client.get("/api/saved-views?list=invoices", headers=aisha)).json()["items"]
    mine, theirs = (True, "Aisha Khan"), (False, "Omar Saeed")
    assert [(v["mine"], v["ownerName"]) for v in items] == [mine, mine, mine, theirs, theirs]
    assert await _names(client, aisha, "messages") == ["On another list"]
    assert await _names(client, aisha, "users") == []


@pytest.mark.parametrize("query", [{"list": "nope"}, {"list": ""}])
async def test_listing_an_unknown_list_is_404(client: AsyncClient, query: dict[str, str]) -> None:
    response = await client.get("/api/saved-views", params=query, headers=await admin_headers(client))
    assert response.status_code == 404
    assert response.json()["message"] == f"There is no list called '{query['list']}'."


async def test_listing_without_a_list_is_422(client: AsyncClient) -> None:
    response = await client.get("/api/saved-views", headers=await admin_headers(client))
    assert field_error(response) == (422, "list", "This field is required.")


async def test_one_name_per_owner_and_list_in_any_case(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    aisha = await signed_in(client, db, "aisha@example.com", "Aisha Khan")
    omar = await signed_in(client, db, "omar@example.com", "Omar Saeed")
    await save_view(client, aisha, "Unpaid")
    again = await client.post("/api/saved-views", json=view_body(" UNPAID "), headers=aisha)
    assert field_error(again) == (409, "name", "You already have a view called 'UNPAID' on this list.")
    assert again.json()["message"] == "You already have a view called 'UNPAID' on this list."
    await save_view(client, aisha, "Unpaid", list_key="inbound-payments")  # another list
    await save_view(client, omar, "unpaid")  # another owner
    assert await _names(client, aisha) == ["Unpaid"]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": ""}, "name", "Give the view a name."),
        ({"name": "   "}, "name", "Give the view a name."),
        ({"name": None}, "name", "Give the view a name."),
        ({"name": 5}, "name", "The view's name is text."),
        ({"name": "x" * 61}, "name", "A view's name is at most 60 characters."),
        ({"list": "nope"}, "list", "There is no list called 'nope'."),
        ({"search": "s" * 201}, "search", "The search is at most 200 characters."),
        ({"sortBy": "amount due"}, "sortBy", "Sort by a column's key: 1 to 60 letters, digits, '_' or '.'."),
        ({"sortBy": "a" * 61}, "sortBy", "Sort by a column's key: 1 to 60 letters, digits, '_' or '.'."),
        ({"sortOrder": "up"}, "sortOrder", "The sort order is asc or desc."),
        ({"sortOrder": {"by": "asc"}}, "sortOrder", "The sort order is asc or desc."),
        ({"sortOrder": ["asc"]}, "sortOrder", "The sort order is asc or desc."),
        ({"filters": ["status"]}, "filters", 'The filters are an object of {"filterKey": "value"}.'),
        (
            {"filters": {f"f{n}": "x" for n in range(21)}},
            "filters",
            "A view keeps at most 20 filters; 21 were sent.",
        ),
        (
            {"filters": {"older-than": "30"}},
            "filters",
            "The filter 'older-than' is not a filter's key: 1 to 40 letters, digits or '_'.",
        ),
        (
            {"filters": {"k" * 41: "30"}},
            "filters",
            f"The filter '{'k' * 41}' is not a filter's key: 1 to 40 letters, digits or '_'.",
        ),
        (
            {"filters": {"days": 30}},
            "filters",
            "The filter 'days' holds text (a number or a date is written as text).",
        ),
        ({"filters": {"days": "3" * 201}}, "filters", "The filter 'days' holds at most 200 characters."),
        ({"columns": [{"key": "a", "visible": False}]}, "columns", "Show at least one column."),
        (
            {"columns": [{"key": "a", "visible": True}, {"key": "a", "visible": True}]},
            "columns",
            "Column 'a' is listed twice.",
        ),
        ({"shared": "maybe"}, "shared", "Input should be a valid boolean, unable to interpret input"),
    ],
)
async def test_bad_views_are_refused_with_the_field(
    client: AsyncClient, fields: dict[str, Any], field: str, message: str
) -> None:
    headers = await admin_headers(client)
    body = view_body("A view") | fields
    response = await client.post("/api/saved-views", json=body, headers=headers)
    assert field_error(response) == (422, field, message)
    assert await _names(client, headers) == []


async def test_the_limits_themselves_are_accepted(client: AsyncClient) -> None:
    headers = await admin_headers(client)
    view = await save_view(
        client,
        headers,
        "n" * 60,
        search="s" * 200,
        sortBy="s" * 60,
        filters={f"{'k' * 38}{n:02d}": "v" * 200 for n in range(20)},
        columns=[{"key": f"c{n}", "visible": True} for n in range(40)],
    )
    assert len(view["name"]) == 60 and len(view["filters"]) == 20 and len(view["columns"]) == 40


async def test_the_owner_changes_and_deletes_a_view(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    aisha = await signed_in(client, db, "aisha@example.com", "Aisha Khan")
    view = await save_view(client, aisha, "Unpaid")
    await save_view(client, aisha, "Paid")
    change = {k: v for k, v in view_body("Unpaid, largest first", **FULL).items() if k != "list"}
    changed = await client.put(f"/api/saved-views/{view['_id']}", json=change, headers=aisha)
    assert changed.status_code == 200
    body = changed.json()
    assert (body["_id"], body["list"], body["name"], body["createdAt"]) == (
        view["_id"], "invoices", "Unpaid, largest first", view["createdAt"],
    )  # fmt: skip
    assert body["updatedAt"] >= view["updatedAt"]
    assert (body["shared"], body["filters"], body["columns"]) == (True, FULL["filters"], FULL["columns"])

    # The same name in another case is still this view's own; another of her views' name is not.
    recased = await client.put(
        f"/api/saved-views/{view['_id']}", json=change | {"name": "UNPAID, LARGEST FIRST"}, headers=aisha
    )
    assert recased.status_code == 200
    taken = await client.put(f"/api/saved-views/{view['_id']}", json=change | {"name": "paid"}, headers=aisha)
    assert field_error(taken) == (409, "name", "You already have a view called 'paid' on this list.")
    invalid = await client.put(
        f"/api/saved-views/{view['_id']}", json=change | {"sortOrder": "sideways"}, headers=aisha
    )
    assert field_error(invalid) == (422, "sortOrder", "The sort order is asc or desc.")
    assert await _names(client, aisha) == ["Paid", "UNPAID, LARGEST FIRST"]

    deleted = await client.delete(f"/api/saved-views/{view['_id']}", headers=aisha)
    assert deleted.status_code == 200
    assert deleted.json() == {"message": "The view 'UNPAID, LARGEST FIRST' was deleted."}
    assert await _names(client, aisha) == ["Paid"]
    gone = await client.delete(f"/api/saved-views/{view['_id']}", headers=aisha)
    assert gone.status_code == 404
    assert (
        gone.json()["message"]
        == "This saved view was not found. It may have been deleted: reload the list of views."
    )
    missing = await client.put(f"/api/saved-views/{view['_id']}", json=change, headers=aisha)
    assert missing.status_code == 404


async def test_only_the_owner_changes_a_view(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    aisha = await signed_in(client, db, "aisha@example.com", "Aisha Khan")
    omar = await signed_in(client, db, "omar@example.com", "Omar Saeed")
    shared = await save_view(client, aisha, "Shared", shared=True)
    private = await save_view(client, aisha, "Private")
    change = {"name": "Omar was here", "shared": True}

    for method in ("PUT", "DELETE"):
        response = await client.request(
            method,
            f"/api/saved-views/{shared['_id']}",
            json=change if method == "PUT" else None,
            headers=omar,
        )
        assert response.status_code == 403
        assert response.json()["message"] == "Only Aisha Khan, who saved this view, can change it."
    for method in ("PUT", "DELETE"):
        response = await client.request(
            method,
            f"/api/saved-views/{private['_id']}",
            json=change if method == "PUT" else None,
            headers=omar,
        )
        assert response.status_code == 404  # another's private view: as if it did not exist
        assert "Aisha" not in response.text
    assert await _names(client, aisha) == ["Private", "Shared"]
    (seen,) = (await client.get("/api/saved-views?list=invoices", headers=omar)).json()["items"]
    assert seen == shared | {"mine": False}


async def test_fifty_views_per_list_at_most(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    headers = await admin_headers(client)
    async with db() as session:
        admin_id = await session.scalar(select(User.id).where(User.email == "admin@example.com"))
        assert admin_id is not None
        session.add_all(
            SavedView(owner_id=admin_id, list_key="invoices", name=f"View {n}") for n in range(MAX_VIEWS - 1)
        )
        await session.commit()
    await save_view(client, headers, "The fiftieth")
    refused = await client.post("/api/saved-views", json=view_body("The fifty-first"), headers=headers)
    assert refused.status_code == 409
    assert refused.json()["message"] == "You have 50 views on this list; delete one to save another."
    await save_view(client, headers, "On another list", list_key="messages")
    # Deleting one makes room again.
    first = (await client.get("/api/saved-views?list=invoices", headers=headers)).json()["items"][0]
    assert (await client.delete(f"/api/saved-views/{first['_id']}", headers=headers)).status_code == 200
    await save_view(client, headers, "The fifty-first")
    async with db() as session:
        count = select(func.count()).where(SavedView.owner_id == admin_id, SavedView.list_key == "invoices")
        assert await session.scalar(count) == MAX_VIEWS


async def test_saving_a_view_leaves_the_density_as_it_was(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    headers = await admin_headers(client)
    await client.put("/api/me/preferences/density", json={"density": "compact"}, headers=headers)
    await save_view(client, headers, "Compact still")
    assert (await client.get("/api/me/preferences", headers=headers)).json()["density"] == "compact"
    async with db() as session:
        await session.execute(delete(UserPreference))
        await session.commit()
    await save_view(client, headers, "No row before")
    assert (await client.get("/api/me/preferences", headers=headers)).json()["density"] == "comfortable"


async def test_a_users_views_go_with_the_user(
    client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    aisha = await signed_in(client, db, "aisha@example.com", "Aisha Khan")
    await save_view(client, aisha, "Hers", shared=True)
    await client.put(
        "/api/me/lists/invoices/columns", json={"columns": [{"key": "a", "visible": True}]}, headers=aisha
    )
    async with db() as session:
        await session.execute(delete(User).where(User.email == "aisha@example.com"))
        await session.commit()
        assert await session.scalar(select(func.count()).select_from(SavedView)) == 0


@pytest.mark.parametrize("view_id", ["a%00b", "x" * 300, "0123456789ABCDEF0123456789ABCDEF", "none"])
async def test_an_id_that_names_no_view_is_404(client: AsyncClient, view_id: str) -> None:
    headers = await admin_headers(client)
    for method in ("PUT", "DELETE"):
        body = {"name": "Any"} if method == "PUT" else None
        response = await client.request(method, f"/api/saved-views/{view_id}", json=body, headers=headers)
        assert response.status_code == 404, response.text
        # A NUL character is refused for every address before routing (core/middleware.py).
        said = "Not found: an address cannot" if "%00" in view_id else "This saved view was not found."
        assert response.json()["message"].startswith(said)
