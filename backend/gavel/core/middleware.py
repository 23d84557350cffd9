"""Request id, language, access log and security headers on every response.

The Content-Security-Policy is strict for scripts everywhere: only the app's own files run, never an inline
script nor eval. Styles may be inline ('unsafe-inline' in style-src) because Ant Design writes its CSS-in-JS
styles at run time. The API docs (Swagger UI, served offline) start themselves with an inline script: their
pages get a policy allowing exactly those scripts by their SHA-256 hash, computed from the page being sent.
No CORS middleware is installed: the SPA is served from the API's own origin, and a cross-origin request gets
no Access-Control-Allow-Origin (tests/security/test_headers.py).
"""

import base64
import hashlib
import json
import logging
import re
import time
import uuid

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gavel.i18n import language_from_header, reset_language, set_language, translate
from gavel.i18n.language import Language

log = logging.getLogger("gavel.access")

APP_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
# Swagger UI starts itself with an inline script; its assets are served locally. {scripts} is replaced by the
# hashes of the inline scripts of the page actually sent (docs_csp).
DOCS_CSP = (
    "default-src 'self'; script-src 'self'{scripts}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
DOCS_PREFIX = "/api/docs"
_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)


# An uploaded file is served as /public/{folder}/{uuid}-{the name it was uploaded with}: that name may be a
# person's ("emirates-id-784-...jpg"), so the access log keeps the folder and the uuid only.
_UPLOADED_NAME = re.compile(r"^(/public/(?:[^/]+/)+[0-9a-f]{32})-[^/]*$")


# An unsubscribe link's token lets its holder withdraw that member's consent: the log keeps the route only.
_UNSUBSCRIBE_TOKEN = re.compile(r"^/unsubscribe/[^/]+$")


def logged_path(path: str) -> str:
    """The path as the access log writes it (the query string is never logged)."""
    return _UNSUBSCRIBE_TOKEN.sub("/unsubscribe/(token)", _UPLOADED_NAME.sub(r"\1-(name)", path))


def docs_csp(html: bytes) -> str:
    """The docs' policy, allowing the page's own inline scripts by hash (and nothing else inline)."""
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(html)
    ]
    return DOCS_CSP.format(scripts="".join(f" {h}" for h in hashes))


NUL_IN_PATH = "Not found: an address cannot contain a NUL character (%00)."

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def translated_envelope(body: bytes) -> bytes:
    """An error envelope's sentences in the request's language. The error handlers translate theirs already;
    this catches the envelopes written elsewhere (the SPA's 404 of an unknown /api address, the database's
    503 and 500): a sentence already in Arabic, or unknown, is left as it is."""
    try:
        data = json.loads(body)
    except ValueError:
        return body
    if not isinstance(data, dict) or not isinstance(data.get("message"), str):
        return body
    changed = dict(data)
    changed["message"] = translate(data["message"])
    errors = data.get("errors")
    if isinstance(errors, list):
        changed["errors"] = [
            {**e, "message": translate(e["message"])}
            if isinstance(e, dict) and isinstance(e.get("message"), str)
            else e
            for e in errors
        ]
    if changed == data:
        return body
    return json.dumps(changed, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def _is_json(message: Message) -> bool:
    for name, value in message.get("headers", []):
        if name.lower() == b"content-type":
            return bool(value.split(b";", 1)[0].strip().lower() == b"application/json")
    return False


class RequestContextMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        incoming = headers.get(b"x-request-id", b"").decode("latin-1")
        request_id = incoming if 8 <= len(incoming) <= 64 and incoming.isascii() else uuid.uuid4().hex
        # The staff user's language (Accept-Language): the handlers and the error handlers inside read it from
        # the context; the state keeps it for the handler of unexpected errors, which runs outside this step.
        language = language_from_header(headers.get(b"accept-language", b"").decode("latin-1"))
        state = scope.setdefault("state", {})
        state["request_id"] = request_id
        state["language"] = language
        language_token = set_language(language)
        path: str = scope.get("path", "")
        docs = path == DOCS_PREFIX or path.startswith(DOCS_PREFIX + "/")
        started = time.perf_counter()
        status = 500
        # The docs' pages are small: their start waits for the whole body (the CSP hashes its inline scripts).
        # So does an error envelope answered in Arabic, to have its sentences translated.
        held: Message | None = None
        body: list[bytes] = []
        arabic = language is Language.AR

        def with_headers(message: Message, csp: str) -> Message:
            headers = list(message.get("headers", []))
            headers.append((b"x-request-id", request_id.encode()))
            headers.append((b"content-security-policy", csp.encode()))
            headers.extend(SECURITY_HEADERS)
            if path.startswith("/api/"):
                headers.append((b"cache-control", b"no-store"))
            return {**message, "headers": headers}

        async def send_with_headers(message: Message) -> None:
            nonlocal status, held
            if message["type"] == "http.response.start":
                status = message["status"]
                if docs or (arabic and status >= 400 and _is_json(message)):
                    held = message
                    return
                await send(with_headers(message, APP_CSP))
                return
            if held is not None and message["type"] == "http.response.body":
                body.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                whole = b"".join(body)
                if docs:
                    start = with_headers(held, docs_csp(whole))
                elif (translated := translated_envelope(whole)) is not whole:
                    whole = translated
                    length = (b"content-length", str(len(whole)).encode())
                    kept = [(k, v) for k, v in held.get("headers", []) if k.lower() != b"content-length"]
                    start = with_headers({**held, "headers": [*kept, length]}, APP_CSP)
                else:  # nothing to translate (or a HEAD request's empty body): the start as it was
                    start = with_headers(held, APP_CSP)
                held = None
                await send(start)
                await send({"type": "http.response.body", "body": whole, "more_body": False})
                return
            await send(message)

        try:
            if "\x00" in path:
                # No record's id holds one, and PostgreSQL refuses it in text with an error: answered here.
                refused = JSONResponse({"message": NUL_IN_PATH, "errors": []}, status_code=404)
                await refused(scope, receive, send_with_headers)
                return
            await self.app(scope, receive, send_with_headers)
        finally:
            reset_language(language_token)
            log.info(
                "request",
                extra={
                    "request_id": request_id,
                    "method": scope.get("method"),
                    "path": logged_path(path),
                    "status": status,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                },
            )
