"""A small HTTP/1.1 keep-alive client for the bench's lot-page pollers: GETs whose status and timing count.

With httpx the poller process took 0.77 cores at 118 polls a second (milliseconds of CPU per GET: its
request and response models, httpcore's pool, h11), beside the app it measures on 2 cores. The pollers need
only the status and when the whole answer arrived. This client is an asyncio Protocol that parses the answer
in `data_received` and resolves a future with the status once the body has been read (and thrown away, never
decoded): no task, no stream, no model per request.

It speaks what uvicorn answers a GET with: a status line, headers, and a body sized by Content-Length or sent
chunked (Transfer-Encoding: chunked, for a streamed response), or, with neither, read until the server
closes. One request at a time on a connection (no pipelining); `Connection: close` from the server, or a
connection lost, retires it. Not for the app's own code: a bench tool.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Mapping

OPEN_SECONDS = 20.0
REQUEST_SECONDS = 30.0  # the limit httpx had: a request with no answer by then counts as failed
MAX_HEAD = 64 * 1024
_HEX = b"0123456789abcdefABCDEF"

# Where the reader is in an answer.
_IDLE, _HEAD, _BODY, _CHUNK_SIZE, _CHUNK_DATA, _CHUNK_END, _TRAILER, _UNTIL_CLOSE = range(8)


class ProtocolError(ConnectionError):
    """The server's bytes are not an HTTP/1.1 answer this client understands: the connection is closed."""


class StaleConnection(ConnectionError):
    """A kept-alive connection ended before any byte of the answer: the server had closed it while idle."""


class HttpConnection(asyncio.Protocol):
    """One connection to the server, one request at a time: `get` resolves to the answer's status once the
    whole answer has been read. `reusable` is False once the connection cannot take another request."""

    def __init__(self, netloc: str) -> None:
        self._host = netloc
        self.transport: asyncio.Transport | None = None
        self.reusable = False
        self.served = 0  # answers read in full
        self._buffer = bytearray()
        self._waiter: asyncio.Future[int] | None = None
        self._state = _IDLE
        self._status = 0
        self._left = 0  # bytes still to read of the body, or of the chunk
        self._close_after = False
        self._received = False  # any byte of the current answer

    # asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.reusable = True

    def data_received(self, data: bytes) -> None:
        if self._waiter is None:
            self._retire()  # bytes nobody asked for: the connection's place in the stream is unknown
            return
        self._received = True
        self._buffer += data
        try:
            self._read()
        except (ProtocolError, ValueError) as error:
            self._fail(error if isinstance(error, ProtocolError) else ProtocolError(str(error)))

    def connection_lost(self, exc: Exception | None) -> None:
        self.reusable = False
        waiter, self._waiter = self._waiter, None
        if waiter is None or waiter.done():
            return
        if self._state == _UNTIL_CLOSE:
            waiter.set_result(self._status)
        elif self.served and not self._received:
            waiter.set_exception(StaleConnection("the server closed the kept-alive connection"))
        else:
            error = ConnectionError("the connection ended before the whole answer")
            error.__cause__ = exc
            waiter.set_exception(error)

    # Asking

    def get(self, path: str, headers: Mapping[str, str]) -> asyncio.Future[int]:
        """`GET path` with `headers`: a future of the status, set once the answer's body has been read."""
        if self._waiter is not None:
            raise RuntimeError("one request at a time on a connection")
        waiter: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        if not self.reusable or self.transport is None or self.transport.is_closing():
            waiter.set_exception(ConnectionError("the connection is closed"))
            return waiter
        lines = "".join([f"{name}: {value}\r\n" for name, value in headers.items()])
        request = f"GET {path} HTTP/1.1\r\nHost: {self._host}\r\n{lines}\r\n"
        self._waiter = waiter
        self._state = _HEAD
        self._received = False
        self._close_after = False
        self.transport.write(request.encode("latin-1"))
        return waiter

    def close(self) -> None:
        """Close the connection; a request still waiting fails."""
        self._retire()
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_exception(ConnectionError("the connection was closed"))

    # Reading

    def _read(self) -> None:
        buffer = self._buffer
        at = 0
        while self._waiter is not None:
            state = self._state
            if state == _HEAD:
                end = buffer.find(b"\r\n\r\n", at)
                if end < 0:
                    if len(buffer) - at > MAX_HEAD:
                        raise ProtocolError("an answer's head longer than 64 KiB")
                    break
                self._head(bytes(buffer[at:end]))
                at = end + 4
            elif state in (_BODY, _CHUNK_DATA):
                taken = min(self._left, len(buffer) - at)
                at += taken
                self._left -= taken
                if self._left:
                    break
                if state == _BODY:
                    self._done()
                else:
                    self._state = _CHUNK_END
            elif state == _CHUNK_SIZE:
                end = buffer.find(b"\r\n", at)
                if end < 0:
                    break
                digits = bytes(buffer[at:end]).partition(b";")[0].strip()  # a chunk extension is ignored
                if not digits or digits.strip(_HEX):
                    raise ProtocolError(f"a chunk size of {digits[:20]!r}")
                at = end + 2
                self._left = int(digits, 16)
                self._state = _CHUNK_DATA if self._left else _TRAILER
            elif state == _CHUNK_END:
                if len(buffer) - at < 2:
                    break
                if buffer[at : at + 2] != b"\r\n":
                    raise ProtocolError("a chunk not followed by CRLF")
                at += 2
                self._state = _CHUNK_SIZE
            elif state == _TRAILER:
                end = buffer.find(b"\r\n", at)
                if end < 0:
                    break
                line_was_empty = end == at
                at = end + 2
                if line_was_empty:
                    self._done()
            else:  # _UNTIL_CLOSE: everything until the server closes is body
                at = len(buffer)
                break
        if at == len(buffer):
            buffer.clear()
        elif at:
            del buffer[:at]
        if buffer and self._waiter is None:
            self._retire()  # bytes after the answer, before any request: out of step

    def _head(self, head: bytes) -> None:
        status_line, *lines = head.split(b"\r\n")
        version, _, rest = status_line.partition(b" ")
        code = rest[:3]
        if not version.startswith(b"HTTP/1.") or len(code) != 3 or not code.isdigit():
            raise ProtocolError(f"a status line of {status_line[:40]!r}")
        status = int(code)
        if 100 <= status < 200:
            if status == 101:
                raise ProtocolError("the server switched protocols")
            return  # an interim answer (100 Continue, 103 Early Hints): the final one follows
        length: int | None = None
        chunked = False
        close = version == b"HTTP/1.0"
        for line in lines:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                size = int(value)
                if size < 0 or (length is not None and size != length):
                    raise ProtocolError(f"a Content-Length of {value[:20]!r}")
                length = size
            elif name == b"transfer-encoding":
                chunked = value.strip().lower().endswith(b"chunked")
                if not chunked:
                    raise ProtocolError(f"a Transfer-Encoding of {value[:40]!r}")
            elif name == b"connection":
                tokens = {token.strip() for token in value.lower().split(b",")}
                if b"close" in tokens:
                    close = True
                elif b"keep-alive" in tokens:
                    close = False
        self._status = status
        self._close_after = close
        if status in (204, 304):
            self._done()
        elif chunked:
            # A Content-Length beside chunked is ignored, and the connection not trusted after (RFC 9112 6.3).
            self._close_after = close or length is not None
            self._state = _CHUNK_SIZE
        elif length is not None:
            self._left = length
            self._state = _BODY
            if not length:
                self._done()
        else:
            self._close_after = True
            self._state = _UNTIL_CLOSE

    def _done(self) -> None:
        waiter, self._waiter = self._waiter, None
        self._state = _IDLE
        self.served += 1
        if self._close_after:
            self._retire()
        if waiter is not None and not waiter.done():
            waiter.set_result(self._status)

    def _fail(self, error: Exception) -> None:
        waiter, self._waiter = self._waiter, None
        self._retire()
        if waiter is not None and not waiter.done():
            waiter.set_exception(error)

    def _retire(self) -> None:
        self.reusable = False
        self._buffer.clear()
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()


class HttpPool:
    """Up to `size` kept-alive connections to host:port, each used by one request at a time. `get` takes an
    idle connection (the most recently used: the others may idle out), opens one while fewer than `size`
    are open, and waits for one otherwise."""

    def __init__(self, host: str, port: int, size: int = 64, timeout: float = REQUEST_SECONDS) -> None:
        self.host, self.port, self.size, self.timeout = host, port, size, timeout
        self._netloc = f"{host}:{port}"
        self._idle: list[HttpConnection] = []
        self._open = 0  # connections open or opening, idle or busy
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._closed = False

    async def get(self, path: str, headers: Mapping[str, str]) -> int:
        """The status of `GET path`, once its whole answer has been read. Raises an OSError: ConnectionError
        (ProtocolError among them) when the connection fails, TimeoutError after `timeout` seconds."""
        async with asyncio.timeout(self.timeout):
            try:
                return await self._get_once(path, headers)
            except StaleConnection:  # the request met a close of the idle connection: a GET is safe again
                return await self._get_once(path, headers)

    def close(self) -> None:
        self._closed = True
        for connection in self._idle:
            connection.close()
        self._idle.clear()

    async def _get_once(self, path: str, headers: Mapping[str, str]) -> int:
        connection = await self._take()
        try:
            return await connection.get(path, headers)
        except BaseException:
            connection.close()
            raise
        finally:
            self._give_back(connection)

    async def _take(self) -> HttpConnection:
        if self._closed:
            raise ConnectionError("the pool is closed")
        while True:
            while self._idle:
                connection = self._idle.pop()
                if connection.reusable:
                    return connection
                self._open -= 1  # closed by the server while idle
            if self._open < self.size:
                self._open += 1
                try:
                    return await self._connect()
                except BaseException:
                    self._open -= 1
                    self._wake()
                    raise
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._wake()  # woken, then cancelled: the turn passes to the next waiter
                raise

    async def _connect(self) -> HttpConnection:
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(OPEN_SECONDS):
            _, connection = await loop.create_connection(
                lambda: HttpConnection(self._netloc), self.host, self.port
            )
        return connection

    def _give_back(self, connection: HttpConnection) -> None:
        if connection.reusable and not self._closed:
            self._idle.append(connection)
        else:
            connection.close()
            self._open -= 1
        self._wake()

    def _wake(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
