"""Damaged and altered copies of an archive, for the refusals."""

import io
import json
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def rewrite(
    source: Path,
    target: Path,
    *,
    manifest: Callable[[dict[str, Any]], None] | None = None,
    replace: dict[str, bytes] | None = None,
    drop: set[str] | None = None,
    rename: dict[str, str] | None = None,
) -> Path:
    """A copy of the archive with its manifest changed, members' bytes replaced, left out or renamed."""
    with tarfile.open(source) as old, tarfile.open(target, "w") as new:
        for member in old.getmembers():
            if drop and member.name in drop:
                continue
            handle = old.extractfile(member)
            data = handle.read() if handle else b""
            if member.name == "manifest.json" and manifest:
                content = json.loads(data)
                manifest(content)
                data = json.dumps(content).encode()
            if replace and member.name in replace:
                data = replace[member.name]
            member.size = len(data)
            member.name = (rename or {}).get(member.name, member.name)
            new.addfile(member, io.BytesIO(data))
    return target


def flip_a_byte(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]


def member_bytes(archive: Path, name: str) -> bytes:
    with tarfile.open(archive) as tar:
        handle = tar.extractfile(name)
        assert handle is not None
        return handle.read()
