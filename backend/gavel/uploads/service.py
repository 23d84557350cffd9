"""Uploaded images: checked by content, stored as public/{folder}/{uuid}-{safe name}, never executed.

The bytes go to the configured file store (gavel.storage: the local folder, written to a temporary file
and renamed, or an S3-compatible bucket, one PUT), whole or not at all; a vehicle image's thumbnail is stored
after it, and when the thumbnail fails the image is taken back. A disk that is full answers 507, a store that
cannot be written, does not answer or refuses access 503, each with a sentence.
"""

import contextlib
import io
import re
import uuid
from dataclasses import dataclass
from pathlib import Path

import anyio
from PIL import Image, UnidentifiedImageError

from gavel.errors import Invalid, PayloadTooLarge
from gavel.storage import FileStore, key_of
from gavel.storage.base import DISK_FULL, NOT_WRITABLE
from gavel.storage.local import store_failure, write_atomically

__all__ = ["DISK_FULL", "NOT_WRITABLE", "store_failure", "write_atomically"]

MAX_BYTES = 10 * 1024 * 1024
FORMATS = {"JPEG": ("image/jpeg", ".jpg"), "PNG": ("image/png", ".png"), "WEBP": ("image/webp", ".webp")}
Image.MAX_IMAGE_PIXELS = 60_000_000  # refuse decompression bombs


THUMBNAIL_BOX = (480, 360)


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


def thumbnail_of(content: bytes) -> bytes:
    """A JPEG of at most 480 x 360 of the image."""
    with Image.open(io.BytesIO(content)) as image:
        small = image.convert("RGB")
        small.thumbnail(THUMBNAIL_BOX)
        out = io.BytesIO()
        small.save(out, format="JPEG", quality=82, optimize=True)
        return out.getvalue()


async def remove_stored(store: FileStore, stored: "StoredFile") -> None:
    """Removes what an upload stored (when the request failed after storing it); never raises."""
    with anyio.CancelScope(shield=True):
        for url in (stored.url, stored.thumbnail_url):
            key = key_of(url) if url else None
            if key:
                # the failure being answered matters more than a file left behind
                with contextlib.suppress(Exception):
                    await store.delete(key)


async def store_image(
    store: FileStore, folder: str, original_name: str, content: bytes, *, thumbnail: bool = False
) -> StoredFile:
    mime, extension, width, height = await anyio.to_thread.run_sync(inspect_image, content)
    name = f"{uuid.uuid4().hex}-{safe_name(original_name, extension)}"
    key = f"{folder}/{name}"
    await store.put(key, content, mime)
    thumbnail_url = None
    if thumbnail:
        thumb_key = f"{folder}/thumbs/{Path(name).stem}.jpg"
        try:
            small = await anyio.to_thread.run_sync(thumbnail_of, content)
            await store.put(thumb_key, small, "image/jpeg")
        except BaseException:
            await remove_stored(store, StoredFile(store.url(key), name, mime, len(content), width, height))
            raise
        thumbnail_url = store.url(thumb_key)
    return StoredFile(
        url=store.url(key),
        name=name,
        mime_type=mime,
        size=len(content),
        width=width,
        height=height,
        thumbnail_url=thumbnail_url,
    )
