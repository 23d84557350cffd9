"""PostgreSQL: pg_dump's custom format, taken from the same snapshot as the manifest's row counts, and
pg_restore in a single transaction (a failed restore changes nothing)."""

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from psycopg.conninfo import make_conninfo
from sqlalchemy import text
from sqlalchemy.engine import make_url

from gavel.backup import tables
from gavel.backup.errors import BackupError


def _tool(name: str) -> str:
    """The tool on PATH, else the newest one under /usr/lib/postgresql/<version>/bin (Debian's layout)."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(
        Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if candidates:
        return str(candidates[-1])
    raise BackupError(
        f"{name} was not found: install the PostgreSQL client tools (the same major version as the server "
        "or newer) and put them on PATH."
    )


def connection(url: str) -> tuple[str, dict[str, str]]:
    """libpq's connection string for the URL, and the environment that carries the password (not argv)."""
    parsed = make_url(url)
    params: dict[str, str] = {}
    for key, given in parsed.query.items():
        params[key] = given if isinstance(given, str) else given[-1]
    parts: dict[str, object] = {
        "host": parsed.host,
        "port": parsed.port,
        "user": parsed.username,
        "dbname": parsed.database,
    }
    params |= {key: str(value) for key, value in parts.items() if value}
    env = dict(os.environ)
    if parsed.password:
        env["PGPASSWORD"] = str(parsed.password)
    return make_conninfo(**params), env


def _run(args: Sequence[str], env: dict[str, str], what: str) -> None:
    try:
        done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    except OSError as exc:
        raise BackupError(f"{what} could not start: {exc}.") from exc
    if done.returncode != 0:
        said = " ".join(done.stderr.strip().splitlines()[-3:]) or f"exit code {done.returncode}"
        raise BackupError(f"{what} failed: {said}")


def dump(url: str, target: Path) -> tuple[str | None, dict[str, int]]:
    """pg_dump of the database into target; the revision and the row counts are read in the snapshot that
    pg_dump dumps, so the manifest describes exactly what the archive holds."""
    conninfo, env = connection(url)
    engine = tables.sync_engine(url)
    try:
        with engine.connect() as conn:
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                snapshot = conn.execute(text("SELECT pg_export_snapshot()")).scalar_one()
                revision = tables.revision(conn)
                counts = tables.row_counts(conn)
                _run(
                    [
                        _tool("pg_dump"),
                        "--format=custom",
                        f"--snapshot={snapshot}",
                        f"--file={target}",
                        f"--dbname={conninfo}",
                    ],
                    env,
                    "pg_dump",
                )
    finally:
        engine.dispose()
    return revision, counts


def restore(url: str, source: Path) -> None:
    """pg_restore in one transaction: the tables the archive holds are dropped and made again from it, owned
    by the user of GAVEL_DATABASE_URL (the dump's owners and grants are left out)."""
    conninfo, env = connection(url)
    _run(
        [
            _tool("pg_restore"),
            "--single-transaction",
            "--exit-on-error",
            "--clean",
            "--if-exists",
            "--no-owner",
            "--no-privileges",
            f"--dbname={conninfo}",
            str(source),
        ],
        env,
        "pg_restore (nothing was changed: it runs in one transaction)",
    )
