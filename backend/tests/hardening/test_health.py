"""GET /api/health names the part that is down: 503 when the database does not answer, 'degraded' (200)
when the file store cannot take files."""

import errno
import socket
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

from gavel.config import Settings
from gavel.core.database_errors import UNAVAILABLE
from gavel.db import make_engine, make_sessionmaker
from gavel.system import health as health_module
from gavel.uploads.service import DISK_FULL, NOT_WRITABLE


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_every_part_answers(client: AsyncClient) -> None:
    response = await client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": {"status": "ok", "message": None},
        "fileStore": {"status": "ok", "message": None},
    }


async def test_a_database_that_does_not_answer_is_a_503_naming_it(
    client: AsyncClient, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(f"postgresql+psycopg://postgres@127.0.0.1:{_closed_port()}/gavel")
    monkeypatch.setattr(app.state, "sessionmaker", make_sessionmaker(engine))
    try:
        response = await client.get("/api/health")
    finally:
        await engine.dispose()
    assert response.status_code == 503
    assert response.headers["retry-after"] == "5"
    body = response.json()
    assert body["status"] == "down" and body["message"] == UNAVAILABLE and body["errors"] == []
    assert body["requestId"] == response.headers["x-request-id"]
    assert body["database"] == {"status": "down", "message": "The database is not answering."}
    assert body["fileStore"] == {"status": "ok", "message": None}


@pytest.mark.parametrize(
    ("code", "message"),
    [(errno.ENOSPC, DISK_FULL), (errno.EROFS, NOT_WRITABLE), (errno.EACCES, NOT_WRITABLE)],
)
async def test_a_file_store_that_cannot_take_files_is_degraded(
    client: AsyncClient, monkeypatch: pytest.MonkeyPatch, code: int, message: str
) -> None:
    def refuse(public_dir: Path) -> None:
        raise OSError(code, "injected")

    monkeypatch.setattr(health_module, "_probe_file_store", refuse)
    response = await client.get("/api/health")
    assert response.status_code == 200, "the rest of the app works: a load balancer keeps it"
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"] == {"status": "ok", "message": None}
    assert body["fileStore"] == {"status": "down", "message": message}


async def test_a_file_store_folder_that_cannot_exist_is_down(
    client: AsyncClient, settings: Settings, tmp_path: Path
) -> None:
    """Not injected: the data folder is a file, so no folder can be made in it (this also stops root)."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    settings.data_dir = blocker / "data"
    body = (await client.get("/api/health")).json()
    assert body["fileStore"] == {"status": "down", "message": "The file store cannot take files."}


async def test_the_probe_leaves_no_file_behind(client: AsyncClient, settings: Settings) -> None:
    assert (await client.get("/api/health")).status_code == 200
    public = settings.data_dir / "public"
    assert not [p for p in public.iterdir() if p.name.startswith(".health-")]
