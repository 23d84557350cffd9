"""Uploads on a full disk (507) or a file store that cannot be written (503): a sentence, nothing
half-written, no row pointing to a missing file. The faults are injected as the OSError the system would
raise (tests may run as root, whom a read-only folder does not stop)."""

import errno
import os
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncSession

import gavel.storage.local as local_store
import gavel.uploads.router as upload_router
from gavel.audit.models import AuditEvent
from gavel.config import Settings
from gavel.core.database_errors import UNAVAILABLE
from gavel.uploads.service import DISK_FULL, NOT_WRITABLE
from tests.factories import admin_headers
from tests.test_uploads import image_bytes


@pytest.fixture
async def admin(client: AsyncClient) -> dict[str, str]:
    return await admin_headers(client)


def _files(settings: Settings, folder: str) -> list[str]:
    root = settings.data_dir / "public" / folder
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []


async def _stored_rows(session: AsyncSession) -> int:
    query = select(func.count()).select_from(AuditEvent).where(AuditEvent.action == "upload.stored")
    return int(await session.scalar(query) or 0)


@pytest.mark.parametrize(
    ("code", "status", "message"),
    [
        (errno.ENOSPC, 507, DISK_FULL),
        (errno.EDQUOT, 507, DISK_FULL),
        (errno.EACCES, 503, NOT_WRITABLE),
        (errno.EPERM, 503, NOT_WRITABLE),
        (errno.EROFS, 503, NOT_WRITABLE),
    ],
)
async def test_a_write_that_fails_half_way_answers_with_a_sentence_and_leaves_nothing(
    client: AsyncClient,
    admin: dict[str, str],
    settings: Settings,
    session: AsyncSession,
    monkeypatch: pytest.MonkeyPatch,
    code: int,
    status: int,
    message: str,
) -> None:
    before, rows = _files(settings, "members"), await _stored_rows(session)

    def half_then_fail(path: Path, data: bytes) -> int:
        with path.open("wb") as handle:  # the disk takes half the file, then refuses
            handle.write(data[: len(data) // 2])
        raise OSError(code, os.strerror(code), str(path))

    monkeypatch.setattr(Path, "write_bytes", half_then_fail)
    response = await client.post(
        "/api/uploads/members", files={"file": ("id.png", image_bytes())}, headers=admin
    )
    monkeypatch.undo()
    assert response.status_code == status, response.text
    assert response.json() == {"message": message, "errors": []}
    assert _files(settings, "members") == before, "no temporary file, no half file"
    assert await _stored_rows(session) == rows


async def test_a_rename_refused_by_a_read_only_folder_answers_503(
    client: AsyncClient, admin: dict[str, str], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _files(settings, "users")

    def read_only(src: Any, dst: Any) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(local_store.os, "replace", read_only)
    response = await client.post(
        "/api/uploads/users", files={"file": ("me.jpg", image_bytes("JPEG"))}, headers=admin
    )
    monkeypatch.undo()
    assert response.status_code == 503
    assert response.json()["message"] == NOT_WRITABLE
    assert _files(settings, "users") == before


async def test_a_failed_thumbnail_takes_its_image_back(
    client: AsyncClient, admin: dict[str, str], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A vehicle image comes with its thumbnail: when the thumbnail meets a full disk, the image goes too."""
    before = _files(settings, "vehicles")

    write_bytes = Path.write_bytes

    def full_at_the_thumbnail(path: Path, data: bytes) -> int:
        if path.parent.name != "thumbs":
            return write_bytes(path, data)
        path.write_text("half a thumbnail")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full_at_the_thumbnail)
    response = await client.post(
        "/api/uploads/vehicles", files={"file": ("car.png", image_bytes())}, headers=admin
    )
    monkeypatch.undo()
    assert response.status_code == 507
    assert response.json()["message"] == DISK_FULL
    assert _files(settings, "vehicles") == before


async def test_a_database_failure_after_the_file_takes_the_file_back(
    client: AsyncClient, admin: dict[str, str], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is written first and its row after: when the row fails, no file is left that nothing names."""
    before = _files(settings, "vehicles")

    async def lost(*args: Any, **kwargs: Any) -> None:
        raise OperationalError(
            "INSERT", {}, Exception("server closed the connection"), connection_invalidated=True
        )

    monkeypatch.setattr(upload_router, "record_change", lost)
    response = await client.post(
        "/api/uploads/vehicles", files={"file": ("car.png", image_bytes())}, headers=admin
    )
    monkeypatch.undo()
    assert response.status_code == 503
    assert response.json()["message"] == UNAVAILABLE
    assert _files(settings, "vehicles") == before


async def test_a_stored_file_is_whole_and_no_temporary_file_stays(
    client: AsyncClient, admin: dict[str, str], settings: Settings
) -> None:
    response = await client.post(
        "/api/uploads/vehicles", files={"file": ("car.png", image_bytes())}, headers=admin
    )
    assert response.status_code == 201, response.text
    stored = settings.data_dir / response.json()["url"].removeprefix("/")
    assert stored.read_bytes() == image_bytes()
    assert not [name for name in _files(settings, "vehicles") if name.endswith(".part")]
