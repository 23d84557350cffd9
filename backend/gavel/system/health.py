"""GET /api/health: whether the app can serve, and which part is down when it cannot.

`status` is "ok" when every part answers, "degraded" when the file store cannot take files (everything else
works: 200, so that a load balancer keeps the process), and "down" when the database does not answer (503 with
Retry-After: nothing but the SPA works without it). Each part says "ok" or "down" with a sentence.
"""

import asyncio
import logging
import os
import uuid
from pathlib import Path
from typing import Literal

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.core.database_errors import RETRY_AFTER_SECONDS, UNAVAILABLE
from gavel.errors import AppError, FieldError
from gavel.schemas import ApiModel
from gavel.storage import FileStore, file_store
from gavel.storage.local import LocalStore, store_failure

log = logging.getLogger("gavel.health")

CHECK_TIMEOUT = 3.0  # seconds for each part


class Part(ApiModel):
    status: Literal["ok", "down"]
    message: str | None = None


class Health(ApiModel):
    status: Literal["ok", "degraded", "down"]
    database: Part
    file_store: Part


class HealthDown(Health):
    """The 503: the error envelope (message, errors, requestId) with the parts."""

    message: str
    errors: list[FieldError] = []
    request_id: str


router = APIRouter(tags=["system"])


async def database_part(maker: async_sessionmaker[AsyncSession]) -> Part:
    try:
        async with asyncio.timeout(CHECK_TIMEOUT):
            async with maker() as session:
                await session.execute(text("SELECT 1"))
    except Exception as exc:  # any failure to answer SELECT 1 is the database being down
        log.warning("health: the database is down", extra={"reason": str(exc)[:200]})
        return Part(status="down", message="The database is not answering.")
    return Part(status="ok")


def _probe_file_store(public_dir: Path) -> None:
    """Writes, syncs and removes a small file where the uploads go, as an upload would (the local store)."""
    public_dir.mkdir(parents=True, exist_ok=True)
    probe = public_dir / f".health-{uuid.uuid4().hex}"
    try:
        with probe.open("wb") as handle:
            handle.write(b"ok")
            handle.flush()
            os.fsync(handle.fileno())
    finally:
        probe.unlink(missing_ok=True)


async def file_store_part(store: FileStore) -> Part:
    """The configured store: the local folder takes a probe file; an S3 bucket answers with its keys
    accepted (gavel.storage.s3.S3Store.check)."""
    try:
        with anyio.fail_after(CHECK_TIMEOUT):
            if isinstance(store, LocalStore):
                await anyio.to_thread.run_sync(_probe_file_store, store.root)
            else:
                await store.check()
    except TimeoutError:
        return Part(status="down", message="The file store is not answering.")
    except OSError as exc:
        failure = store_failure(exc)
        log.warning("health: the file store is down", extra={"reason": str(exc)[:200]})
        message = failure.message if failure else "The file store cannot take files."
        return Part(status="down", message=message)
    except AppError as exc:
        log.warning("health: the file store is down", extra={"reason": exc.message[:200]})
        return Part(status="down", message=exc.message)
    return Part(status="ok")


@router.get("/health", response_model=Health, responses={503: {"model": HealthDown}})
async def health(request: Request) -> Health | JSONResponse:
    """Answers whether the database and the file store work; 503 when the database does not answer."""
    database, store = await asyncio.gather(
        database_part(request.app.state.sessionmaker),
        file_store_part(file_store(request.app.state.settings)),
    )
    if database.status == "down":
        down = HealthDown(
            status="down",
            database=database,
            file_store=store,
            message=UNAVAILABLE,
            request_id=getattr(request.state, "request_id", ""),
        )
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        return JSONResponse(down.model_dump(by_alias=True), status_code=503, headers=headers)
    status: Literal["ok", "degraded"] = "ok" if store.status == "ok" else "degraded"
    return Health(status=status, database=database, file_store=store)
