"""The archive's manifest: what it holds and how to check it (the engine, the Alembic revision, the time, the
rows of each table, and the SHA-256 of the database file and of every upload)."""

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gavel.backup.errors import BackupError

FORMAT = "gavel-backup"
VERSION = 1
MANIFEST_NAME = "manifest.json"
DATABASE_NAMES = {"sqlite": "database.sqlite", "postgresql": "database.dump"}
UPLOADS_PREFIX = "public/"


@dataclass
class Manifest:
    engine: str  # "sqlite" or "postgresql"
    revision: str  # the database's Alembic revision
    created_at: str  # ISO 8601, UTC
    tables: dict[str, int]  # rows per table, alembic_version included
    database_sha256: str
    uploads: dict[str, str] = field(default_factory=dict)  # path under public/ -> SHA-256
    format: str = FORMAT
    version: int = VERSION

    @property
    def database_name(self) -> str:
        return DATABASE_NAMES[self.engine]

    def to_json(self) -> bytes:
        return json.dumps(asdict(self), indent=2, sort_keys=True).encode()

    @classmethod
    def from_json(cls, raw: bytes, archive: Path) -> "Manifest":
        bad = f"{archive} is not a Gavel backup: its manifest cannot be read"
        try:
            data: Any = json.loads(raw)
        except ValueError as exc:
            raise BackupError(f"{bad} ({exc}).") from exc
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BackupError(f"{bad} (it does not say it is one).")
        if data.get("version") != VERSION:
            raise BackupError(
                f"{archive} is a Gavel backup of format version {data.get('version')}; this Gavel reads "
                f"version {VERSION}. Restore it with the Gavel that made it."
            )
        try:
            manifest = cls(**data)
        except TypeError as exc:
            raise BackupError(f"{bad} ({exc}).") from exc
        if manifest.engine not in DATABASE_NAMES:
            raise BackupError(f"{bad} (unknown engine {manifest.engine!r}).")
        if not manifest._well_typed():
            raise BackupError(f"{bad} (a field has the wrong type).")
        return manifest

    def _well_typed(self) -> bool:
        texts = (self.revision, self.created_at, self.database_sha256)
        return (
            all(isinstance(value, str) and value for value in texts)
            and isinstance(self.tables, dict)
            and all(isinstance(k, str) and type(v) is int for k, v in self.tables.items())
            and isinstance(self.uploads, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in self.uploads.items())
        )


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
