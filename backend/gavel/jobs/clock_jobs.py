"""The clock's work on invoices: the late fee once an invoice is overdue, storage days while a sold vehicle
stays in the yard. Safe with several app processes (PostgreSQL hands each invoice to one of them with SKIP
LOCKED), idempotent (a second run adds nothing) and catching up after downtime (every missed day is added)."""

import asyncio
import logging
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from gavel.alerts.campaigns.service import queue_campaigns
from gavel.auth.repository import prune_attempts
from gavel.bidding.approval.expiry import expire_due
from gavel.core.clock import Clock, dubai_date
from gavel.core.clock_ticks import Ticks
from gavel.invoices import repository as invoices
from gavel.invoices.service import invoice_service
from gavel.vehicles import repository as vehicles

log = logging.getLogger("gavel.jobs")

BATCH = 200
EVERY_SECONDS = 60
RETRY_SECONDS = 1


async def accrue_batch(session: AsyncSession, now: datetime) -> int:
    """One batch of invoices with work due, claimed and brought up to date; how many were claimed."""
    ids = await invoices.due_for_accrual(session, now, dubai_date(now), BATCH)
    for invoice_id in ids:
        invoice = await invoices.by_id(session, invoice_id)
        if invoice is None:
            continue
        vehicle = await vehicles.by_id(session, invoice.vehicle_id) if invoice.vehicle_id else None
        await invoice_service.accrue(session, invoice, vehicle, now)
    return len(ids)


ATTEMPTS_KEPT = timedelta(hours=2)


async def run_once(maker: async_sessionmaker[AsyncSession], clock: Clock) -> int:
    """Every invoice with work due, in batches of their own transaction; how many were brought up to date."""
    done = 0
    while True:
        async with maker() as session:
            claimed = await accrue_batch(session, clock.now())
            await session.commit()
        done += claimed
        if claimed < BATCH:
            break
    # Promotions: due campaigns' messages written in batches resumable from their cursor (SKIP LOCKED), then
    # opted-out members skipped, the quiet hours kept and finished campaigns closed (gavel.alerts.campaigns).
    await queue_campaigns(maker, clock)
    # Lots on approval past their deadline: no sale (gavel.bidding.approval.expiry, under each lot's lock).
    await expire_due(maker, clock)
    # Throttle counts past every window (the longest is an hour): the bidders' bid pace adds a row per bid.
    async with maker() as session:
        await prune_attempts(session, clock.now() - ATTEMPTS_KEPT)
        await session.commit()
    return done


async def run_forever(
    maker: async_sessionmaker[AsyncSession], clock: Clock, ticks: Ticks | None = None
) -> None:
    """The app process's clock loop: a failure is logged and tried again at the next tick. `ticks` starts the
    next tick at once (the end-to-end tests' clock moved to a due date need not wait for the minute); a run
    that failed while somebody waits for it (a 'database is locked' on SQLite) is tried again in a second."""
    while True:
        answered = ticks.beginning() if ticks is not None else 0
        failed = False
        try:
            count = await run_once(maker, clock)
            if count:
                log.info("clock jobs", extra={"invoices": count})
        except asyncio.CancelledError:
            raise
        except Exception:
            failed = True
            log.exception("clock jobs failed; trying again at the next tick")
        if ticks is None:
            await asyncio.sleep(EVERY_SECONDS)
            continue
        if not failed:
            await ticks.ended(answered)
        await ticks.sleep(RETRY_SECONDS if failed and ticks.waited_for() else EVERY_SECONDS)
