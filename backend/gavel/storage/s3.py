"""An S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2, ...) through boto3, whose blocking calls run
in worker threads. An object is stored with one PUT, which S3 makes visible whole or not at all.

The browser reads /public/<key> from the app, which streams the object (with its ETag, Last-Modified, ranges
and 304s); no signed URL leaves the app, so the CSP stays 'self' and a stored URL never expires. Faults are
answered 503 with a sentence: an endpoint that does not answer, keys or permissions refused, a missing bucket.
"""

import logging
from collections.abc import AsyncIterator
from datetime import UTC
from email.utils import format_datetime
from functools import partial
from typing import Any
from urllib.parse import urlsplit

import anyio
from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from gavel.errors import AppError, NotFound, ServiceUnavailable
from gavel.storage.base import FAILED, NO_BUCKET, NOT_ANSWERING, REFUSED, is_safe_key, url_of

log = logging.getLogger("gavel.storage")

CHUNK = 256 * 1024
CHECK_KEY = ".gavel-store-check"  # written once under the prefix; the health check reads it
REFUSED_CODES = {
    "AccessDenied",
    "AllAccessDisabled",
    "InvalidAccessKeyId",
    "SignatureDoesNotMatch",
    "InvalidToken",
    "ExpiredToken",
    "AccountProblem",
    "403",
}


def parse_storage_url(url: str) -> tuple[str, str]:
    """s3://bucket/some/prefix -> ("bucket", "some/prefix/"); the prefix may be empty."""
    parts = urlsplit(url)
    if parts.scheme != "s3" or not parts.netloc:
        raise ValueError(f"GAVEL_STORAGE_URL must look like s3://bucket/prefix, not {url!r}")
    prefix = parts.path.strip("/")
    return parts.netloc, f"{prefix}/" if prefix else ""


def _status(exc: Exception) -> int:
    return int(getattr(exc, "response", {}).get("ResponseMetadata", {}).get("HTTPStatusCode", 0) or 0)


def _code(exc: Exception) -> str:
    return str(getattr(exc, "response", {}).get("Error", {}).get("Code", ""))


def fault(exc: Exception) -> AppError:
    """The 503 that names what went wrong with the bucket."""
    from botocore.exceptions import ClientError, NoCredentialsError, PartialCredentialsError

    if isinstance(exc, ClientError):
        code = _code(exc)
        log.warning("the file store refused a request", extra={"code": code, "status": _status(exc)})
        if code in REFUSED_CODES or _status(exc) == 403:
            return ServiceUnavailable(REFUSED)
        if code == "NoSuchBucket":
            return ServiceUnavailable(NO_BUCKET)
        return ServiceUnavailable(FAILED)
    if isinstance(exc, NoCredentialsError | PartialCredentialsError):
        log.warning("the file store has no credentials")
        return ServiceUnavailable(REFUSED)
    log.warning("the file store is not answering", extra={"reason": type(exc).__name__})
    return ServiceUnavailable(NOT_ANSWERING)


class S3Store:
    kind = "s3"

    def __init__(
        self,
        url: str,
        *,
        endpoint_url: str = "",
        access_key_id: str = "",
        secret_access_key: str = "",
        region: str = "",
        timeout_seconds: float = 5.0,
    ) -> None:
        import boto3
        from botocore.config import Config

        self.bucket, self.prefix = parse_storage_url(url)
        self.description = f"the bucket {url}"
        config = Config(
            connect_timeout=timeout_seconds,
            read_timeout=max(timeout_seconds, 10.0),
            retries={"mode": "standard", "total_max_attempts": 2},
            signature_version="s3v4",
            # MinIO, Ceph and moto answer at one host: path-style addresses (bucket in the path)
            s3={"addressing_style": "path"} if endpoint_url else None,
        )
        # Empty settings fall back on boto3's own chain: AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID,
        # AWS_SECRET_ACCESS_KEY, AWS_REGION / AWS_DEFAULT_REGION, ~/.aws, an instance or task role.
        self.client: Any = boto3.session.Session().client(
            "s3",
            endpoint_url=endpoint_url or None,
            aws_access_key_id=access_key_id or None,
            aws_secret_access_key=secret_access_key or None,
            region_name=region or None,
            config=config,
        )

    def object_key(self, key: str) -> str:
        if not is_safe_key(key):
            raise ValueError(f"not a file store key: {key!r}")
        return self.prefix + key

    async def _call(self, method: str, **kwargs: Any) -> Any:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return await anyio.to_thread.run_sync(partial(getattr(self.client, method), **kwargs))
        except (BotoCoreError, ClientError) as exc:
            raise fault(exc) from exc

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await self._call(
            "put_object", Bucket=self.bucket, Key=self.object_key(key), Body=data, ContentType=content_type
        )

    async def get(self, key: str) -> bytes | None:
        from botocore.exceptions import ClientError

        try:
            result = await self._call_raw("get_object", Bucket=self.bucket, Key=self.object_key(key))
        except ClientError as exc:
            if _status(exc) == 404:
                return None
            raise fault(exc) from exc
        body = result["Body"]
        try:
            data: bytes = await anyio.to_thread.run_sync(body.read)
        finally:
            body.close()
        return data

    async def _call_raw(self, method: str, **kwargs: Any) -> Any:
        """Like _call, but a ClientError is the caller's to read (404, 304, 416); other faults are 503."""
        from botocore.exceptions import BotoCoreError

        try:
            return await anyio.to_thread.run_sync(partial(getattr(self.client, method), **kwargs))
        except BotoCoreError as exc:
            raise fault(exc) from exc

    async def delete(self, key: str) -> None:
        await self._call("delete_object", Bucket=self.bucket, Key=self.object_key(key))

    async def exists(self, key: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            await self._call_raw("head_object", Bucket=self.bucket, Key=self.object_key(key))
        except ClientError as exc:
            if _status(exc) == 404:
                return False
            raise fault(exc) from exc
        return True

    def url(self, key: str) -> str:
        return url_of(key)

    async def serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = await self._response(scope)
        await response(scope, receive, send)

    async def _response(self, scope: Scope) -> Response:
        from botocore.exceptions import ClientError
        from starlette._utils import get_route_path

        method = scope.get("method", "GET")
        if method not in ("GET", "HEAD"):
            return PlainTextResponse("Method Not Allowed", status_code=405, headers={"Allow": "GET, HEAD"})
        key = get_route_path(scope).lstrip("/")
        if not is_safe_key(key):
            raise NotFound("There is no such file.")
        headers = Headers(scope=scope)
        ask: dict[str, str] = {"Bucket": self.bucket, "Key": self.object_key(key)}
        if etag := headers.get("if-none-match"):
            ask["IfNoneMatch"] = etag
        if (wanted := headers.get("range")) and method == "GET":
            ask["Range"] = wanted
        try:
            found = await self._call_raw("get_object" if method == "GET" else "head_object", **ask)
        except ClientError as exc:
            status = _status(exc)
            if status == 304:
                return Response(status_code=304, headers={"etag": etag or ""})
            if status == 404:
                raise NotFound("There is no such file.") from exc
            if status == 416:
                return Response(status_code=416)
            raise fault(exc) from exc
        answer = {
            "content-type": found.get("ContentType") or "application/octet-stream",
            "content-length": str(found["ContentLength"]),
            "accept-ranges": "bytes",
        }
        if found.get("ETag"):
            answer["etag"] = found["ETag"]
        if found.get("LastModified"):
            answer["last-modified"] = format_datetime(found["LastModified"].astimezone(UTC), usegmt=True)
        status = 200
        if found.get("ContentRange"):
            answer["content-range"], status = found["ContentRange"], 206
        if method == "HEAD":
            return Response(status_code=status, headers=answer)
        body = found["Body"]

        async def chunks() -> AsyncIterator[bytes]:
            try:
                while chunk := await anyio.to_thread.run_sync(body.read, CHUNK):
                    yield chunk
            finally:
                body.close()

        return StreamingResponse(chunks(), status_code=status, headers=answer)

    async def check(self) -> None:
        """Reads the check object under the prefix (writing it the first time): the endpoint answers, the keys
        are accepted and objects can be read (and were written once). Writing on every check would leave a
        version behind each time in a versioned bucket."""
        from botocore.exceptions import ClientError

        key = self.prefix + CHECK_KEY
        try:
            await self._call_raw("head_object", Bucket=self.bucket, Key=key)
        except ClientError as exc:
            # missing: 404, or 403 without s3:ListBucket; the PUT says whether the keys may write
            if _status(exc) not in (403, 404) or _code(exc) == "NoSuchBucket":
                raise fault(exc) from exc
            await self._call("put_object", Bucket=self.bucket, Key=key, Body=b"ok", ContentType="text/plain")
