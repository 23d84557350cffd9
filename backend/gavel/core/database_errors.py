"""Database failures answered in the error envelope: a refused constraint is a 409 (core.constraints), a
database that does not answer is a 503 a person can retry, anything else from the database an 'Internal
error' with the request id. No failure of the database leaves without an answer."""

import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, DisconnectionError, IntegrityError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from gavel.core.constraints import conflict_from

log = logging.getLogger("gavel.errors")

UNAVAILABLE = "The database is not answering right now. Please try again in a moment."


def _unavailable(exc: SQLAlchemyError) -> bool:
    if isinstance(exc, DisconnectionError | PoolTimeout):
        return True
    if isinstance(exc, DBAPIError):
        # OperationalError and InterfaceError: the server went away, refused, timed out or is locked.
        return exc.connection_invalidated or type(exc).__name__ in ("OperationalError", "InterfaceError")
    return False


def install_database_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(IntegrityError)
    async def integrity_error(request: Request, exc: IntegrityError) -> JSONResponse:
        conflict = conflict_from(exc)
        log.info("constraint refused a write", extra={"path": request.url.path, "reason": str(exc.orig)})
        return JSONResponse(conflict.body(), status_code=conflict.status_code)

    @app.exception_handler(SQLAlchemyError)
    async def database_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        request_id = getattr(request.state, "request_id", "")
        if _unavailable(exc):
            log.warning("database unavailable", extra={"request_id": request_id, "path": request.url.path})
            return JSONResponse(
                {"message": UNAVAILABLE, "errors": [], "requestId": request_id},
                status_code=503,
                headers={"Retry-After": "5"},
            )
        log.exception("database error", extra={"request_id": request_id, "path": request.url.path})
        return JSONResponse(
            {"message": "Internal error", "errors": [], "requestId": request_id}, status_code=500
        )
