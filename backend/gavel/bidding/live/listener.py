"""The process's one LISTEN connection (PostgreSQL): every notice of every process, handed to the hub.

Made with psycopg, the driver the app already uses (its async connection waits for notifications without a
thread). When the connection is lost (PostgreSQL restarted, the network broke), it is made again after a
pause that doubles up to MAX_DELAY; once back, the hub reads again every lot it had handed out and tells its
sockets to resync, since notices sent meanwhile were heard by nobody here.
"""

import asyncio
import logging

import psycopg
from psycopg.conninfo import make_conninfo
from sqlalchemy import make_url

from gavel.bidding.live import outbox
from gavel.bidding.live.broadcaster import Hub

log = logging.getLogger("gavel.live")

FIRST_DELAY = 0.2  # seconds before the first attempt to connect again
MAX_DELAY = 5.0
# Seconds of silence after which the connection is asked whether it is still there (a dead peer that sent
# no FIN is found within this).
QUIET = 10.0
APPLICATION_NAME = "gavel-live"  # how the LISTEN connection shows in pg_stat_activity
CHANNELS = (outbox.LOTS_CHANNEL, outbox.LANES_CHANNEL, outbox.PRESENCE_CHANNEL)


def conninfo(url: str) -> str:
    """libpq's connection string of SQLAlchemy's URL (postgresql+psycopg://...), named for pg_stat_activity
    (APPLICATION_NAME). Built key by key: a URL rendered again would write a space of its query (say
    `options=-c synchronous_commit=off`) as '+', which libpq does not read back as a space."""
    parsed = make_url(url)
    params: dict[str, str] = {
        key: given if isinstance(given, str) else given[-1] for key, given in parsed.query.items()
    }
    parts = {
        "host": parsed.host,
        "port": parsed.port,
        "user": parsed.username,
        "password": parsed.password,
        "dbname": parsed.database,
    }
    params |= {key: str(value) for key, value in parts.items() if value}
    params["application_name"] = APPLICATION_NAME
    return make_conninfo(**params)


async def listen(hub: Hub, url: str) -> None:
    """Listens until cancelled, connecting again whenever the connection is lost."""
    delay = FIRST_DELAY
    while True:
        try:
            conn = await psycopg.AsyncConnection.connect(conninfo(url), autocommit=True, connect_timeout=5)
            async with conn:
                for channel in CHANNELS:
                    await conn.execute(f"LISTEN {channel}")  # a constant of ours, never a client's text
                hub.listening.set()
                hub.caught_up_after_gap()
                hub.counts_changed_everywhere()
                delay = FIRST_DELAY
                while True:
                    async for notify in conn.notifies(timeout=QUIET):
                        hub.heard(notify.channel, notify.payload)
                    await conn.execute("SELECT 1")
        except (psycopg.Error, OSError) as exc:
            log.warning("live feed: the LISTEN connection was lost", extra={"reason": str(exc)[:200]})
        hub.listening.clear()
        await asyncio.sleep(delay)
        delay = min(delay * 2, MAX_DELAY)
