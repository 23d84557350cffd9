"""Domain events: how a module tells the modules above it what happened without importing them.

A lower module publishes a typed event (a frozen dataclass of its own `events.py`); a higher module's handler,
connected once at start-up by `gavel.wiring`, reacts. Handlers run one after another in the publisher's
transaction and with its session, so what they write (a message in the outbox, a ledger row) commits or rolls
back with the change that caused it, and an error in a handler fails the publisher's request as it would have
failed before. Handlers of one event run in the order they were connected.
"""

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

Event = TypeVar("Event")
Handler = Callable[[AsyncSession, Any], Awaitable[None]]

_handlers: dict[type, list[Handler]] = {}
_connected = False


class HandlersNotConnected(RuntimeError):
    """A process published an event before `gavel.wiring.connect_handlers()` ran: its reactions would be
    lost."""


def subscribe(event_type: type[Event], handler: Callable[[AsyncSession, Event], Awaitable[None]]) -> None:
    handlers = _handlers.setdefault(event_type, [])
    if handler not in handlers:
        handlers.append(handler)


def mark_connected() -> None:
    global _connected
    _connected = True


async def publish(session: AsyncSession, event: object) -> None:
    if not _connected:
        raise HandlersNotConnected(f"{type(event).__name__} was published before the handlers were connected")
    for handler in _handlers.get(type(event), ()):
        await handler(session, event)
