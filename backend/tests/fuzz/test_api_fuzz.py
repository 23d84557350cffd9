"""Schemathesis over every operation of the OpenAPI document, in process, on the test's rolled-back database.

Schemathesis generates the requests (valid ones and ones that break the schema on purpose); they are sent
through the suite's httpx client on the app, in the test's own event loop, so the app sees the same
rolled-back database as any other test. Three checks judge each answer: no server error (5xx), the body
matches the schema the operation declares for that status, and the status code is one the operation declares.

The budget is GAVEL_FUZZ_EXAMPLES cases per operation and generation mode (positive and negative); `make test`
uses the default (3, 774 cases), `make fuzz` a large one (bench/README.md, API fuzzing). Generation is
derandomized (a fixed seed per operation), so a run is repeatable, and nothing is shrunk.
"""

import contextlib
import os
import time
from collections import Counter
from typing import Any

import requests
import schemathesis
from httpx import ASGITransport, AsyncClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.main import create_app
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD
from tests.factories import STAFF_PASSWORD, bearer, make_staff

EXAMPLES = int(os.environ.get("GAVEL_FUZZ_EXAMPLES", "3"))
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]
# The auth calls run with a session of their own (a second staff user), so a logout or a password change ends
# that session and never the admin's, with which every other operation is called.
AUTH_PREFIX = "/api/auth/"
AUTH_EMAIL = "fuzz-auth@example.com"
# Sign-ins of the harness come from an address of their own: the fuzzed wrong passwords throttle 127.0.0.1.
HARNESS_CLIENT = ("10.0.0.7", 4000)


def _negatable(operation: Any) -> bool:
    """Whether a negative case exists: a body or a query/header/cookie parameter to break (a string path
    parameter cannot be made invalid in a URL, so Schemathesis rejects every draw for such operations)."""
    return bool(operation.body) or any(p.location != "path" for p in operation.iter_parameters())


def _settings(count: int) -> settings:
    return settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


def _positive_cases(operations: list[Any], count: int) -> list[tuple[Any, GenerationMode, Any]]:
    """`count` valid cases of each operation, drawn with a fixed seed and without shrinking. Each Hypothesis
    example draws one case of every operation: one run instead of one per operation, ten times cheaper."""
    strategies = [(op, op.as_strategy(generation_mode=GenerationMode.POSITIVE)) for op in operations]
    drawn: list[tuple[Any, GenerationMode, Any]] = []

    @_settings(count)
    @given(st.data())
    def draw(data: st.DataObject) -> None:
        drawn.extend((op, GenerationMode.POSITIVE, data.draw(strategy)) for op, strategy in strategies)

    draw()
    return drawn


def _negative_cases(operation: Any, count: int) -> list[tuple[Any, GenerationMode, Any]]:
    """`count` cases of one operation that break its schema. One run per operation: a negative draw is often
    rejected, which would throw away the draws of every other operation in a shared example."""
    drawn: list[tuple[Any, GenerationMode, Any]] = []

    @_settings(count)
    @given(operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
    def draw(case: Any) -> None:
        drawn.append((operation, GenerationMode.NEGATIVE, case))

    with contextlib.suppress(Unsatisfiable):  # Schemathesis found nothing it can break in this operation
        draw()
    return drawn


async def _sign_in(harness: AsyncClient, email: str, password: str) -> str:
    """A fresh session, ending the user's other one (logout-session)."""
    response = await harness.post(
        "/api/auth/logout-session", json={"email": email, "password": password, "rememberMe": False}
    )
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def _as_httpx(case: Any, headers: dict[str, str]) -> dict[str, Any]:
    """The request Schemathesis would send, as arguments of httpx: prepared by requests, so JSON, forms and
    multipart bodies are encoded exactly as Schemathesis encodes them."""
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    kwargs["headers"] = {**(kwargs.get("headers") or {}), **headers}
    kwargs.pop("timeout", None)
    kwargs.pop("verify", None)
    kwargs.pop("allow_redirects", None)
    prepared = requests.Request(**kwargs).prepare()
    body = prepared.body.encode() if isinstance(prepared.body, str) else prepared.body
    headers = dict(prepared.headers)
    return {"method": prepared.method, "url": prepared.url, "headers": headers, "content": body}


async def test_every_operation_answers_as_documented(
    app: Any, client: AsyncClient, db: async_sessionmaker[AsyncSession]
) -> None:
    # The document of a freshly built app: the shared test app may carry routes other tests added to it.
    schema = schemathesis.openapi.from_dict(create_app(app.state.settings).openapi())
    await make_staff(db, AUTH_EMAIL)
    transport = ASGITransport(app=app, raise_app_exceptions=False, client=HARNESS_CLIENT)
    async with AsyncClient(transport=transport, base_url="http://testserver") as harness:
        admin = await _sign_in(harness, ADMIN_EMAIL, ADMIN_PASSWORD)
        failures: list[str] = []
        sent: Counter[str] = Counter()
        started = time.monotonic()
        operations = [result.ok() for result in schema.get_all_operations()]
        cases = _positive_cases(operations, EXAMPLES)
        for operation in operations:
            if _negatable(operation):
                cases += _negative_cases(operation, EXAMPLES)
        generated = time.monotonic() - started
        # In the order of the document, so a failure's neighbours are the calls on the same module.
        order = {operation.label: index for index, operation in enumerate(operations)}
        cases.sort(key=lambda drawn: order[drawn[0].label])
        for operation, mode, case in cases:
            path = operation.path
            if path.startswith(AUTH_PREFIX):
                token = await _sign_in(harness, AUTH_EMAIL, STAFF_PASSWORD)
            else:
                token = admin
            request = _as_httpx(case, bearer(token))
            response = await client.request(**request)
            if response.status_code == 401 and not path.startswith(AUTH_PREFIX):
                # An earlier call may have ended the admin's session (e.g. PUT /staff-sessions/{id}/end
                # with the admin's session id): sign in again and send the case once more.
                me = await harness.get("/api/auth/me", headers=bearer(admin))
                if me.status_code == 401:
                    sent["admin signed in again"] += 1
                    admin = await _sign_in(harness, ADMIN_EMAIL, ADMIN_PASSWORD)
                    request = _as_httpx(case, bearer(admin))
                    response = await client.request(**request)
            sent[mode.value] += 1
            sent[f"{response.status_code // 100}xx"] += 1
            try:
                case.validate_response(response, checks=CHECKS)
            except FailureGroup as exc:  # the checks that failed, with a reproduction
                failures.append(f"{operation.label} ({mode.value}):\n{exc}")
        elapsed = time.monotonic() - started
    print(
        f"\nschemathesis {schemathesis.__version__}: {sent['positive'] + sent['negative']} cases "
        f"({dict(sent)}), {len(failures)} failures, {elapsed:.1f} s (generating {generated:.1f} s)"
    )
    assert not failures, f"{len(failures)} failing cases:\n\n" + "\n\n".join(failures)
