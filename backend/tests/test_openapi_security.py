"""The OpenAPI document declares the bearer token and the 401 of every private operation, and the API keeps
that promise: each one, called without a token, answers 401 in the envelope before it reads anything else."""

import re
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.main import create_app
from tests.test_route_guards import PUBLIC

Operations = list[tuple[str, str, dict[str, Any]]]


@pytest.fixture(scope="module")
def operations(base_settings: Any) -> Operations:
    """The operations of a freshly built app's document (the shared test app may carry routes tests added)."""
    document = create_app(base_settings).openapi()
    return [
        (method.upper(), path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict)
    ]


def test_every_private_operation_declares_the_bearer_token_and_its_401(operations: Operations) -> None:
    secured = [(m, p) for m, p, o in operations if o.get("security") == [{"bearer": []}]]
    assert {(m, p) for m, p, o in operations if not o.get("security")} <= PUBLIC
    assert len(secured) > 100
    for method, path, operation in operations:
        if operation.get("security"):
            assert "401" in operation["responses"], (method, path)


async def test_without_a_token_every_private_operation_answers_401(
    client: AsyncClient, operations: Operations
) -> None:
    for method, path, operation in operations:
        if not operation.get("security"):
            continue
        url = re.sub(r"\{[^}]+\}", "x", path)
        response = await client.request(method, url, json={} if method in ("POST", "PUT", "PATCH") else None)
        assert response.status_code == 401, (method, path, response.text)
        assert response.json()["message"] == "Please sign in to continue.", (method, path)
