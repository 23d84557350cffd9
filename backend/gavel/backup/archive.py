"""The archive: a tar with manifest.json, the database file and public/... (the uploads). Written to a
.partial file and renamed when complete; read with every member checked against the manifest's hashes."""

import hashlib
import io
import os
import tarfile
import time
from pathlib import Path

from gavel.backup.errors import BackupError
from gavel.backup.manifest import MANIFEST_NAME, UPLOADS_PREFIX, Manifest
from gavel.backup.uploads import safe_relative


def write(output: Path, manifest: Manifest, database_file: Path, public_dir: Path) -> None:
    partial = output.with_name(output.name + ".partial")
    try:
        with tarfile.open(partial, "w", format=tarfile.PAX_FORMAT) as tar:
            raw = manifest.to_json()
            info = tarfile.TarInfo(MANIFEST_NAME)
            info.size, info.mtime, info.mode = len(raw), int(time.time()), 0o644
            tar.addfile(info, io.BytesIO(raw))
            tar.add(database_file, arcname=manifest.database_name, recursive=False)
            for name in manifest.uploads:
                tar.add(public_dir / name, arcname=UPLOADS_PREFIX + name, recursive=False)
        os.replace(partial, output)
    finally:
        partial.unlink(missing_ok=True)


class Archive:
    """An archive opened for a restore: the manifest read and every member's name checked."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if not path.is_file():
            raise BackupError(f"There is no backup at {path}.")
        try:
            self.tar = tarfile.open(path, "r:*")  # noqa: SIM115 - closed by close()
            self.members = {member.name: member for member in self.tar.getmembers()}
        except (tarfile.TarError, OSError, EOFError) as exc:
            said = str(exc).splitlines()[0].rstrip(":")
            if "could not be opened successfully" in said:
                said = "it is not a tar archive"
            raise BackupError(f"{path} is not a Gavel backup, or it is damaged: {said}.") from exc
        raw = self._read(MANIFEST_NAME)
        self.manifest = Manifest.from_json(raw, path)
        self._check_names()

    def close(self) -> None:
        self.tar.close()

    def __enter__(self) -> "Archive":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _damaged(self, what: str) -> BackupError:
        return BackupError(f"The backup {self.path} is damaged: {what}.")

    def _member(self, name: str) -> tarfile.TarInfo:
        member = self.members.get(name)
        if member is None:
            if name == MANIFEST_NAME:
                raise BackupError(f"{self.path} is not a Gavel backup: it has no {MANIFEST_NAME}.")
            raise self._damaged(f"{name} is missing")
        if not member.isfile():
            raise self._damaged(f"{name} is not a regular file")
        return member

    def _read(self, name: str) -> bytes:
        try:
            handle = self.tar.extractfile(self._member(name))
            assert handle is not None
            return handle.read()
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise self._damaged(f"{name} cannot be read ({exc})") from exc

    def _check_names(self) -> None:
        expected = {MANIFEST_NAME, self.manifest.database_name} | {
            UPLOADS_PREFIX + name for name in self.manifest.uploads
        }
        for name in self.manifest.uploads:
            safe_relative(name)
        unexpected = sorted(set(self.members) - expected)
        if unexpected:
            raise self._damaged(f"it holds files its manifest does not list ({', '.join(unexpected[:3])})")
        missing = sorted(expected - set(self.members))
        if missing:
            raise self._damaged(f"files its manifest lists are missing ({', '.join(missing[:3])})")

    def extract(self, name: str, target: Path, sha256: str) -> None:
        """Streams one member into target, checking its hash on the way."""
        digest = hashlib.sha256()
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            source = self.tar.extractfile(self._member(name))
            assert source is not None
            with target.open("wb") as out:
                for chunk in iter(lambda: source.read(1 << 20), b""):
                    digest.update(chunk)
                    out.write(chunk)
        except (tarfile.TarError, EOFError) as exc:
            raise self._damaged(f"{name} cannot be read ({exc})") from exc
        if digest.hexdigest() != sha256:
            raise self._damaged(f"{name} is not the file that was backed up (its SHA-256 differs)")

    def extract_database(self, target: Path) -> None:
        self.extract(self.manifest.database_name, target, self.manifest.database_sha256)

    def extract_uploads(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name, sha256 in self.manifest.uploads.items():
            self.extract(UPLOADS_PREFIX + name, folder / safe_relative(name), sha256)
