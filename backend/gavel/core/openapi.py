"""The OpenAPI document: every operation that takes the bearer token also declares its 401 answer."""

from collections.abc import Callable
from typing import Any

UNAUTHORIZED = {
    "description": "Not signed in, or the session ended or expired",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
}


def declare_unauthorized(app: Any) -> None:
    """Wraps app.openapi: the private routes' 401 comes from their guard (gavel.auth.deps.current_principal),
    which FastAPI cannot see as an answer; the bearer scheme it can (HTTPBearer)."""
    build: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            schema: dict[str, Any] = app.openapi_schema
            return schema
        schema = build()  # FastAPI keeps it as app.openapi_schema: changed in place, once
        for path_item in schema.get("paths", {}).values():
            for operation in path_item.values():
                if isinstance(operation, dict) and operation.get("security"):
                    operation.setdefault("responses", {}).setdefault("401", UNAUTHORIZED)
        return schema

    app.openapi = openapi
