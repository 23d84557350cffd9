"""Uploaded images: checked by content, stored as public/{folder}/{uuid}-{safe name}, never executed."""

import io
import re
import uuid
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from gavel.errors import Invalid, PayloadTooLarge

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


def _thumbnail(content: bytes, target: Path) -> None:
    with Image.open(io.BytesIO(content)) as image:
        small = image.convert("RGB")
        small.thumbnail(THUMBNAIL_BOX)
        small.save(target, format="JPEG", quality=82, optimize=True)


def store_image(
    public_dir: Path, folder: str, original_name: str, content: bytes, *, thumbnail: bool = False
) -> StoredFile:
    mime, extension, width, height = inspect_image(content)
    name = f"{uuid.uuid4().hex}-{safe_name(original_name, extension)}"
    target = public_dir / folder
    target.mkdir(parents=True, exist_ok=True)
    (target / name).write_bytes(content)
    thumbnail_url = None
    if thumbnail:
        (target / "thumbs").mkdir(exist_ok=True)
        thumb_name = f"{Path(name).stem}.jpg"
        _thumbnail(content, target / "thumbs" / thumb_name)
        thumbnail_url = f"/public/{folder}/thumbs/{thumb_name}"
    return StoredFile(
        url=f"/public/{folder}/{name}",
        name=name,
        mime_type=mime,
        size=len(content),
        width=width,
        height=height,
        thumbnail_url=thumbnail_url,
    )
