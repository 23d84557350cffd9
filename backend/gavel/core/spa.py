"""Serve the built SPA: real files as they are, any other path as index.html (client-side routes).

The build writes a gzip copy next to each script and style sheet (`x.js.gz`, frontend/vite.config.ts):
`/assets` answers it, with `Content-Encoding: gzip`, to a client that accepts gzip, and the file itself to one
that does not; both with `Vary: Accept-Encoding`. Nothing is compressed per request (issue 16).
Dot-files and dot-folders of the build (`.vite/manifest.json`) are not served.
"""

import mimetypes
import stat
from pathlib import Path

import anyio
from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

NOT_BUILT = """<!doctype html><html><head><meta charset="utf-8"><title>Gavel</title></head>
<body><h1>Gavel</h1><p>The web interface has not been built. Run <code>make run</code>, which builds it.</p>
</body></html>"""

NOT_FOUND = b'{"message":"Not found.","errors":[]}'


def _hidden(path: str) -> bool:
    """A path with a segment that starts with a dot: `.vite/manifest.json`, `assets/.x`, `..`."""
    return any(part.startswith(".") for part in path.replace("\\", "/").split("/"))


def accepts_gzip(headers: Headers) -> bool:
    """Whether Accept-Encoding allows gzip (`gzip`, `gzip;q=0.5`, `*`), not refused with `q=0`."""
    allowed: dict[str, bool] = {}
    for item in headers.get("accept-encoding", "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        allowed[name] = quality > 0
    if "gzip" in allowed:
        return allowed["gzip"]
    return allowed.get("*", False)


class PrecompressedStaticFiles(StaticFiles):
    """StaticFiles that answers the build's `.gz` copy of a file to a client accepting gzip."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if _hidden(path):
            return PlainTextResponse("Not Found", status_code=404)
        response = await super().get_response(path, scope)
        if not isinstance(response, FileResponse | NotModifiedResponse):
            return response
        gz_path, gz_stat = await anyio.to_thread.run_sync(self.lookup_path, path + ".gz")
        if gz_stat is None or not stat.S_ISREG(gz_stat.st_mode):
            return response
        response.headers["vary"] = "Accept-Encoding"
        request_headers = Headers(scope=scope)
        if not accepts_gzip(request_headers):
            return response
        compressed = FileResponse(
            gz_path,
            stat_result=gz_stat,
            media_type=response.headers.get("content-type") or mimetypes.guess_type(path)[0] or "text/plain",
            headers={"content-encoding": "gzip", "vary": "Accept-Encoding"},
        )
        if self.is_not_modified(compressed.headers, request_headers):
            return NotModifiedResponse(compressed.headers)
        return compressed


def mount_spa(app: FastAPI, spa_dir: Path) -> None:
    assets = spa_dir / "assets"
    if assets.is_dir():
        app.mount("/assets", PrecompressedStaticFiles(directory=assets), name="spa-assets")

    @app.api_route(
        "/{full_path:path}",
        methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        include_in_schema=False,
    )
    def spa(full_path: str, request: Request) -> Response:  # sync: it touches the file system
        if (
            full_path.startswith("api/")
            or full_path == "api"
            or request.method not in ("GET", "HEAD")
            or _hidden(full_path)
        ):
            return Response(content=NOT_FOUND, status_code=404, media_type="application/json")
        candidate = (spa_dir / full_path).resolve()
        if full_path and candidate.is_file() and candidate.is_relative_to(spa_dir.resolve()):
            return FileResponse(candidate)
        index = spa_dir / "index.html"
        if not index.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        return FileResponse(index, headers={"cache-control": "no-cache"})
