"""Backup and restore of the configured database with the uploads folder (`python -m gavel backup|restore`).

backup: one tar archive (manifest.json, the database, public/...) written to a .partial file and renamed when
complete. restore: the archive is read and checked first (manifest, hashes, the Alembic revision, the target
holding no data unless forced), then the database is replaced in one step (SQLite: a checked copy renamed over
the file; PostgreSQL: pg_restore --single-transaction), then the uploads folder is swapped in, and an archive
from an older Gavel is migrated to the code's revision."""

import shutil
import sqlite3
import tempfile
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from gavel.backup import archive, postgres, revisions, sqlite, tables, uploads
from gavel.backup.errors import BackupError
from gavel.backup.manifest import DATABASE_NAMES, Manifest, sha256_of
from gavel.config import Settings

ENGINE_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


@dataclass
class BackupResult:
    path: Path
    manifest: Manifest


@dataclass
class RestoreResult:
    manifest: Manifest
    migrated_to: str | None  # the code's revision when the archive was older, else None


def engine_of(url: str) -> str:
    engine = make_url(url).get_backend_name()
    if engine not in DATABASE_NAMES:
        raise BackupError(f"Backups are made of SQLite and PostgreSQL databases, not of {engine}.")
    return engine


def default_output(settings: Settings, now: datetime) -> Path:
    return settings.data_dir / "backups" / f"gavel-backup-{now:%Y%m%dT%H%M%SZ}.tar"


def backup(settings: Settings, output: Path | None = None) -> BackupResult:
    url = settings.resolved_database_url
    engine = engine_of(url)
    now = datetime.now(UTC)
    output = (output or default_output(settings, now)).resolve()
    if output.exists():
        raise BackupError(f"{output} exists already: choose another --output.")
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".gavel-backup-", dir=output.parent) as scratch:
        database_file = Path(scratch) / DATABASE_NAMES[engine]
        try:
            if engine == "sqlite":
                sqlite.dump(url, database_file)
                revision, counts = sqlite.describe(database_file)
            else:
                revision, counts = postgres.dump(url, database_file)
        except (SQLAlchemyError, sqlite3.Error) as exc:
            raise _unreachable(exc) from exc
        if revision is None:
            raise BackupError(
                "The configured database has no Gavel tables yet (run `python -m gavel migrate`): "
                "there is nothing to back up."
            )
        public_dir = settings.data_dir / "public"
        manifest = Manifest(
            engine=engine,
            revision=revision,
            created_at=now.isoformat(timespec="seconds"),
            tables=counts,
            database_sha256=sha256_of(database_file),
            # an S3 bucket is not copied: the object store's versioning or replication keeps it (README)
            uploads={} if settings.storage_url else uploads.hashes(public_dir),
        )
        archive.write(output, manifest, database_file, public_dir)
    return BackupResult(output, manifest)


def restore(settings: Settings, path: Path, force: bool = False) -> RestoreResult:
    url = settings.resolved_database_url
    engine = engine_of(url)
    with archive.Archive(path) as opened:
        manifest = opened.manifest
        if manifest.engine != engine:
            raise BackupError(
                f"The backup is of a {ENGINE_NAMES[manifest.engine]} database and the configured database is "
                f"{ENGINE_NAMES[engine]}: a backup is restored into the same kind of database."
            )
        current = revisions.check_known(manifest.revision)
        try:
            _check_target(url, engine, manifest, force)
        except (SQLAlchemyError, sqlite3.Error) as exc:
            raise _unreachable(exc) from exc
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".gavel-restore-", dir=settings.data_dir))
        try:
            staged_public = scratch / "public"
            opened.extract_uploads(staged_public)
            if engine == "sqlite":
                _restore_sqlite(opened, url)
            else:
                _restore_postgres(opened, url, scratch / DATABASE_NAMES[engine])
            uploads.swap_in(staged_public, settings.data_dir / "public")
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    if current:
        return RestoreResult(manifest, None)
    from gavel.migrate import upgrade

    upgrade(url)
    return RestoreResult(manifest, revisions.code_head())


def _check_target(url: str, engine: str, manifest: Manifest, force: bool) -> None:
    """Refuses a database that holds data (unless forced) and, on PostgreSQL, one with tables the backup does
    not have (a newer schema: they would survive the restore)."""
    if engine == "sqlite":
        target = sqlite.database_path(url)
        if not target.exists():
            return
        counts = sqlite.describe(target)[1]
    else:
        connection = tables.sync_engine(url)
        try:
            with connection.connect() as conn:
                counts = tables.row_counts(conn)
        finally:
            connection.dispose()
    held = tables.data_held(counts)
    if held and not force:
        raise BackupError(
            f"The configured database is not empty: {tables.describe(held)}. A restore replaces everything "
            "in it: add --force to replace it, or point GAVEL_DATABASE_URL at an empty database."
        )
    extra = sorted(set(counts) - set(manifest.tables))
    if engine == "postgresql" and extra:
        raise BackupError(
            f"The configured database has tables that the backup does not have ({', '.join(extra[:5])}): "
            "it was migrated by a newer Gavel than the backup. Restore into an empty database (dropdb and "
            "createdb, or a new one)."
        )


def _restore_sqlite(opened: archive.Archive, url: str) -> None:
    target = sqlite.database_path(url)
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = target.with_name(f".{target.name}.restore-{uuid.uuid4().hex[:8]}")
    try:
        opened.extract_database(staged)
        sqlite.check_copy(staged)
        _agrees(opened.manifest, *sqlite.describe(staged), restored=False)
        sqlite.put_in_place(staged, target)
    finally:
        staged.unlink(missing_ok=True)


def _restore_postgres(opened: archive.Archive, url: str, staged: Path) -> None:
    opened.extract_database(staged)
    postgres.restore(url, staged)
    connection = tables.sync_engine(url)
    try:
        with connection.connect() as conn:
            revision, counts = tables.revision(conn), tables.row_counts(conn)
    finally:
        connection.dispose()
    _agrees(opened.manifest, revision, counts, restored=True)


def _agrees(manifest: Manifest, revision: str | None, counts: dict[str, int], restored: bool) -> None:
    differ = sorted(
        name for name in set(manifest.tables) | set(counts) if manifest.tables.get(name) != counts.get(name)
    )
    if revision == manifest.revision and not differ:
        return
    what = f"revision {revision} instead of {manifest.revision}" if revision != manifest.revision else ""
    if differ:
        what = (what + "; " if what else "") + "other row counts in " + ", ".join(differ[:5])
    if restored:
        raise BackupError(f"The database was restored but it does not match the backup's manifest: {what}.")
    raise BackupError(f"The backup is damaged: its database does not match its manifest ({what}).")


def _unreachable(exc: SQLAlchemyError | sqlite3.Error) -> BackupError:
    said = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    return BackupError(f"The configured database cannot be read: {said}")
