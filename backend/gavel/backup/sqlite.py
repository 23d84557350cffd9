"""SQLite: the backup is a copy made with SQLite's online backup API (consistent while the app writes); the
restore checks that copy in a file beside the database and then renames it over the database, so a failed
restore leaves the old database as it was.

sqlite3 is used directly: SQLAlchemy's connections switch every file to WAL (gavel.db), and the copy in the
archive is one self-contained file (journal_mode DELETE)."""

import contextlib
import os
import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url

from gavel.backup.errors import BackupError


def database_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError("The configured SQLite database lives in memory: there is no file to back up.")
    return Path(database)


def _closing(path: Path) -> contextlib.closing[sqlite3.Connection]:
    return contextlib.closing(sqlite3.connect(path, isolation_level=None))


def describe(path: Path) -> tuple[str | None, dict[str, int]]:
    """The file's Alembic revision and rows per table (sqlite_* tables left out)."""
    with _closing(path) as conn:
        names = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master "
                "WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        counts = {name: int(conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]) for name in names}  # noqa: S608
        revision = (
            conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
            if "alembic_version" in names
            else None
        )
    return revision, counts


def dump(url: str, target: Path) -> None:
    """Copies the database into target with the online backup API: a consistent copy while the app runs."""
    source = database_path(url)
    if not source.is_file():
        raise BackupError(f"There is no database at {source} to back up.")
    with _closing(source) as src, _closing(target) as dst:
        src.execute("PRAGMA busy_timeout=10000")
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")


def check_copy(path: Path) -> None:
    """Refuses a file that SQLite does not read as a sound database."""
    try:
        with _closing(path) as conn:
            result = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"The database in the backup is damaged: SQLite says {exc}.") from exc
    if result != ["ok"]:
        raise BackupError(f"The database in the backup is damaged: SQLite's integrity check: {result[0]}.")


def put_in_place(staged: Path, target: Path) -> None:
    """Renames the checked copy over the database (same folder, so the rename is atomic).

    The old database's write-ahead log is checkpointed and removed first, so that it is never replayed onto
    the restored file; a database that another process is using refuses the checkpoint, and nothing changes.
    """
    if target.exists():
        with _closing(target) as conn:
            conn.execute("PRAGMA busy_timeout=2000")
            try:
                busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            except sqlite3.OperationalError:
                busy = 1
        if busy:
            raise BackupError(
                f"The database at {target} is in use by another process: stop Gavel, then restore again."
            )
        for suffix in ("-wal", "-shm", "-journal"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
    os.replace(staged, target)
