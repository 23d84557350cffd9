"""Connects the handlers of domain events (gavel.core.events) once per process: the app, the command line,
the jobs and the tests call `connect_handlers()` before anything publishes.

Each higher module lists its own reactions in a `reactions.py` with a `connect()`; this is the one place that
knows them all. The order here is the order handlers of one event run in.
"""

from gavel.core import events

_done = False


def connect_handlers() -> None:
    global _done
    if _done:
        return
    # Reactions are connected here, lowest layer first.
    events.mark_connected()
    _done = True
