"""A small WebSocket client for the bench's socket readers: thousands of sockets read in a few processes.

The `websockets` client spends about 25-35 µs of CPU per message (its frame parser, its queue, the task that
awaits `recv`). Beside an app on the same 2 cores, the readers of 2,000 sockets at 20 lot events a second
(40,000 messages a second) took more CPU than the apps they measured. This client is an asyncio Protocol that
parses the server's frames in `data_received` and hands each text message to a plain callback, at once, in
the same call: no queue, no task per message.

It speaks what the live sockets use (RFC 6455): the opening handshake, masked text frames to the server,
the server's unfragmented or fragmented text and binary frames, ping (answered with pong) and close. No
extensions are asked for (the app sends uncompressed frames). Not for the app's own code: a bench tool.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
from collections.abc import Callable
from urllib.parse import urlsplit

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CONTINUATION, CLOSE, PING, PONG = 0x1, 0x2, 0x0, 0x8, 0x9, 0xA
OPEN_SECONDS = 20.0


class HandshakeFailed(ConnectionError):
    pass


def masked_frame(opcode: int, payload: bytes) -> bytes:
    """A client's frame: FIN, the opcode, and the payload masked with a fresh key (RFC 6455, 5.3)."""
    size = len(payload)
    if size < 126:
        head = bytes((0x80 | opcode, 0x80 | size))
    elif size < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + size.to_bytes(8, "big")
    key = os.urandom(4)
    if not size:
        return head + key
    mask = (key * (size // 4 + 1))[:size]
    data = (int.from_bytes(payload, "big") ^ int.from_bytes(mask, "big")).to_bytes(size, "big")
    return head + key + data


class FrameClient(asyncio.Protocol):
    """One socket. `on_text(text)` is called for every text message, in order;
    `closed` resolves to the close code the server sent (None when the connection just ended)."""

    def __init__(self, host: str, path: str, on_text: Callable[[str], None]) -> None:
        self.on_text = on_text
        self._key = base64.b64encode(os.urandom(16)).decode()
        self._request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {self._key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self._buffer = bytearray()
        self._upgraded = False
        self._fragments: list[bytes] = []
        self._close_code: int | None = None

    # asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self._request)

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        if not self._upgraded and not self._upgrade():
            return
        self._frames()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or HandshakeFailed("the server closed the connection"))
        if not self.closed.done():
            self.closed.set_result(self._close_code)

    # Sending

    def send_text(self, text: str) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(masked_frame(TEXT, text.encode()))

    def close(self, code: int = 1000) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(masked_frame(CLOSE, code.to_bytes(2, "big")))
            self.transport.close()

    @property
    def local_port(self) -> int:
        assert self.transport is not None
        return int(self.transport.get_extra_info("sockname")[1])

    # Reading

    def _upgrade(self) -> bool:
        end = self._buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self._buffer[:end]).decode("latin-1")
        del self._buffer[: end + 4]
        status, *lines = head.split("\r\n")
        # RFC 6455 names SHA-1 for the accept key: a check of the handshake, not a secret.
        digest = hashlib.sha1(self._key.encode() + _GUID, usedforsecurity=False).digest()
        accept = base64.b64encode(digest).decode()
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
        if " 101 " not in f"{status} " or headers.get("sec-websocket-accept") != accept:
            self.opened.set_exception(HandshakeFailed(f"the server answered {status!r}"))
            assert self.transport is not None
            self.transport.close()
            return False
        self._upgraded = True
        self.opened.set_result(None)
        return True

    def _frames(self) -> None:
        buffer = self._buffer
        start = 0
        while len(buffer) - start >= 2:
            first, second = buffer[start], buffer[start + 1]
            size = second & 0x7F
            at = start + 2
            if size == 126:
                if len(buffer) - at < 2:
                    break
                size = int.from_bytes(buffer[at : at + 2], "big")
                at += 2
            elif size == 127:
                if len(buffer) - at < 8:
                    break
                size = int.from_bytes(buffer[at : at + 8], "big")
                at += 8
            if len(buffer) - at < size:
                break
            payload = bytes(buffer[at : at + size])
            start = at + size
            self._frame(first & 0x80, first & 0x0F, payload)
        if start:
            del buffer[:start]

    def _frame(self, fin: int, opcode: int, payload: bytes) -> None:
        if opcode in (TEXT, BINARY, CONTINUATION):
            if not fin:
                self._fragments.append(payload)
                return
            if self._fragments:
                payload = b"".join([*self._fragments, payload])
                self._fragments = []
            self.on_text(payload.decode())
        elif opcode == PING:
            assert self.transport is not None
            self.transport.write(masked_frame(PONG, payload))
        elif opcode == CLOSE:
            self._close_code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
            self.close(self._close_code or 1000)


async def connect(url: str, on_text: Callable[[str], None]) -> FrameClient:
    """An open socket to `url` (ws://host:port/path), its handshake done within OPEN_SECONDS."""
    parts = urlsplit(url)
    loop = asyncio.get_running_loop()
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    netloc = f"{host}:{port}"
    async with asyncio.timeout(OPEN_SECONDS):
        _, client = await loop.create_connection(
            lambda: FrameClient(netloc, parts.path or "/", on_text), host, port
        )
        await client.opened
    return client
