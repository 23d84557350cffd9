"""Serve the built SPA: real files as they are, any other path as index.html (client-side routes)."""

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.staticfiles import StaticFiles

NOT_BUILT = """<!doctype html><html><head><meta charset="utf-8"><title>Gavel</title></head>
<body><h1>Gavel</h1><p>The web interface has not been built. Run <code>make run</code>, which builds it.</p>
</body></html>"""


def mount_spa(app: FastAPI, spa_dir: Path) -> None:
    assets = spa_dir / "assets"
    if assets.is_dir():
        app.mount("/assets", StaticFiles(directory=assets), name="spa-assets")

    @app.api_route(
        "/{full_path:path}",
        methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        include_in_schema=False,
    )
    def spa(full_path: str, request: Request) -> Response:  # sync: it touches the file system
        if full_path.startswith("api/") or full_path == "api" or request.method not in ("GET", "HEAD"):
            return Response(
                content=b'{"message":"Not found.","errors":[]}',
                status_code=404,
                media_type="application/json",
            )
        candidate = (spa_dir / full_path).resolve()
        if full_path and candidate.is_file() and candidate.is_relative_to(spa_dir.resolve()):
            return FileResponse(candidate)
        index = spa_dir / "index.html"
        if not index.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        return FileResponse(index, headers={"cache-control": "no-cache"})
