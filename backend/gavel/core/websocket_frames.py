"""Lot events written straight to a socket's connection, as WebSocket frames built once.

A lot event goes to every socket that watches its lot: 2,000 bidder sockets take 2,000 copies of each.
Through ASGI each copy is its own `websocket.send`: Starlette's checks, uvicorn's, websockets' framing of the
same text again, about 26 µs of CPU a copy (bench/README.md, 'Members bid online at scale'). A frame the
server sends is never masked (RFC 6455, 5.1), so the bytes of one text's frame are the same for every socket:
`text_frame` builds them once (kept for the texts sent lately) and `StraightWriter.write` hands them to the
connection's transport, as Phoenix's "fastlane" does for its channels.

`StraightProtocol` is uvicorn's websockets-sansio protocol that offers the writer to the app: in the socket's
ASGI scope, `extensions["gavel.straight"]["writer"]`. `python -m gavel serve` runs it (`PROTOCOL`), and so do
the live tests. A socket served any other way (Starlette's test client, another server) has no writer, and
everything goes through `websocket.send_text` as before.

The writer only writes while the connection is open and its transport takes data without pausing; otherwise
(`ready()` is false) the caller queues the message and sends it the ASGI way, which waits for the transport
(and so the socket's queue grows and a socket that reads too slowly is dropped, as before). Frames written
straight and frames uvicorn writes never interleave within a frame: each is one `transport.write` on the
one event loop.
"""

from functools import lru_cache
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

EXTENSION = "gavel.straight"
PROTOCOL = f"{__name__}:StraightProtocol"  # uvicorn's `ws` setting
CACHED_FRAMES = 512  # the frames of the texts sent lately (a text is sent to every socket within a moment)

_FIN_TEXT = 0x81  # FIN set, opcode 1 (text)


@lru_cache(maxsize=CACHED_FRAMES)
def text_frame(text: str) -> bytes:
    """The unmasked WebSocket frame of one text message (RFC 6455, 5.2), not fragmented, not compressed."""
    payload = text.encode("utf-8")
    size = len(payload)
    if size < 126:
        head = bytes((_FIN_TEXT, size))
    elif size < 1 << 16:
        head = bytes((_FIN_TEXT, 126)) + size.to_bytes(2, "big")
    else:
        head = bytes((_FIN_TEXT, 127)) + size.to_bytes(8, "big")
    return head + payload


class StraightWriter:
    """Writes whole frames to one connection's transport while it is open and not paused."""

    __slots__ = ("_protocol",)

    def __init__(self, protocol: WebSocketsSansIOProtocol) -> None:
        self._protocol = protocol

    def ready(self) -> bool:
        """The connection is open (the handshake done, no close sent or received, the client still there) and
        its transport is not asking writers to wait."""
        p = self._protocol
        return (
            p.handshake_complete
            and p.initial_response is None
            and not p.close_sent
            and not p.disconnected
            and p.conn.state is State.OPEN
            and p.writable.is_set()
            and not p.transport.is_closing()
        )

    def write(self, frame: bytes) -> None:
        self._protocol.transport.write(frame)


class StraightProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets-sansio protocol, with a StraightWriter in the scope's extensions."""

    async def run_asgi(self) -> None:
        self.scope["extensions"][EXTENSION] = {"writer": StraightWriter(self)}
        await super().run_asgi()


def straight_writer(scope: Any) -> StraightWriter | None:
    """The socket's writer, when its server offers one."""
    found = (scope.get("extensions") or {}).get(EXTENSION)
    return found.get("writer") if isinstance(found, dict) else None
