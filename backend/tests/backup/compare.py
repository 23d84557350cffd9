"""Everything a database and a data dir hold, in a form two of them can be compared by."""

from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, Table, select

from gavel.backup.manifest import sha256_of
from gavel.backup.tables import sync_engine
from gavel.models import metadata


def every_row(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """The rows of every table of the models' metadata and of alembic_version, each table in key order."""
    engine = sync_engine(url)
    try:
        with engine.connect() as conn:
            version = Table("alembic_version", MetaData(), autoload_with=conn)
            found = {}
            for table in [*metadata.sorted_tables, version]:
                order = list(table.primary_key.columns) or list(table.columns)
                found[table.name] = [tuple(row) for row in conn.execute(select(table).order_by(*order))]
            return found
    finally:
        engine.dispose()


def every_upload(data_dir: Path) -> dict[str, str]:
    public = data_dir / "public"
    files = sorted(path for path in public.rglob("*") if path.is_file())
    return {path.relative_to(public).as_posix(): sha256_of(path) for path in files}
