"""`python -m gavel backup` and `restore`: what they print, and exit code 1 with a sentence on a refusal."""

import subprocess
from pathlib import Path

from gavel.config import Settings
from tests.backup.compare import every_row
from tests.backup.conftest import NewDatabase, Source, settings_for
from tests.command_line import run_gavel


def _gavel(settings: Settings, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"GAVEL_DATABASE_URL": settings.resolved_database_url, "GAVEL_DATA_DIR": str(settings.data_dir)}
    return run_gavel(*args, env=env)


def test_backup_then_restore_then_a_refusal_then_a_forced_restore(
    source: Source, target: Settings, tmp_path: Path
) -> None:
    archive = tmp_path / "from-the-command-line.tar"

    made = _gavel(source.settings, "backup", "--output", str(archive))
    assert made.returncode == 0, made.stderr
    lines = made.stdout.splitlines()
    assert lines[0] == f"Backup written to {archive}"
    assert " database at revision " in lines[1]
    assert lines[1].endswith(" uploaded files")

    restored = _gavel(target, "restore", str(archive))
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.startswith(f"Restored {archive} (made ")
    assert every_row(target.resolved_database_url) == every_row(source.settings.resolved_database_url)

    refused = _gavel(target, "restore", str(archive))
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert refused.stderr.startswith("The configured database is not empty: it holds ")
    assert refused.stderr.endswith(
        "add --force to replace it, or point GAVEL_DATABASE_URL at an empty database.\n"
    )

    forced = _gavel(target, "restore", "--force", str(archive))
    assert forced.returncode == 0, forced.stderr


def test_a_damaged_archive_exits_1_with_a_sentence(target: Settings, tmp_path: Path) -> None:
    junk = tmp_path / "junk.tar"
    junk.write_bytes(b"\x00\x01 not a backup " * 100)

    refused = _gavel(target, "restore", str(junk))

    assert refused.returncode == 1
    assert refused.stderr == f"{junk} is not a Gavel backup, or it is damaged: it is not a tar archive.\n"


def test_a_database_without_gavel_tables_is_not_backed_up(new_database: NewDatabase, tmp_path: Path) -> None:
    empty = settings_for(new_database(), tmp_path / "data")

    refused = _gavel(empty, "backup", "--output", str(tmp_path / "nothing.tar"))

    assert refused.returncode == 1
    assert refused.stderr.startswith("No backup was written. ")
    assert "to back up." in refused.stderr
    assert not (tmp_path / "nothing.tar").exists()
    assert not list(tmp_path.glob("*.partial"))
