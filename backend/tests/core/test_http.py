"""Error envelope, request id, security headers, health, the SPA and the offline API docs."""

from pathlib import Path
from typing import Any

from httpx import ASGITransport, AsyncClient

from gavel.main import create_app


async def test_health(client: AsyncClient) -> None:
    response = await client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {  # the parts: tests/hardening/test_health.py
        "status": "ok",
        "database": {"status": "ok", "message": None},
        "fileStore": {"status": "ok", "message": None},
    }


async def test_every_response_has_a_request_id_and_security_headers(client: AsyncClient) -> None:
    for response in (await client.get("/api/health"), await client.post("/api/auth/login", json={})):
        assert len(response.headers["x-request-id"]) >= 8
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert response.headers["x-frame-options"] == "DENY"


async def test_a_given_request_id_is_kept(client: AsyncClient) -> None:
    response = await client.get("/api/health", headers={"x-request-id": "abc123def456"})
    assert response.headers["x-request-id"] == "abc123def456"


async def test_unknown_api_path_answers_404_envelope(client: AsyncClient) -> None:
    for method in ("GET", "POST", "DELETE"):
        response = await client.request(method, "/api/no-such-thing")
        assert response.status_code == 404
        assert response.json() == {"message": "Not found.", "errors": []}


async def test_unexpected_error_answers_internal_error_without_a_trace(app: Any) -> None:
    @app.get("/api/test-boom")
    async def boom() -> None:
        raise RuntimeError("secret detail")

    app.router.routes.insert(0, app.router.routes.pop())
    try:
        async with AsyncClient(
            transport=ASGITransport(app=app, raise_app_exceptions=False), base_url="http://t"
        ) as c:
            response = await c.get("/api/test-boom")
    finally:  # the app is shared by the whole run: the route goes with the test
        app.router.routes.pop(0)
        app.openapi_schema = None
    assert response.status_code == 500
    body = response.json()
    assert body["message"] == "Internal error"
    assert body["requestId"]
    assert "secret" not in response.text and "Traceback" not in response.text


async def test_api_docs_work_offline(client: AsyncClient) -> None:
    page = await client.get("/api/docs")
    assert page.status_code == 200
    assert "/api/docs-assets/swagger-ui-bundle.js" in page.text
    assert "cdn" not in page.text.lower()
    asset = await client.get("/api/docs-assets/swagger-ui-bundle.js")
    assert asset.status_code == 200
    assert (await client.get("/api/openapi.json")).json()["info"]["title"] == "Gavel API"


async def test_spa_serves_index_for_client_routes_and_files_as_they_are(
    settings: Any, tmp_path: Path
) -> None:
    spa = tmp_path / "spa"
    (spa / "assets").mkdir(parents=True)
    (spa / "index.html").write_text("<!doctype html><title>Gavel</title>")
    (spa / "assets" / "app.js").write_text("console.log(1)")
    (spa / "favicon.svg").write_text("<svg/>")
    app = create_app(settings.model_copy(update={"spa_dir": spa}))
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://t") as c:
        for path in ("/", "/dashboard", "/reset-password"):
            response = await c.get(path)
            assert response.status_code == 200
            assert "<title>Gavel</title>" in response.text
        assert (await c.get("/assets/app.js")).text == "console.log(1)"
        assert (await c.get("/favicon.svg")).text == "<svg/>"
        assert (await c.get("/../../etc/passwd")).status_code in (200, 404)
        assert "root:" not in (await c.get("/..%2f..%2fetc/passwd")).text


async def test_spa_not_built_says_how_to_build_it(client: AsyncClient) -> None:
    response = await client.get("/dashboard")
    assert response.status_code == 503
    assert "make run" in response.text


async def test_app_config_gives_the_durations(client: AsyncClient) -> None:
    body = (await client.get("/api/app-config")).json()
    assert body == {
        "inactivitySeconds": 1800,
        "warningSeconds": 300,
        "sessionIdleSeconds": 1800,
        "secureCookies": False,
    }
