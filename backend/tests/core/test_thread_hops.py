"""No request hands work to a worker thread: FastAPI runs a plain-function dependency or endpoint through
`run_in_threadpool`, a thread hand-off (and a fight for the GIL) on every call (issue 16: the Python time of
a list request). Every dependency and endpoint of the API is a coroutine."""

from collections.abc import Callable
from typing import Any

import fastapi.dependencies.utils
import fastapi.routing
import pytest
from httpx import AsyncClient

from tests.factories import admin_headers

CALLS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/api/members/get", {"status": "approved"}),
    ("POST", "/api/vehicles/get", {"status": "approved"}),
    ("POST", "/api/users/get", {}),
    ("GET", "/api/dashboard/summary", None),
    ("GET", "/api/dashboard/charts/top-members", {"period": "month"}),
    ("GET", "/api/auth/me", None),
]


async def test_a_request_runs_nothing_in_a_worker_thread(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    headers = await admin_headers(client)
    handed: list[str] = []

    def watched(real: Callable[..., Any]) -> Callable[..., Any]:
        async def run_in_threadpool(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            handed.append(getattr(func, "__qualname__", repr(func)))
            return await real(func, *args, **kwargs)

        return run_in_threadpool

    for module in (fastapi.dependencies.utils, fastapi.routing):
        monkeypatch.setattr(module, "run_in_threadpool", watched(module.run_in_threadpool))
    for method, path, body in CALLS:
        if method == "POST":
            response = await client.post(path, json=body, headers=headers)
        else:
            response = await client.get(path, params=body, headers=headers)
        assert response.status_code == 200, (path, response.text)
    assert handed == []
