"""The file store of uploads: the local folder <data dir>/public, or an S3-compatible bucket when
GAVEL_STORAGE_URL=s3://bucket/prefix (README 'Files: local folder or S3-compatible storage')."""

from functools import lru_cache
from pathlib import Path

from starlette.types import Receive, Scope, Send

from gavel.config import Settings
from gavel.storage.base import FileStore, key_of, url_of
from gavel.storage.local import LocalStore
from gavel.storage.s3 import S3Store

__all__ = ["FileStore", "LocalStore", "PublicFiles", "S3Store", "file_store", "key_of", "url_of"]


@lru_cache(maxsize=8)
def _local(root: Path) -> LocalStore:
    return LocalStore(root)


@lru_cache(maxsize=8)
def _s3(url: str, endpoint_url: str, access_key_id: str, secret_access_key: str, region: str) -> S3Store:
    return S3Store(
        url,
        endpoint_url=endpoint_url,
        access_key_id=access_key_id,
        secret_access_key=secret_access_key,
        region=region,
    )


def file_store(settings: Settings) -> FileStore:
    """The store the settings name (one per configuration, made once: a boto3 client is slow to make)."""
    if not settings.storage_url:
        return _local(settings.data_dir / "public")
    return _s3(
        settings.storage_url,
        settings.storage_endpoint_url,
        settings.storage_access_key_id,
        settings.storage_secret_access_key,
        settings.storage_region,
    )


class PublicFiles:
    """The ASGI app at /public: the configured store answers (read when the request comes, so the settings a
    test or a reconfigured app holds are the ones used)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await file_store(scope["app"].state.settings).serve(scope, receive, send)
