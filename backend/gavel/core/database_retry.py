"""A read whose database connection broke under it is tried once more; nothing leaves without an answer.

The rule (docs/decisions.md, issue 16):

- A read is `GET` or `HEAD`, or `POST` on a path ending in `/get` (SPEC.md's list calls take their filters
  in a body). Reads change nothing a client could see twice: their one write is the session touch of the
  auth guard (`last_active_at = now`), which may be written again. tests/hardening/test_reads_write_nothing
  holds every read route to that.
- A read whose connection was lost (SQLAlchemy recognised a disconnect, invalidated that connection and,
  with it, every connection of the pool opened before) is run once more, from the start, on a fresh
  connection (gavel.db pings each one that rested before handing it out). The request body is kept to be
  given again.
- A database that refuses connections is not retried: it is down, and waiting here would only hold the
  client; the answer is the 503 with Retry-After.
- A write is never retried: when its connection broke, whether its COMMIT reached the database is unknown,
  so it answers 503 and the client decides (a list shows whether the record is there).

The error handlers answer the 503 (core.database_errors) and mark the request when its connection was lost;
this middleware holds that answer back for a read's first try and runs the read again. It also answers, with
the 503 or an internal error in the envelope, an exception that would otherwise reach the server with no
response started (the server would log "Exception in ASGI application" and, for some, close the connection).
"""

import logging

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gavel.core.database_errors import LOST_FLAG, connection_lost, unavailable, unavailable_response
from gavel.db import is_read

log = logging.getLogger("gavel.errors")

MAX_REPLAYED_BODY = 1024 * 1024  # a list call's filters; a larger body is not kept, so not retried


class DatabaseRetryMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not is_read(scope.get("method", ""), scope.get("path", "")):
            await self._attempt(scope, receive, send, hold_lost=False)
            return
        chunks, complete = await _read_body(receive)
        if not complete:  # too large to keep (or the client left): no second try
            await self._attempt(scope, _replay(chunks, receive), send, hold_lost=False)
            return
        if await self._attempt(scope, _replay(chunks, receive), send, hold_lost=True):
            log.warning("retrying a read after a lost database connection", extra={"path": scope.get("path")})
            await self._attempt(scope, _replay(chunks, receive), send, hold_lost=False)

    async def _attempt(self, scope: Scope, receive: Receive, send: Send, *, hold_lost: bool) -> bool:
        """Runs the app once; True when it failed on a lost connection and its answer was held back."""
        attempt = dict(scope)  # each try starts from the server's scope; the state (request id) is shared
        state = attempt.setdefault("state", {})
        state.pop(LOST_FLAG, None)
        started = False
        held = False

        async def guarded_send(message: Message) -> None:
            nonlocal started, held
            if message["type"] == "http.response.start":
                if hold_lost and message["status"] == 503 and state.get(LOST_FLAG):
                    held = True
                    return
                started = True
            if not held:
                await send(message)

        try:
            await self.app(attempt, receive, guarded_send)
        except Exception as exc:
            if started or not unavailable(exc):
                raise  # an answer is on its way, or the server's error middleware answers 'Internal error'
            if hold_lost and connection_lost(exc):
                return True
            await unavailable_response(Request(attempt), exc)(attempt, receive, send)
            return False
        return held


async def _read_body(receive: Receive) -> tuple[list[Message], bool]:
    """The request's body messages, and whether they are all of it (False past MAX_REPLAYED_BODY)."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":  # the client went away before sending it all
            return messages, False
        size += len(message.get("body", b""))
        if not message.get("more_body", False):
            return messages, True
        if size > MAX_REPLAYED_BODY:
            return messages, False


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """The body messages already read, again, then the client's own (the disconnect when it leaves)."""
    pending = list(messages)

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay
