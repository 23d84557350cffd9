"""Wakes this process's dispatchers when a transaction that wrote messages commits, so a one-time code or an
approval's SMS leaves at once instead of at the next poll. Other processes' dispatchers find them at their
next poll (GAVEL_DISPATCH_POLL_SECONDS)."""

import asyncio
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session

from gavel.alerts.models import AlertMessage

WROTE = "alerts.wrote_messages"
_waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()


def register(loop: asyncio.AbstractEventLoop, wakeup: asyncio.Event) -> None:
    _waiting.add((loop, wakeup))


def unregister(loop: asyncio.AbstractEventLoop, wakeup: asyncio.Event) -> None:
    _waiting.discard((loop, wakeup))


def wake() -> None:
    for loop, wakeup in list(_waiting):
        if not loop.is_closed():
            loop.call_soon_threadsafe(wakeup.set)


@event.listens_for(Session, "after_flush")
def _after_flush(session: Session, context: Any) -> None:
    if _waiting and not session.info.get(WROTE) and any(isinstance(o, AlertMessage) for o in session.new):
        session.info[WROTE] = True


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    if session.info.pop(WROTE, False):
        wake()


@event.listens_for(Session, "after_soft_rollback")
def _after_rollback(session: Session, previous_transaction: Any) -> None:
    session.info.pop(WROTE, None)
