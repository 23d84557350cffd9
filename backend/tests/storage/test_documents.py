"""Documents beside the uploads: invoice and gate-pass PDFs are made from the database when asked (never
stored, so every machine serves the same document), demo photos go to the configured store, and a backup says
that an S3 bucket is not in it."""

import argparse
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient

import gavel.__main__ as command_line
from gavel.backup.service import backup
from gavel.config import Settings
from gavel.demo.car_photos import PhotoStudio
from gavel.migrate import upgrade
from gavel.storage import file_store, key_of
from gavel.storage.s3 import parse_storage_url
from tests.backup.conftest import NewDatabase, new_database, settings_for  # noqa: F401 (a fixture)
from tests.money.conftest import cashier, sale  # noqa: F401 (fixtures)
from tests.money.test_gate import issue, paid  # noqa: F401 (a fixture)
from tests.storage.conftest import use_s3


def _objects(s3: Any, settings: Settings) -> list[str]:
    bucket, prefix = parse_storage_url(settings.storage_url)
    listed = s3.list_objects_v2(Bucket=bucket, Prefix=prefix)
    return sorted(item["Key"] for item in listed.get("Contents", []))


async def test_invoice_and_gate_pass_pdfs_are_served_on_the_s3_store(
    client: AsyncClient,
    admin: dict[str, str],
    paid: dict[str, Any],  # noqa: F811
    settings: Settings,
    s3_endpoint: str,
    bucket: str,
    s3: Any,
) -> None:
    use_s3(settings, s3_endpoint, bucket)
    before = _objects(s3, settings)
    invoice = await client.get(f"/api/invoices/{paid['invoice']['_id']}/pdf", headers=admin)
    assert invoice.status_code == 200, invoice.text
    assert invoice.headers["content-type"] == "application/pdf" and invoice.content.startswith(b"%PDF")
    issued = (await issue(client, admin, paid["cars"][0]["_id"])).json()["data"]
    gate_pass = await client.get(f"/api/gate-passes/{issued['_id']}/pdf", headers=admin)
    assert gate_pass.status_code == 200 and gate_pass.content.startswith(b"%PDF")
    assert _objects(s3, settings) == before, "made when asked, from the database: nothing to share"


async def test_demo_photos_go_to_the_configured_store(
    settings: Settings, s3_endpoint: str, bucket: str, s3: Any
) -> None:
    use_s3(settings, s3_endpoint, bucket, prefix="demo")
    photo = await PhotoStudio(file_store(settings)).photo("White", "Sedan")
    assert photo.thumbnail_url is not None
    keys = [key_of(photo.url), key_of(photo.thumbnail_url)]
    assert _objects(s3, settings) == sorted(f"demo/{key}" for key in keys if key)


def test_a_backup_with_the_s3_store_leaves_the_bucket_out(
    new_database: NewDatabase,  # noqa: F811
    tmp_path: Path,
    s3_endpoint: str,
    bucket: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = new_database()
    upgrade(url)
    local = settings_for(url, tmp_path / "data")
    (local.data_dir / "public" / "members").mkdir(parents=True)
    (local.data_dir / "public" / "members" / "old.png").write_bytes(b"left from the local store")
    assert list(backup(local, tmp_path / "local.tar").manifest.uploads) == ["members/old.png"]

    on_s3 = local.model_copy()
    use_s3(on_s3, s3_endpoint, bucket)
    assert backup(on_s3, tmp_path / "s3.tar").manifest.uploads == {}

    monkeypatch.setattr(command_line, "get_settings", lambda: on_s3)
    command_line.cmd_backup(argparse.Namespace(output=str(tmp_path / "cli.tar")))
    out = capsys.readouterr().out
    assert "0 uploaded files" in out
    assert f"The uploaded files are in s3://{bucket}/uploads: this backup does not include them" in out
