"""What the API fuzzer found (issue 16), one test each: the exact status code and sentence."""

from typing import Any

import pytest
from httpx import AsyncClient

from tests.factories import admin_headers


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


async def test_a_json_body_that_is_not_utf8_answers_422_not_a_bare_400(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    response = await client.post(
        "/api/members/get", content=b"\x80{}", headers={**admin, "content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json() == {
        "message": "The request body is not valid JSON.",
        "errors": [{"field": "body", "message": "The request body is not valid JSON."}],
    }


async def test_json_that_does_not_parse_names_the_body_not_a_character_position(
    client: AsyncClient, admin: dict[str, str]
) -> None:
    response = await client.post(
        "/api/members/get", content=b"{not json", headers={**admin, "content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["errors"] == [{"field": "body", "message": "The request body is not valid JSON."}]


async def test_a_broken_multipart_upload_answers_422(client: AsyncClient, admin: dict[str, str]) -> None:
    boundary = "9c4661fde6511accdc8881e40abee76e"
    body = f"--{boundary}\r\n243--{boundary}--\r\n".encode()
    response = await client.post(
        "/api/uploads/members",
        content=body,
        headers={**admin, "content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert response.status_code == 422
    assert response.json()["message"] == "The upload is not a valid multipart form."


@pytest.mark.parametrize("fmt", [{}, [], 3])
async def test_an_export_format_that_is_not_text_answers_422(
    client: AsyncClient, admin: dict[str, str], fmt: Any
) -> None:
    response = await client.post(
        "/api/reports/vat/export",
        json={"dateFrom": "2026-01-01", "dateTo": "2026-01-31", "format": fmt},
        headers=admin,
    )
    assert response.status_code == 422
    assert response.json()["errors"] == [{"field": "format", "message": "Choose a file format: csv or xlsx."}]


@pytest.mark.parametrize(
    ("path", "method", "body", "where"),
    [
        ("/api/role/delete", "DELETE", {"roleIds": ["1\x00"]}, "roleIds.0"),
        ("/api/vehicles/export", "POST", {"search": "a\x00b"}, "search"),
        ("/api/alerts/messages/retry", "PUT", {"ids": ["x", "\x00"]}, "ids.1"),
        ("/api/locations/get", "POST", {"search": "\x00"}, "search"),
        ("/api/members/get", "POST", {"search\x00": "x"}, "the request"),
    ],
)
async def test_text_with_a_nul_character_answers_422_with_where_it_is(
    client: AsyncClient, admin: dict[str, str], path: str, method: str, body: Any, where: str
) -> None:
    """PostgreSQL refuses 0x00 in text: the request is refused before the database, on every engine."""
    response = await client.request(method, path, json=body, headers=admin)
    assert response.status_code == 422, response.text
    message = f"Remove the NUL character (\\0) from {where}: text cannot contain it."
    assert response.json() == {"message": message, "errors": [{"field": "body", "message": message}]}


@pytest.mark.parametrize("path", ["/api/vehicles/get", "/api/vehicles/export"])
async def test_a_year_filter_beyond_2100_answers_422(
    client: AsyncClient, admin: dict[str, str], path: str
) -> None:
    """PostgreSQL's integer ends at 2,147,483,647: a larger year was a 500 there."""
    response = await client.post(path, json={"yearFrom": 356166439585529216}, headers=admin)
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"field": "yearFrom", "message": "Input should be less than or equal to 2100"}
    ]
