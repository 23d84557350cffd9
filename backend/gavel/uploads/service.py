"""Uploaded images: checked by content, stored as public/{folder}/{uuid}-{safe name}, never executed.

A file is written whole or not at all: into a temporary file in the same folder, synced, then renamed to its
name (a rename within a folder is atomic), so a reader never sees half a file; on any failure the temporary
file and whatever this upload already stored (the image beside its thumbnail) are removed. A disk that is full
answers 507, a folder that cannot be written 503, each with a sentence (`store_failure`).
"""

import contextlib
import errno
import io
import os
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from gavel.errors import AppError, InsufficientStorage, Invalid, PayloadTooLarge, ServiceUnavailable

MAX_BYTES = 10 * 1024 * 1024
FORMATS = {"JPEG": ("image/jpeg", ".jpg"), "PNG": ("image/png", ".png"), "WEBP": ("image/webp", ".webp")}
Image.MAX_IMAGE_PIXELS = 60_000_000  # refuse decompression bombs


THUMBNAIL_BOX = (480, 360)

DISK_FULL = "There is no space left to store the file. Please tell your administrator."
NOT_WRITABLE = (
    "Files cannot be saved right now: the file store is not writable. Please tell your administrator."
)


@dataclass(frozen=True)
class StoredFile:
    url: str
    name: str
    mime_type: str
    size: int
    width: int
    height: int
    thumbnail_url: str | None = None


def safe_name(original: str, extension: str) -> str:
    stem = Path(original or "image").stem
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-._").lower()[:60] or "image"
    return f"{stem}{extension}"


def inspect_image(content: bytes) -> tuple[str, str, int, int]:
    """The MIME type, extension and size of a JPEG, PNG or WebP image; 422 for anything else."""
    if len(content) > MAX_BYTES:
        raise PayloadTooLarge("The file is larger than 10 MB.")
    if not content:
        raise Invalid.field("file", "The file is empty.")
    try:
        with Image.open(io.BytesIO(content)) as probe:
            kind = probe.format or ""
            width, height = probe.size
            probe.verify()
        with Image.open(io.BytesIO(content)) as image:
            image.load()  # verify() misses truncated pixel data
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise Invalid.field("file", "The file is not a readable JPEG, PNG or WebP image.") from exc
    if kind not in FORMATS:
        raise Invalid.field("file", "Only JPEG, PNG and WebP images are accepted.")
    mime, extension = FORMATS[kind]
    return mime, extension, width, height


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
        _remove(temporary)
        raise


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):  # a folder gone read-only keeps it: nothing refers to it
        path.unlink(missing_ok=True)


def _thumbnail(content: bytes, target: Path) -> None:
    with Image.open(io.BytesIO(content)) as image:
        small = image.convert("RGB")
        small.thumbnail(THUMBNAIL_BOX)
        small.save(target, format="JPEG", quality=82, optimize=True)


def remove_stored(public_dir: Path, stored: "StoredFile") -> None:
    """Removes what an upload stored (when the request failed after storing it)."""
    for url in (stored.url, stored.thumbnail_url):
        if url:
            _remove(public_dir / url.removeprefix("/public/"))


def store_image(
    public_dir: Path, folder: str, original_name: str, content: bytes, *, thumbnail: bool = False
) -> StoredFile:
    mime, extension, width, height = inspect_image(content)
    name = f"{uuid.uuid4().hex}-{safe_name(original_name, extension)}"
    target = public_dir / folder
    written: list[Path] = []
    try:
        target.mkdir(parents=True, exist_ok=True)
        write_atomically(target / name, lambda path: path.write_bytes(content))
        written.append(target / name)
        thumbnail_url = None
        if thumbnail:
            (target / "thumbs").mkdir(exist_ok=True)
            thumb_name = f"{Path(name).stem}.jpg"
            write_atomically(target / "thumbs" / thumb_name, lambda path: _thumbnail(content, path))
            written.append(target / "thumbs" / thumb_name)
            thumbnail_url = f"/public/{folder}/thumbs/{thumb_name}"
    except BaseException as exc:
        for path in written:
            _remove(path)
        failure = store_failure(exc) if isinstance(exc, OSError) else None
        if failure is None:
            raise
        raise failure from exc
    return StoredFile(
        url=f"/public/{folder}/{name}",
        name=name,
        mime_type=mime,
        size=len(content),
        width=width,
        height=height,
        thumbnail_url=thumbnail_url,
    )
