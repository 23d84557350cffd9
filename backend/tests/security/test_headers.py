"""Issue 16, security checks: the security headers on API, SPA and docs responses; cookies (the API sets none:
the session is a Bearer token); CORS closed (no Access-Control-Allow-Origin for another origin, preflight or
not).
"""

from pathlib import Path
from typing import Any

import pytest
from httpx import ASGITransport, AsyncClient, Response
from starlette.middleware.cors import CORSMiddleware

from gavel.core.middleware import APP_CSP, docs_csp
from gavel.main import create_app
from tests.conftest import ADMIN_EMAIL, ADMIN_PASSWORD

EVIL = "https://evil.example"


def directives(header: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in header.split(";"):
        name, *sources = part.split()
        parsed[name.lower()] = sources
    return parsed


def assert_security_headers(response: Response, *, api: bool) -> None:
    h = response.headers
    assert len(h["x-request-id"]) >= 8
    assert h["x-content-type-options"] == "nosniff"
    assert h["referrer-policy"] == "strict-origin-when-cross-origin"
    assert h["x-frame-options"] == "DENY"
    assert h["permissions-policy"] == "camera=(), microphone=(), geolocation=()"
    assert h["cross-origin-opener-policy"] == "same-origin"
    csp = directives(h["content-security-policy"])
    assert "'unsafe-eval'" not in h["content-security-policy"]
    assert "'unsafe-inline'" not in csp["script-src"]
    assert csp["script-src"][0] == "'self'"
    assert csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"]
    assert "access-control-allow-origin" not in h
    if api:
        assert h["cache-control"] == "no-store"


def assert_cookies_safe(response: Response, https: bool) -> None:
    """Every cookie the response sets is HttpOnly, SameSite Lax or Strict, and Secure over https."""
    for cookie in response.headers.get_list("set-cookie"):
        attributes = {part.strip().split("=")[0].lower(): part.strip() for part in cookie.split(";")[1:]}
        assert "httponly" in attributes, cookie
        assert attributes.get("samesite", "").lower() in ("samesite=lax", "samesite=strict"), cookie
        if https:
            assert "secure" in attributes, cookie


def test_the_app_policy_is_strict_for_scripts() -> None:
    csp = directives(APP_CSP)
    assert csp["script-src"] == ["'self'"]
    # Ant Design writes its styles at run time: inline styles only, never inline scripts.
    assert csp["style-src"] == ["'self'", "'unsafe-inline'"]
    assert "unsafe-eval" not in APP_CSP


def test_the_docs_policy_allows_their_inline_scripts_by_hash_only() -> None:
    csp = directives(docs_csp(b"<script src='/a.js'></script><script>run()</script>"))
    # sha256 of "run()", base64
    assert csp["script-src"] == ["'self'", "'sha256-AvyuiL0SD1mVY3NNxR+V2uo+lhk6RMFrytWmRt6CrJQ='"]
    assert directives(docs_csp(b"<p>no script</p>"))["script-src"] == ["'self'"]


async def test_api_responses_carry_the_security_headers(client: AsyncClient) -> None:
    for response in (
        await client.get("/api/health"),
        await client.get("/api/auth/me"),  # 401
        await client.post("/api/auth/login", json={}),  # 422
        await client.get("/api/no-such-thing"),  # 404
    ):
        assert_security_headers(response, api=True)


async def test_the_api_docs_allow_only_their_own_inline_scripts(client: AsyncClient) -> None:
    for path in ("/api/docs", "/api/docs/oauth2-redirect"):
        response = await client.get(path)
        assert response.status_code == 200
        assert_security_headers(response, api=True)
        assert "'sha256-" in directives(response.headers["content-security-policy"])["script-src"][1]
        assert response.headers["content-security-policy"] == docs_csp(response.content)


async def test_spa_responses_carry_the_security_headers(settings: Any, tmp_path: Path) -> None:
    spa = tmp_path / "spa"
    (spa / "assets").mkdir(parents=True)
    (spa / "index.html").write_text(
        '<!doctype html><title>Gavel</title><script src="/assets/app.js"></script>'
    )
    (spa / "assets" / "app.js").write_text("console.log(1)")
    app = create_app(settings.model_copy(update={"spa_dir": spa}))
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://t") as c:
        for path in ("/", "/dashboard", "/members/abc", "/assets/app.js"):
            response = await c.get(path, headers={"origin": EVIL})
            assert response.status_code == 200
            assert_security_headers(response, api=False)
            assert response.headers["content-security-policy"] == APP_CSP


@pytest.mark.parametrize("base_url", ["http://testserver", "https://testserver"])
async def test_sign_in_and_out_set_no_cookie_or_only_safe_ones(app: Any, base_url: str) -> None:
    """The session is a Bearer token in the Authorization header: the API sets no cookie (the SPA keeps the
    token itself, SameSite=Lax and Secure over https: frontend/src/lib/cookies.ts)."""
    transport = ASGITransport(app=app, raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url=base_url) as c:
        failed = await c.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": "wrong-password-1"})
        assert failed.status_code in (400, 401)
        login = await c.post("/api/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
        assert login.status_code == 200, login.text
        headers = {"Authorization": f"Bearer {login.json()['token']}"}
        me = await c.get("/api/auth/me", headers=headers)
        config = await c.get("/api/app-config")
        logout = await c.post("/api/auth/logout", headers=headers)
        for response in (failed, login, me, config, logout):
            assert_cookies_safe(response, https=base_url.startswith("https"))
            assert response.headers.get_list("set-cookie") == []
        assert not c.cookies


def test_no_cors_middleware_is_installed(app: Any) -> None:
    assert not [m for m in app.user_middleware if m.cls is CORSMiddleware]


async def test_a_cross_origin_request_gets_no_access_control_allow_origin(client: AsyncClient) -> None:
    for response in (
        await client.get("/api/health", headers={"origin": EVIL}),
        await client.get("/api/app-config", headers={"origin": EVIL}),
        await client.post(
            "/api/auth/login", json={"email": ADMIN_EMAIL, "password": "x" * 9}, headers={"origin": EVIL}
        ),
    ):
        assert "access-control-allow-origin" not in response.headers
        assert "access-control-allow-credentials" not in response.headers


async def test_a_cors_preflight_is_not_granted(client: AsyncClient) -> None:
    for path, method in (("/api/auth/login", "POST"), ("/api/members/get", "POST"), ("/api/health", "GET")):
        response = await client.options(
            path,
            headers={
                "origin": EVIL,
                "access-control-request-method": method,
                "access-control-request-headers": "authorization, content-type",
            },
        )
        assert response.status_code in (404, 405), (path, response.status_code)
        assert not [k for k in response.headers if k.lower().startswith("access-control-")], response.headers
        assert_security_headers(response, api=True)
