"""The file store: where uploads live, keyed like their URL below /public/ ("vehicles/<uuid>-car.jpg").

Two implementations: the local folder <data dir>/public (the default) and an S3-compatible bucket
(GAVEL_STORAGE_URL=s3://bucket/prefix). Either way the browser reads a file at /public/<key>, served by the
app (the local folder through Starlette's StaticFiles, the bucket streamed through the app), so URLs stored
in the database do not depend on the store and the CSP stays 'self'.

A store's faults are answers a person can read: 507 when the disk is full, 503 with a sentence when the store
cannot be written, is not answering or refuses access (`gavel.errors.AppError`).
"""

import re
from typing import Protocol

from starlette.types import Receive, Scope, Send

PUBLIC_PREFIX = "/public/"

DISK_FULL = "There is no space left to store the file. Please tell your administrator."
NOT_WRITABLE = (
    "Files cannot be saved right now: the file store is not writable. Please tell your administrator."
)
CANNOT_TAKE = "The file store cannot take files."
NOT_ANSWERING = (
    "Files cannot be saved or read right now: the file store is not answering. "
    "Please tell your administrator."
)
REFUSED = (
    "Files cannot be saved or read right now: the file store refused access (check its keys and "
    "permissions). Please tell your administrator."
)
NO_BUCKET = (
    "Files cannot be saved or read right now: the file store's bucket does not exist. "
    "Please tell your administrator."
)
FAILED = (
    "Files cannot be saved or read right now: the file store answered with an error. "
    "Please tell your administrator."
)

_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def is_safe_key(key: str) -> bool:
    """A key the app could have made: folders and a name of safe characters, never '..' or a hidden file."""
    parts = key.split("/")
    return bool(key) and len(key) <= 512 and all(_SEGMENT.match(part) for part in parts)


def key_of(url: str) -> str | None:
    """The key of a /public/... URL, or None for anything else."""
    if not url.startswith(PUBLIC_PREFIX):
        return None
    key = url.removeprefix(PUBLIC_PREFIX)
    return key if is_safe_key(key) else None


def url_of(key: str) -> str:
    return PUBLIC_PREFIX + key


class FileStore(Protocol):
    """Where uploaded files and other shared files are kept. Every method may raise an AppError (503/507)."""

    kind: str  # "local" or "s3"
    description: str  # for people: "the folder /srv/gavel/data/public", "the bucket s3://gavel/prod"

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        """Stores the whole file or nothing (a reader never sees half of it)."""

    async def get(self, key: str) -> bytes | None:
        """The file's bytes, None when there is no such file."""

    async def delete(self, key: str) -> None:
        """Removes the file; a missing file is not an error."""

    async def exists(self, key: str) -> bool: ...

    def url(self, key: str) -> str:
        """The address the browser reads it from (always /public/<key>, served by the app)."""

    async def serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answers GET/HEAD /public/<key> (the ASGI app mounted at /public)."""

    async def check(self) -> None:
        """Raises an AppError naming the fault when the store cannot take files (GET /api/health)."""
