"""The serving process's heap settled once it has started, so that Python's cyclic garbage collector stops
pausing the event loop for a whole-heap pass.

A started app holds about 350,000 long-lived objects (modules, classes, routes, SQLAlchemy's mappers,
pydantic's validators). CPython collects its oldest generation when the objects that survived into it since
its last pass reach a quarter of it, and each such pass walks every one of them with the event loop stopped:
170 to 230 ms in the served app, measured during a bid bench (bench/README.md, 'Pauses of the garbage
collector'), one of them in the middle of the bids. Every bid, socket message and page in flight waits behind
it: a lot taking 50 bids a second has ten of them queued by its end.

`gc.freeze()` moves everything alive at the end of startup to a permanent generation that no pass walks (the
objects are still freed when their last reference goes; only a cycle among them would be kept). The oldest
generation's passes then walk what the app made since (its compiled statements, caches, open sockets): 20 to
50 ms, measured the same way.

Only `python -m gavel serve` settles its heap (`serving_app`): the tests build hundreds of apps in one
process, and freezing each would keep every earlier app's cycles for the rest of the run.
"""

import gc


def settle() -> None:
    """Collect what startup left behind, then keep the rest out of every later pass."""
    gc.collect()
    gc.freeze()
