"""The uploads folder (<data dir>/public): every file's SHA-256 for the manifest, and the swap that puts a
restored folder in place of the old one."""

import os
import shutil
import uuid
from pathlib import Path, PurePosixPath

from gavel.backup.errors import BackupError
from gavel.backup.manifest import sha256_of


def hashes(public_dir: Path) -> dict[str, str]:
    """Every regular file under the folder (links are not followed): its path (posix, relative) and hash."""
    if not public_dir.is_dir():
        return {}
    found: dict[str, str] = {}
    for root, _dirs, files in os.walk(public_dir):
        for name in files:
            path = Path(root) / name
            if path.is_file() and not path.is_symlink():
                found[path.relative_to(public_dir).as_posix()] = sha256_of(path)
    return dict(sorted(found.items()))


def safe_relative(name: str) -> PurePosixPath:
    """A path inside the folder, or the archive is refused (absolute paths and '..' never leave it)."""
    path = PurePosixPath(name)
    if not name or path.is_absolute() or any(part in ("", ".", "..") for part in name.split("/")):
        raise BackupError(f"The backup is damaged: it holds a file with an unsafe name ({name!r}).")
    return path


def swap_in(staged: Path, public_dir: Path) -> None:
    """The restored folder replaces the old one (renames within the data dir); the old one is then deleted."""
    old = public_dir.with_name(f".public-replaced-{uuid.uuid4().hex[:8]}")
    if public_dir.exists():
        os.replace(public_dir, old)
    os.replace(staged, public_dir)
    shutil.rmtree(old, ignore_errors=True)
