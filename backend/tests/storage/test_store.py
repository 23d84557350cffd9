"""The same behaviour on the local folder and on an S3-compatible bucket: uploads stored and read back through
the URL the API gives, deleted, nothing half-written, faults answered with a sentence."""

from typing import Any

import pytest
from httpx import AsyncClient
from PIL import Image
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncSession

import gavel.uploads.router as upload_router
from gavel.audit.models import AuditEvent
from gavel.config import Settings
from gavel.core.database_errors import UNAVAILABLE
from gavel.errors import ServiceUnavailable
from gavel.storage import FileStore, file_store, key_of
from gavel.storage.base import NO_BUCKET, NOT_ANSWERING, NOT_WRITABLE, REFUSED, is_safe_key
from gavel.storage.s3 import fault, parse_storage_url
from tests.storage.conftest import closed_port, use_s3
from tests.test_uploads import image_bytes


async def _stored_rows(session: AsyncSession) -> int:
    query = select(func.count()).select_from(AuditEvent).where(AuditEvent.action == "upload.stored")
    return int(await session.scalar(query) or 0)


async def _upload(client: AsyncClient, admin: dict[str, str], folder: str = "vehicles") -> Any:
    return await client.post(
        f"/api/uploads/{folder}", files={"file": ("My Car (front).png", image_bytes())}, headers=admin
    )


async def test_put_get_exists_delete(store: FileStore) -> None:
    key = "members/0123456789abcdef0123456789abcdef-id.png"
    assert await store.exists(key) is False
    assert await store.get(key) is None
    await store.put(key, b"first", "image/png")
    await store.put(key, b"second", "image/png")  # a second put replaces the file whole
    assert await store.exists(key) is True
    assert await store.get(key) == b"second"
    assert store.url(key) == f"/public/{key}"
    await store.delete(key)
    await store.delete(key)  # a missing file is not an error
    assert await store.exists(key) is False


async def test_an_uploaded_vehicle_image_is_read_back_through_its_url_and_deleted(
    client: AsyncClient, admin: dict[str, str], store: FileStore, kind: str, settings: Settings, s3: Any
) -> None:
    response = await _upload(client, admin)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["url"].startswith("/public/vehicles/") and body["url"].endswith("-my-car-front.png")
    assert body["thumbnailUrl"].startswith("/public/vehicles/thumbs/")

    served = await client.get(body["url"])
    assert served.status_code == 200
    assert served.content == image_bytes()
    assert served.headers["content-type"] == "image/png"
    assert served.headers["x-content-type-options"] == "nosniff"
    assert "img-src 'self'" in served.headers["content-security-policy"]
    thumbnail = await client.get(body["thumbnailUrl"])
    assert thumbnail.status_code == 200 and thumbnail.headers["content-type"] == "image/jpeg"
    with Image.open(__import__("io").BytesIO(thumbnail.content)) as small:
        assert small.format == "JPEG"

    etag = served.headers["etag"]
    again = await client.get(body["url"], headers={"If-None-Match": etag})
    assert again.status_code == 304
    part = await client.get(body["url"], headers={"Range": "bytes=0-7"})
    assert part.status_code == 206 and part.content == image_bytes()[:8]
    head = await client.head(body["url"])
    assert head.status_code == 200 and head.headers["content-length"] == str(len(image_bytes()))

    key = key_of(body["url"])
    assert key is not None
    if kind == "s3":  # in the bucket under the prefix, with its type; nothing in the local folder
        bucket, prefix = parse_storage_url(settings.storage_url)
        found = s3.head_object(Bucket=bucket, Key=prefix + key)
        assert found["ContentType"] == "image/png"
        assert not (settings.data_dir / "public" / key).exists()
    else:
        assert (settings.data_dir / "public" / key).read_bytes() == image_bytes()

    await store.delete(key)
    assert (await client.get(body["url"])).status_code == 404
    assert await store.exists(key) is False


async def test_a_missing_or_unsafe_path_is_404(client: AsyncClient, store: FileStore) -> None:
    assert (await client.get("/public/vehicles/nothing-here.png")).status_code == 404
    assert (await client.get("/public/vehicles/..%2F..%2Fgavel.db")).status_code == 404
    assert (await client.get("/public/.gavel-store-check")).status_code == 404


async def test_a_failed_thumbnail_takes_its_image_back(
    client: AsyncClient,
    admin: dict[str, str],
    store: FileStore,
    session: AsyncSession,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    put, stored = store.put, []

    async def refuse_thumbnails(key: str, data: bytes, content_type: str) -> None:
        if "/thumbs/" in key:
            raise ServiceUnavailable(NOT_WRITABLE)
        stored.append(key)
        await put(key, data, content_type)

    rows = await _stored_rows(session)
    monkeypatch.setattr(store, "put", refuse_thumbnails)
    response = await _upload(client, admin)
    monkeypatch.undo()
    assert response.status_code == 503
    assert response.json() == {"message": NOT_WRITABLE, "errors": []}
    assert len(stored) == 1 and await store.exists(stored[0]) is False
    assert await _stored_rows(session) == rows


async def test_a_failed_row_takes_the_stored_files_back(
    client: AsyncClient, admin: dict[str, str], store: FileStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    put, stored = store.put, []

    async def remember(key: str, data: bytes, content_type: str) -> None:
        stored.append(key)
        await put(key, data, content_type)

    async def lost(*args: Any, **kwargs: Any) -> None:
        closed = Exception("server closed the connection")
        raise OperationalError("INSERT", {}, closed, connection_invalidated=True)

    monkeypatch.setattr(store, "put", remember)
    monkeypatch.setattr(upload_router, "record_change", lost)
    response = await _upload(client, admin)
    monkeypatch.undo()
    assert response.status_code == 503
    assert response.json()["message"] == UNAVAILABLE
    assert len(stored) == 2, "the image and its thumbnail were stored, then taken back"
    for key in stored:
        assert await store.exists(key) is False


async def test_health_checks_the_configured_store(client: AsyncClient, store: FileStore) -> None:
    body = (await client.get("/api/health")).json()
    assert body == {
        "status": "ok",
        "database": {"status": "ok", "message": None},
        "fileStore": {"status": "ok", "message": None},
    }
    again = (await client.get("/api/health")).json()  # the check object, once written, is read
    assert again["fileStore"] == {"status": "ok", "message": None}


async def test_an_unreachable_s3_endpoint_answers_503_with_a_sentence(
    client: AsyncClient, admin: dict[str, str], settings: Settings, session: AsyncSession
) -> None:
    use_s3(settings, f"http://127.0.0.1:{closed_port()}", "gavel-nowhere")
    rows = await _stored_rows(session)
    response = await _upload(client, admin, "members")
    assert response.status_code == 503
    assert response.json() == {"message": NOT_ANSWERING, "errors": []}
    assert await _stored_rows(session) == rows, "no row points to a file that was not stored"

    served = await client.get("/public/members/0123456789abcdef0123456789abcdef-id.png")
    assert served.status_code == 503 and served.json()["message"] == NOT_ANSWERING

    health = await client.get("/api/health")
    assert health.status_code == 200, "the rest of the app works: a load balancer keeps it"
    assert health.json()["status"] == "degraded"
    assert health.json()["fileStore"] == {"status": "down", "message": NOT_ANSWERING}


async def test_a_missing_bucket_answers_503_and_health_says_so(
    client: AsyncClient, admin: dict[str, str], settings: Settings, s3_endpoint: str
) -> None:
    use_s3(settings, s3_endpoint, "gavel-no-such-bucket")
    response = await _upload(client, admin, "users")
    assert response.status_code == 503 and response.json()["message"] == NO_BUCKET
    health = (await client.get("/api/health")).json()
    assert health["fileStore"] == {"status": "down", "message": NO_BUCKET}


def test_access_denied_and_bad_keys_are_a_refusal() -> None:
    from botocore.exceptions import ClientError, NoCredentialsError

    for code, status in (("AccessDenied", 403), ("InvalidAccessKeyId", 403), ("SignatureDoesNotMatch", 403)):
        answer = {"Error": {"Code": code}, "ResponseMetadata": {"HTTPStatusCode": status}}
        exc = ClientError(answer, "PutObject")  # type: ignore[arg-type]
        assert (fault(exc).status_code, fault(exc).message) == (503, REFUSED)
    assert fault(NoCredentialsError()).message == REFUSED


def test_storage_settings() -> None:
    assert parse_storage_url("s3://gavel-files/prod/uploads/") == ("gavel-files", "prod/uploads/")
    assert parse_storage_url("s3://gavel-files") == ("gavel-files", "")
    with pytest.raises(ValueError, match="s3://"):
        Settings(storage_url="ftp://example.com/x")
    assert file_store(Settings()).kind == "local"
    assert file_store(Settings(storage_url="s3://gavel-files/x", storage_region="eu-west-1")).kind == "s3"
    assert not is_safe_key("../x") and not is_safe_key(".hidden") and not is_safe_key("a//b")
