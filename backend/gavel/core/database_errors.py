"""Database failures answered in the error envelope: a refused constraint is a 409 (core.constraints), a
database that does not answer is a 503 a person can retry, anything else from the database an 'Internal
error' with the request id. No failure of the database leaves without an answer.

Two questions are asked of a failure, walking the chain of exceptions (`raise ... from`, and the exception
being handled when another was raised), because a lost connection often surfaces as a second error: the
session's "Can't reconnect until invalid transaction is rolled back", or the driver's own error when it was
raised outside SQLAlchemy's wrapping:

- `unavailable(exc)`: the database is not there (refused, lost, timed out, pool exhausted) -> 503;
- `connection_lost(exc)`: a connection that was working broke under the request (SQLAlchemy recognised a
  disconnect and invalidated the connection) -> a read may be tried once more on a fresh connection
  (core.database_retry). A database that refuses new connections is not retried: it is down, and the client
  is told to come back (Retry-After).
"""

import logging
from collections.abc import Iterator

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import (
    DBAPIError,
    DisconnectionError,
    IntegrityError,
    PendingRollbackError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout

from gavel.core.constraints import conflict_from, constraint_name
from gavel.errors import internal_error

log = logging.getLogger("gavel.errors")

UNAVAILABLE = "The database is not available right now. Please try again in a moment."
RETRY_AFTER_SECONDS = 5
# Set on the request's state when its connection was lost: core.database_retry may try a read once more.
LOST_FLAG = "database_connection_lost"

# The drivers' own classes, by name, so that neither driver has to be installed: an OperationalError or an
# InterfaceError is the server going away, refusing, timing out or (SQLite) being locked.
_DRIVER_UNAVAILABLE = ("OperationalError", "InterfaceError", "AdminShutdown", "ConnectionTimeout")
_DRIVER_MODULES = ("psycopg", "psycopg2", "asyncpg", "sqlite3", "aiosqlite")


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _is_driver_unavailable(exc: BaseException) -> bool:
    module = type(exc).__module__.split(".")[0]
    return module in _DRIVER_MODULES and any(
        klass.__name__ in _DRIVER_UNAVAILABLE for klass in type(exc).__mro__
    )


def _lost(exc: BaseException) -> bool:
    return isinstance(exc, DisconnectionError) or (isinstance(exc, DBAPIError) and exc.connection_invalidated)


def connection_lost(exc: BaseException) -> bool:
    """Whether a working connection broke under the request (so a fresh one may succeed)."""
    return any(_lost(e) for e in _chain(exc))


def unavailable(exc: BaseException) -> bool:
    """Whether the failure is the database not answering, rather than a statement it refused."""
    for e in _chain(exc):
        if _lost(e) or isinstance(e, PoolTimeout) or _is_driver_unavailable(e):
            return True
        if isinstance(e, DBAPIError) and type(e).__name__ in ("OperationalError", "InterfaceError"):
            return True
        if isinstance(e, IntegrityError):
            return False
    # "Can't reconnect until invalid transaction is rolled back": its cause was dropped on the way, but it
    # only happens to a session whose connection broke.
    return isinstance(exc, PendingRollbackError) and "invalid transaction" in str(exc)


def unavailable_response(request: Request, exc: BaseException) -> JSONResponse:
    """The 503 of a database that is not there; marks the request when its connection was lost."""
    request_id = getattr(request.state, "request_id", "")
    lost = connection_lost(exc)
    if lost:
        setattr(request.state, LOST_FLAG, True)
    log.warning(
        "database unavailable",
        extra={"request_id": request_id, "path": request.url.path, "lost": lost, "reason": str(exc)[:200]},
    )
    return JSONResponse(
        {"message": UNAVAILABLE, "errors": [], "requestId": request_id},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def install_database_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        # A database that went away can surface outside SQLAlchemy's wrapping (the driver's own error, or a
        # second error raised while the first was handled): still a 503 to retry, never an internal error.
        if unavailable(exc):
            return unavailable_response(request, exc)
        return internal_error(request, exc)

    @app.exception_handler(IntegrityError)
    async def integrity_error(request: Request, exc: IntegrityError) -> JSONResponse:
        conflict = conflict_from(exc)
        # The constraint's name and SQLSTATE, never the driver's message: PostgreSQL's DETAIL quotes the
        # refused values ("Key (email)=(...)"), members' personal data.
        name, code = constraint_name(exc)
        log.info(
            "constraint refused a write",
            extra={"path": request.url.path, "constraint": name, "sqlstate": code},
        )
        return JSONResponse(conflict.body(), status_code=conflict.status_code)

    @app.exception_handler(SQLAlchemyError)
    async def database_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        if unavailable(exc):
            return unavailable_response(request, exc)
        request_id = getattr(request.state, "request_id", "")
        log.exception("database error", extra={"request_id": request_id, "path": request.url.path})
        return JSONResponse(
            {"message": "Internal error", "errors": [], "requestId": request_id}, status_code=500
        )
