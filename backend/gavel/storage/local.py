"""The local folder <data dir>/public (the default store).

A file is written whole or not at all: into a temporary file in the same folder, synced, then renamed to
its name (a rename within a folder is atomic), so a reader never sees half a file; on failure the temporary
file is removed. A disk that is full answers 507, a folder that cannot be written 503, each with a sentence
(`store_failure`). Files are served by Starlette's StaticFiles (ETag, Last-Modified, ranges, 304).
"""

import contextlib
import errno
import os
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path

import anyio
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from gavel.errors import AppError, InsufficientStorage, ServiceUnavailable
from gavel.storage.base import CANNOT_TAKE, DISK_FULL, NOT_WRITABLE, is_safe_key, url_of


def store_failure(exc: OSError) -> AppError | None:
    """The answer to a failed write of the file store: 507 when the disk is full, 503 when it is read-only."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return InsufficientStorage(DISK_FULL)
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ServiceUnavailable(NOT_WRITABLE)
    return None


def write_atomically(target: Path, write: Callable[[Path], object]) -> None:
    """Has `write` fill a temporary file beside `target`, syncs it and renames it to `target`."""
    temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.part")
    try:
        write(temporary)
        with temporary.open("rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        remove_quietly(temporary)
        raise


def remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):  # a folder gone read-only keeps it: nothing refers to it
        path.unlink(missing_ok=True)


class LocalStore:
    kind = "local"

    def __init__(self, root: Path) -> None:
        self.root = root
        self.description = f"the folder {root}"
        self._static = StaticFiles(directory=root, check_dir=False)
        self._static.config_checked = True  # a folder not made yet answers 404, not a RuntimeError

    def path(self, key: str) -> Path:
        if not is_safe_key(key):
            raise ValueError(f"not a file store key: {key!r}")
        return self.root / key

    def _put(self, key: str, data: bytes) -> None:
        target = self.path(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, lambda path: path.write_bytes(data))
        except OSError as exc:
            raise (store_failure(exc) or ServiceUnavailable(NOT_WRITABLE)) from exc

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await anyio.to_thread.run_sync(partial(self._put, key, data))

    def _get(self, key: str) -> bytes | None:
        try:
            return self.path(key).read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None

    async def get(self, key: str) -> bytes | None:
        return await anyio.to_thread.run_sync(self._get, key)

    async def delete(self, key: str) -> None:
        await anyio.to_thread.run_sync(remove_quietly, self.path(key))

    async def exists(self, key: str) -> bool:
        return await anyio.to_thread.run_sync(self.path(key).is_file)

    def url(self, key: str) -> str:
        return url_of(key)

    async def serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._static(scope, receive, send)

    def _probe(self) -> None:
        """Writes, syncs and removes a small file where the uploads go, as an upload would."""
        self.root.mkdir(parents=True, exist_ok=True)
        probe = self.root / f".health-{uuid.uuid4().hex}"
        try:
            with probe.open("wb") as handle:
                handle.write(b"ok")
                handle.flush()
                os.fsync(handle.fileno())
        finally:
            probe.unlink(missing_ok=True)

    async def check(self) -> None:
        try:
            await anyio.to_thread.run_sync(self._probe)
        except OSError as exc:
            raise (store_failure(exc) or ServiceUnavailable(CANNOT_TAKE)) from exc
