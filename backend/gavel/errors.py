"""The error envelope of every failure, and the domain exceptions that carry their status code.

Every sentence of an envelope is in the request's language (gavel/i18n): its Arabic when the staff user
reads Arabic and the catalogue has it, else the English sentence as it is."""

import errno
import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.formparsers import MultiPartException

from gavel.i18n import translate, translate_pydantic
from gavel.i18n.language import Language

log = logging.getLogger("gavel.errors")


class FieldError(BaseModel):
    field: str
    message: str


class ErrorBody(BaseModel):
    message: str
    errors: list[FieldError] = []


class AppError(Exception):
    """A failure a person can understand; the handler turns it into the error envelope."""

    status_code = 400

    def __init__(
        self,
        message: str,
        *,
        errors: list[FieldError] | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors or []
        self.extra = extra or {}
        self.headers = headers

    def body(self) -> dict[str, Any]:
        """The envelope, its sentences in the request's language."""
        return {
            "message": translate(self.message),
            "errors": [{"field": e.field, "message": translate(e.message)} for e in self.errors],
            **self.extra,
        }


class BadRequest(AppError):
    status_code = 400


class Unauthorized(AppError):
    status_code = 401


class Forbidden(AppError):
    status_code = 403


class NotFound(AppError):
    status_code = 404


class Conflict(AppError):
    status_code = 409


class PayloadTooLarge(AppError):
    status_code = 413


class Invalid(AppError):
    status_code = 422

    @classmethod
    def field(cls, field: str, message: str) -> "Invalid":
        return cls(message, errors=[FieldError(field=field, message=message)])


class ServiceUnavailable(AppError):
    status_code = 503


class InsufficientStorage(AppError):
    """507: the disk that keeps the files is full."""

    status_code = 507


class Throttled(AppError):
    status_code = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(
            message, extra={"retryAfter": retry_after}, headers={"Retry-After": str(retry_after)}
        )


STATUS_MESSAGES = {
    400: "The request could not be understood.",
    401: "Please sign in to continue.",
    403: "You do not have permission to do this.",
    404: "Not found.",
    405: "This method is not allowed here.",
    409: "This conflicts with the current state.",
    413: "The upload is too large.",
    415: "This content type is not supported.",
    422: "Some fields are not valid.",
    429: "Too many requests. Please try again later.",
    503: "The service is not available right now. Please try again later.",
    507: "There is no space left to store this. Please tell your administrator.",
}

DISK_FULL = (errno.ENOSPC, errno.EDQUOT)
NOT_JSON = "The request body is not valid JSON."
INTERNAL_ERROR = "Internal error"


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    return ".".join(parts) or "body"


def _label(field: str) -> str:
    """confirmPassword -> Confirm password: the name a person reads on the form."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", field.split(".")[-1]).lower()
    return words[:1].upper() + words[1:]


REQUIRED = "This field is required."
# The errors of our own validators (ValueError, assert): their sentence is ours, in the catalogue.
OWN_SENTENCES = ("value_error", "assertion_error")


def _validation_message(err: dict[str, Any]) -> str:
    msg = str(err.get("msg", "Invalid value"))
    # Pydantic prefixes the messages of custom validators; a person does not need to read that.
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    if err.get("type") == "missing":
        return REQUIRED
    if err.get("type") == "json_invalid":
        return NOT_JSON
    return msg[:1].upper() + msg[1:]


def _translated_validation_message(err: dict[str, Any], english: str) -> str:
    """The sentence of one validation error in the request's language: pydantic's own by its type and context
    (ar/pydantic.json), ours by the catalogue."""
    error_type = str(err.get("type", ""))
    if error_type not in (*OWN_SENTENCES, "missing", "json_invalid"):
        arabic = translate_pydantic(error_type, err.get("ctx"))
        if arabic is not None:
            return arabic
    return translate(english)


def _unreadable_body(exc: StarletteHTTPException) -> str | None:
    """The sentence for a body the framework could not read, or None. FastAPI and Starlette answer a bare 400
    ("There was an error parsing the body", "Invalid multipart data.") when a JSON body is not UTF-8 or a form
    does not parse; a body that is not valid JSON is a 422 already, so these are too, with a sentence."""
    if exc.status_code != 400:
        return None
    cause = exc.__cause__ or exc.__context__
    if isinstance(cause, MultiPartException):
        return "The upload is not a valid multipart form."
    if exc.detail == "There was an error parsing the body":
        if isinstance(cause, UnicodeDecodeError | ValueError):  # JSON that is not UTF-8, UTF-16 or UTF-32
            return NOT_JSON
        return "The request body could not be read."
    return None


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def app_error(request: Request, exc: AppError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors: list[FieldError] = []
        english: list[str] = []
        for e in exc.errors():
            english.append(_validation_message(e))
            # JSON that does not parse has its character position as location: it is the body's fault.
            field = "body" if e.get("type") == "json_invalid" else _field_name(tuple(e.get("loc", ())))
            errors.append(FieldError(field=field, message=_translated_validation_message(e, english[-1])))
        if len(errors) == 1:
            message = errors[0].message
            if errors[0].field != "body" and english[0] == REQUIRED:
                label = _label(errors[0].field)
                message = translate(f"{label} is required.")
        else:
            message = translate(STATUS_MESSAGES[422])
        body = ErrorBody(message=message, errors=errors)
        return JSONResponse(body.model_dump(), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if (unreadable := _unreadable_body(exc)) is not None:
            unreadable = translate(unreadable)
            body = ErrorBody(message=unreadable, errors=[FieldError(field="body", message=unreadable)])
            return JSONResponse(body.model_dump(), status_code=422)
        detail = exc.detail if isinstance(exc.detail, str) and exc.detail else None
        generic = STATUS_MESSAGES.get(exc.status_code, "The request failed.")
        message = generic if detail is None or detail in ("Not Found", "Method Not Allowed") else detail
        return JSONResponse(
            {"message": translate(message), "errors": []}, status_code=exc.status_code, headers=exc.headers
        )


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route: the error envelope for each status code it may answer."""
    return {code: {"model": ErrorBody} for code in codes}


def internal_error(request: Request, exc: Exception) -> JSONResponse:
    """The answer to an error nothing else handled: 507 for a full disk (e.g. a large upload spooled to a full
    /tmp), otherwise a logged 500 with the request's id and no detail. (A database that went away is a 503:
    core/database_errors.py, which installs the handler of every other exception.)"""
    request_id = getattr(request.state, "request_id", "")
    # This handler runs outside the request's context (Starlette's outermost step): the language is read from
    # the request's state, where the request's middleware left it.
    language = getattr(request.state, "language", Language.EN)
    if isinstance(exc, OSError) and exc.errno in DISK_FULL:
        log.error("disk full", extra={"request_id": request_id, "path": request.url.path})
        message = translate(STATUS_MESSAGES[507], language)
        return JSONResponse({"message": message, "errors": [], "requestId": request_id}, 507)
    log.exception("unexpected error", extra={"request_id": request_id, "path": request.url.path})
    message = translate(INTERNAL_ERROR, language)
    return JSONResponse({"message": message, "errors": [], "requestId": request_id}, status_code=500)
