"""A backup restored into an empty database holds every row of every table and every upload; a database that
holds data is refused unless forced; an archive from a newer Gavel and a damaged archive are refused with a
sentence, leaving the target as it was."""

import json
import tarfile
from pathlib import Path

import pytest

from gavel.backup.errors import BackupError
from gavel.backup.manifest import sha256_of
from gavel.backup.service import backup, restore
from gavel.backup.tables import SEEDED_BY_MIGRATIONS, data_held, row_counts, sync_engine
from gavel.config import Settings
from gavel.migrate import upgrade
from gavel.models import metadata
from tests.backup.compare import every_row, every_upload
from tests.backup.conftest import Source
from tests.backup.rewrite import flip_a_byte, member_bytes, rewrite


def _counts(settings: Settings) -> dict[str, int]:
    engine = sync_engine(settings.resolved_database_url)
    try:
        with engine.connect() as conn:
            return row_counts(conn)
    finally:
        engine.dispose()


def test_a_restore_into_an_empty_database_finds_every_row_and_every_upload(
    source: Source, target: Settings
) -> None:
    rows = every_row(source.settings.resolved_database_url)
    filled = [name for name, found in rows.items() if found and name not in SEEDED_BY_MIGRATIONS]
    assert len(filled) >= 25, "the demo fills most tables, so the comparison means something"
    uploads = every_upload(source.settings.data_dir)
    assert len(uploads) >= 10, "the demo's vehicle photos are uploads"

    result = restore(target, source.archive)

    assert result.migrated_to is None
    assert result.manifest.tables == {name: len(found) for name, found in rows.items()} | {
        name: count for name, count in result.manifest.tables.items() if name not in rows
    }
    restored = every_row(target.resolved_database_url)
    assert set(restored) == {table.name for table in metadata.sorted_tables} | {"alembic_version"}
    for name, found in rows.items():
        assert restored[name] == found, f"table {name} differs after the restore"
    assert every_upload(target.data_dir) == uploads
    assert not [p for p in target.data_dir.iterdir() if p.name.startswith(".")], "no scratch left behind"


def test_the_manifest_says_what_the_archive_holds(source: Source) -> None:
    with tarfile.open(source.archive) as tar:
        handle = tar.extractfile("manifest.json")
        assert handle is not None
        manifest = json.loads(handle.read())
        names = set(tar.getnames())
    engine = "sqlite" if source.settings.resolved_database_url.startswith("sqlite") else "postgresql"
    assert manifest["format"] == "gavel-backup"
    assert manifest["engine"] == engine
    assert manifest["revision"] == every_row(source.settings.resolved_database_url)["alembic_version"][0][0]
    assert manifest["tables"] == _counts(source.settings)
    assert manifest["uploads"] == every_upload(source.settings.data_dir)
    database = "database.sqlite" if engine == "sqlite" else "database.dump"
    assert names == {"manifest.json", database} | {f"public/{name}" for name in manifest["uploads"]}


def test_a_database_that_holds_data_is_refused_unless_forced(source: Source, target: Settings) -> None:
    restore(target, source.archive)
    before = every_row(target.resolved_database_url)

    with pytest.raises(BackupError) as refused:
        restore(target, source.archive)

    assert str(refused.value).startswith("The configured database is not empty: it holds ")
    assert str(refused.value).endswith(
        "add --force to replace it, or point GAVEL_DATABASE_URL at an empty database."
    )
    assert every_row(target.resolved_database_url) == before

    (target.data_dir / "public" / "left-over.txt").write_text("not in the backup")
    restore(target, source.archive, force=True)
    assert every_row(target.resolved_database_url) == before
    assert every_upload(target.data_dir) == every_upload(source.settings.data_dir), "the folder is replaced"


def test_a_freshly_migrated_database_counts_as_empty(source: Source, target: Settings) -> None:
    """The migrations seed a few tables (SEEDED_BY_MIGRATIONS, exactly those); such a database is restored
    into without --force."""
    upgrade(target.resolved_database_url)
    counts = _counts(target)
    assert {name for name, rows in counts.items() if rows} == SEEDED_BY_MIGRATIONS
    assert data_held(counts) == {}

    restore(target, source.archive)
    assert every_row(target.resolved_database_url) == every_row(source.settings.resolved_database_url)


def test_an_archive_from_a_newer_gavel_is_refused(source: Source, target: Settings, tmp_path: Path) -> None:
    def newer(manifest: dict[str, object]) -> None:
        manifest["revision"] = "9999_from_the_future"

    archive = rewrite(source.archive, tmp_path / "newer.tar", manifest=newer)

    with pytest.raises(BackupError) as refused:
        restore(target, archive)

    assert str(refused.value).startswith(
        "The backup was made by a newer Gavel: its database is at revision 9999_from_the_future, which this "
        "code does not know"
    )
    assert _nothing_restored(target)


def test_an_archive_from_an_older_gavel_is_restored_and_migrated(
    new_database: object, target: Settings, tmp_path: Path
) -> None:
    from alembic import command

    from gavel.backup.revisions import code_head
    from gavel.migrate import alembic_config
    from tests.backup.conftest import NewDatabase, settings_for

    assert callable(new_database)
    make: NewDatabase = new_database
    older = settings_for(make(), tmp_path / "older-data")
    command.upgrade(alembic_config(older.resolved_database_url), "0020")
    archive = backup(older, tmp_path / "older.tar").path

    result = restore(target, archive)

    assert result.manifest.revision == "0020"
    assert result.migrated_to == code_head()
    assert every_row(target.resolved_database_url)["alembic_version"] == [(code_head(),)]


def _not_a_tar(source: Path, path: Path) -> Path:
    path.write_bytes(b"These are not the bytes of a backup.\n" * 40)
    return path


def _cut_short(source: Path, path: Path) -> Path:
    """The archive cut in the middle of its database file."""
    with tarfile.open(source) as tar:
        database = next(m for m in tar.getmembers() if m.name.startswith("database."))
    path.write_bytes(source.read_bytes()[: database.offset_data + database.size // 2])
    return path


def _no_manifest(source: Path, path: Path) -> Path:
    return rewrite(source, path, drop={"manifest.json"})


def _manifest_not_json(source: Path, path: Path) -> Path:
    return rewrite(source, path, replace={"manifest.json": b"{not json"})


def _manifest_without_revision(source: Path, path: Path) -> Path:
    def no_revision(manifest: dict[str, object]) -> None:
        manifest["revision"] = None

    return rewrite(source, path, manifest=no_revision)


def _database_changed(source: Path, path: Path) -> Path:
    name = next(n for n in ("database.sqlite", "database.dump") if _holds(source, n))
    data = member_bytes(source, name)
    return rewrite(source, path, replace={name: flip_a_byte(data, len(data) // 2)})


def _upload_changed(source: Path, path: Path) -> Path:
    name = next(n for n in _names(source) if n.startswith("public/"))
    return rewrite(source, path, replace={name: flip_a_byte(member_bytes(source, name), 100)})


def _upload_missing(source: Path, path: Path) -> Path:
    return rewrite(source, path, drop={next(n for n in _names(source) if n.startswith("public/"))})


def _names(archive: Path) -> list[str]:
    with tarfile.open(archive) as tar:
        return tar.getnames()


def _holds(archive: Path, name: str) -> bool:
    return name in _names(archive)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (_not_a_tar, "is not a Gavel backup, or it is damaged: it is not a tar archive."),
        (_cut_short, "is not a Gavel backup, or it is damaged: unexpected end of data."),
        (_no_manifest, "is not a Gavel backup: it has no manifest.json."),
        (_manifest_not_json, "is not a Gavel backup: its manifest cannot be read ("),
        (_manifest_without_revision, "its manifest cannot be read (a field has the wrong type)."),
        (_database_changed, "is not the file that was backed up (its SHA-256 differs)."),
        (_upload_changed, "is not the file that was backed up (its SHA-256 differs)."),
        (_upload_missing, "is damaged: files its manifest lists are missing (public/"),
    ],
)
def test_a_damaged_archive_is_answered_with_a_sentence(
    source: Source, target: Settings, tmp_path: Path, damage: object, said: str
) -> None:
    assert callable(damage)
    archive = damage(source.archive, tmp_path / "damaged.tar")

    with pytest.raises(BackupError) as refused:
        restore(target, archive)

    assert str(refused.value).startswith(f"{archive} ") or str(refused.value).startswith(
        f"The backup {archive} is damaged: "
    )
    assert said in str(refused.value)
    assert str(refused.value).endswith((".", ")"))
    assert _nothing_restored(target)


def test_a_missing_archive_and_another_engines_archive_are_refused(
    source: Source, target: Settings, tmp_path: Path
) -> None:
    with pytest.raises(BackupError, match=r"^There is no backup at .*nowhere\.tar\.$"):
        restore(target, tmp_path / "nowhere.tar")

    names = {"sqlite": "database.sqlite", "postgresql": "database.dump"}
    engine = "sqlite" if _holds(source.archive, names["sqlite"]) else "postgresql"
    other_engine = "postgresql" if engine == "sqlite" else "sqlite"

    def other(manifest: dict[str, object]) -> None:
        manifest["engine"] = other_engine

    archive = rewrite(
        source.archive, tmp_path / "other.tar", manifest=other, rename={names[engine]: names[other_engine]}
    )
    with pytest.raises(BackupError, match="a backup is restored into the same kind of database"):
        restore(target, archive)
    assert _nothing_restored(target)


def test_a_backup_is_never_written_over_an_existing_file(source: Source) -> None:
    before = sha256_of(source.archive)
    with pytest.raises(BackupError, match=r"exists already: choose another --output\.$"):
        backup(source.settings, source.archive)
    assert sha256_of(source.archive) == before


def _nothing_restored(target: Settings) -> bool:
    """The target has no tables with data and no uploads folder."""
    url = target.resolved_database_url
    if url.startswith("sqlite"):
        database_file = Path(url.split("///", 1)[1])
        if database_file.exists():
            return False
    elif _counts(target):
        return False
    return not (target.data_dir / "public").exists()
