"""A NUL character (%00) in a path's id or a query's value: PostgreSQL refuses it in text with an error, so it
must never reach a query. Every route with a path parameter is called with one in each parameter (an id no
record has), and a list route with one in its search: a sentence and a 4xx, never a 500."""

from typing import Any

from fastapi.routing import iter_route_contexts
from httpx import AsyncClient

from tests.factories import admin_headers


def _routes_with_ids(app: Any) -> list[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for route in iter_route_contexts(app.routes):
        path = str(route.path)
        if not path.startswith("/api/") or "{" not in path or not route.methods:
            continue
        found |= {(m, path) for m in route.methods if m != "HEAD"}
    return sorted(found)


def _with_nul(template: str) -> str:
    parts = template.split("/")
    return "/".join("a%00b" if part.startswith("{") and part.endswith("}") else part for part in parts)


async def test_a_nul_in_any_path_id_is_a_404_with_a_sentence(app: Any, client: AsyncClient) -> None:
    headers = await admin_headers(client)
    routes = _routes_with_ids(app)
    assert ("GET", "/api/members/{id}") in routes
    answered: dict[str, int] = {}
    for method, template in routes:
        body = {} if method in ("POST", "PUT", "PATCH") else None
        response = await client.request(method, _with_nul(template), json=body, headers=headers)
        answered[f"{method} {template}"] = response.status_code
        assert response.status_code < 500, (method, template, response.text)
        assert response.json().get("message"), (method, template, response.text)
    assert answered["GET /api/members/{id}"] == 404
    assert set(answered.values()) == {404}, answered


async def test_a_nul_in_a_screens_address_is_a_404_too(client: AsyncClient) -> None:
    response = await client.get("/members/a%00b")
    assert response.status_code == 404
    assert response.json()["message"] == "Not found: an address cannot contain a NUL character (%00)."


async def test_a_nul_in_a_search_is_refused_with_a_sentence(client: AsyncClient) -> None:
    headers = await admin_headers(client)
    response = await client.get("/api/audit-events", params={"search": "a\x00b"}, headers=headers)
    assert response.status_code == 422, response.text
    assert "NUL" in response.json()["message"]
