"""Command line: serve, migrate, demo, openapi, smtp-sink, worker, check-ledger, backup, restore."""

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from gavel.config import Settings, get_settings
from gavel.wiring import connect_handlers


async def _prepare(settings: Settings, demo: bool, announce_skip: bool = False) -> None:
    from gavel.bootstrap import ensure_first_admin
    from gavel.core.passwords import configure_hashing
    from gavel.db import make_engine, make_sessionmaker
    from gavel.demo.loader import load_demo
    from gavel.storage import file_store

    configure_hashing(settings)

    engine = make_engine(settings.resolved_database_url)

    try:
        async with make_sessionmaker(engine)() as session:
            admin = await ensure_first_admin(session, settings)
            loaded = await load_demo(session, file_store(settings)) if demo else False
            await session.commit()
    finally:
        await engine.dispose()
    if admin is not None:
        _announce_admin(admin.email, admin.generated_password)
    if loaded:
        print("Demo data loaded (set GAVEL_DEMO_DATA=0 to start without it).", flush=True)
    elif demo and announce_skip:
        print("The demo data was loaded before; nothing to do.", flush=True)


def _announce_admin(email: str, password: str | None) -> None:
    line = "=" * 64
    print(line, flush=True)
    print("  Gavel: the first administrator was created", flush=True)
    print(f"  Email:    {email}", flush=True)
    if password:
        print(f"  Password: {password}", flush=True)
        print("  This password is shown only once. Keep it somewhere safe.", flush=True)
    else:
        print("  Password: the one in GAVEL_ADMIN_PASSWORD", flush=True)
    print(line, flush=True)


def _announce_providers(settings: Settings) -> None:
    from gavel.alerts.delivery.providers.choice import chosen

    names = chosen(settings)
    shown = ", ".join(f"{channel} by {name}" for channel, name in names.items())
    print(f"Alerts: {shown}", flush=True)
    if "local" in names.values():
        print(f"  local messages are written to {settings.outbox_dir.resolve()}/<channel>/", flush=True)


def _migrate(settings: Settings) -> None:
    from gavel.migrate import upgrade

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(settings.resolved_database_url)


def cmd_serve(args: argparse.Namespace) -> None:
    import uvicorn

    from gavel.bootstrap import BootstrapError
    from gavel.core import websocket_frames
    from gavel.core.logging import configure_logging

    settings = get_settings()
    configure_logging(settings.log_json)
    _migrate(settings)
    try:
        asyncio.run(_prepare(settings, settings.demo_data))
    except BootstrapError as exc:
        sys.exit(str(exc))
    workers = settings.serve_workers
    if settings.workers > 1 and workers == 1:
        print(f"GAVEL_WORKERS={settings.workers} is ignored on SQLite: one app process serves.", flush=True)
    shown = f" ({workers} app processes)" if workers > 1 else ""
    print(f"Gavel is running on http://{settings.host}:{settings.port}{shown}", flush=True)
    _announce_providers(settings)
    # Migrations, the first administrator and the demo data were done above, once; each worker only serves
    # (and runs the clock jobs and the dispatcher, which claim their work in the database).
    uvicorn.run(
        "gavel.__main__:serving_app",
        factory=True,
        workers=workers,
        host=settings.host,
        port=settings.port,
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        log_config=None,
        access_log=False,
        # The live sockets' messages go out uncompressed: permessage-deflate compresses each message once per
        # socket (a lot event is about 400 bytes), a sixth of a send's CPU in a process holding 1,000
        # bidder sockets, and the reader's inflate beside it (bench/README.md, 'Members bid online at scale').
        ws_per_message_deflate=False,
        # uvicorn's websockets-sansio protocol, letting the live sockets write a lot event's frame built once.
        ws=websocket_frames.PROTOCOL,
    )


def serving_app() -> Any:
    """The app of one serving process: uvicorn calls this in each worker (a fresh process: logging again)."""
    from gavel.core.logging import configure_logging
    from gavel.main import create_app

    settings = get_settings()
    configure_logging(settings.log_json)
    app = create_app(settings)
    app.state.settle_heap = True  # its lifespan freezes the started heap (gavel/core/heap.py)
    return app


def cmd_migrate(args: argparse.Namespace) -> None:
    _migrate(get_settings())
    print("Database is up to date.")


def cmd_demo(args: argparse.Namespace) -> None:
    settings = get_settings()
    _migrate(settings)
    asyncio.run(_prepare(settings, demo=True, announce_skip=True))


def cmd_openapi(args: argparse.Namespace) -> None:
    import tempfile

    from gavel.main import create_app

    scratch = Path(args.scratch or tempfile.mkdtemp(prefix="gavel-openapi-"))
    app = create_app(get_settings().model_copy(update={"data_dir": scratch}))
    json.dump(app.openapi(), sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


def cmd_smtp_sink(args: argparse.Namespace) -> None:
    from gavel.devtools import run_sink

    run_sink(Path(args.dir), args.host, args.port)


def cmd_worker(args: argparse.Namespace) -> None:
    """The clock jobs, the alerts' dispatcher and the online lanes' runner in a process of their own (set
    GAVEL_RUN_JOBS=0 on the app processes then). Any number of workers share the work through the database
    (the lanes by their leases)."""
    from gavel.alerts.delivery.dispatcher import deliver_due, run_dispatcher
    from gavel.bidding.lanes.background import holder_name, run_lanes
    from gavel.core.clock import SystemClock
    from gavel.core.logging import configure_logging
    from gavel.db import make_engine, make_sessionmaker
    from gavel.jobs.clock_jobs import run_forever, run_once

    settings = get_settings()
    configure_logging(settings.log_json)
    engine = make_engine(settings.resolved_database_url)
    maker = make_sessionmaker(engine)
    clock = SystemClock()

    async def work() -> None:
        try:
            if args.once:
                print(f"{await run_once(maker, clock)} invoices brought up to date", flush=True)
                print(f"{await deliver_due(maker, clock, settings)} messages delivered", flush=True)
            else:
                await asyncio.gather(
                    run_forever(maker, clock),
                    run_dispatcher(maker, clock, settings),
                    run_lanes(maker, lambda: clock, holder_name()),
                )
        finally:
            await engine.dispose()

    asyncio.run(work())


def cmd_check_ledger(args: argparse.Namespace) -> None:
    """Proves that every member's ledger and every vehicle's documents agree; prints each difference and
    exits 1 when there is any."""
    from gavel.db import make_engine, make_sessionmaker
    from gavel.statements.check import check_ledger

    settings = get_settings()
    engine = make_engine(settings.resolved_database_url)

    async def check() -> list[str]:
        try:
            async with make_sessionmaker(engine)() as session:
                return await check_ledger(session)
        finally:
            await engine.dispose()

    problems = asyncio.run(check())
    for problem in problems:
        print(problem, flush=True)
    if problems:
        sys.exit(f"The ledger and the documents differ: {len(problems)} difference(s).")
    print("The ledger and the documents agree.", flush=True)


def cmd_new_totp_key(args: argparse.Namespace) -> None:
    """Prints a new key for GAVEL_TOTP_KEYS."""
    from gavel.core.sealing import new_key

    print(new_key(), flush=True)


def cmd_seal_totp_secrets(args: argparse.Namespace) -> None:
    """Seals every stored authenticator secret with the first of GAVEL_TOTP_KEYS (README, Two-step)."""
    from gavel.auth.two_step import seal_secrets
    from gavel.core import sealing as sealed
    from gavel.db import make_engine, make_sessionmaker
    from gavel.errors import ServiceUnavailable

    settings = get_settings()
    sealed.configure(settings.totp_keys)
    if not sealed.sealing():
        sys.exit("Set GAVEL_TOTP_KEYS first (python -m gavel new-totp-key makes a key): nothing was changed.")
    _migrate(settings)
    engine = make_engine(settings.resolved_database_url)

    async def run() -> tuple[int, int]:
        try:
            async with make_sessionmaker(engine)() as session:
                counts = await seal_secrets(session)
                await session.commit()
                return counts
        finally:
            await engine.dispose()

    try:
        changed, unchanged = asyncio.run(run())
    except ServiceUnavailable:
        sys.exit(
            "A stored secret is sealed with a key that GAVEL_TOTP_KEYS does not hold: add that key after the "
            "new one (comma separated) and run this again. Nothing was changed."
        )
    print(f"Sealed {changed} authenticator secret(s) with the first key; {unchanged} already were.")


def cmd_backup(args: argparse.Namespace) -> None:
    from gavel.backup.errors import BackupError
    from gavel.backup.service import ENGINE_NAMES, backup

    try:
        result = backup(get_settings(), Path(args.output) if args.output else None)
    except BackupError as exc:
        sys.exit(f"No backup was written. {exc}")
    manifest = result.manifest
    print(f"Backup written to {result.path}", flush=True)
    print(
        f"  {ENGINE_NAMES[manifest.engine]} database at revision {manifest.revision}: "
        f"{sum(manifest.tables.values())} rows in {len(manifest.tables)} tables; "
        f"{len(manifest.uploads)} uploaded files",
        flush=True,
    )
    if get_settings().storage_url:
        print(
            f"  The uploaded files are in {get_settings().storage_url}: this backup does not include them "
            "(the bucket's versioning or replication keeps them).",
            flush=True,
        )


def cmd_restore(args: argparse.Namespace) -> None:
    from gavel.backup.errors import BackupError
    from gavel.backup.service import restore

    try:
        result = restore(get_settings(), Path(args.archive), force=args.force)
    except BackupError as exc:
        sys.exit(str(exc))
    manifest = result.manifest
    print(f"Restored {args.archive} (made {manifest.created_at}, revision {manifest.revision}):", flush=True)
    print(
        f"  {sum(manifest.tables.values())} rows in {len(manifest.tables)} tables; "
        f"{len(manifest.uploads)} uploaded files",
        flush=True,
    )
    if result.migrated_to:
        print(f"  then migrated to revision {result.migrated_to}", flush=True)
    if get_settings().storage_url and manifest.uploads:
        print(
            f"  The uploaded files went to {get_settings().data_dir / 'public'}, but files are served from "
            f"{get_settings().storage_url}: copy them there (e.g. aws s3 sync).",
            flush=True,
        )


def main() -> None:
    connect_handlers()
    parser = argparse.ArgumentParser(prog="gavel", description="Gavel back office")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("serve", help="migrate, create the first admin, load demo data, serve UI and API")
    sub.add_parser("migrate", help="apply the database migrations")
    sub.add_parser("demo", help="load the demo data if it was not loaded yet")
    openapi = sub.add_parser("openapi", help="print the OpenAPI document")
    openapi.add_argument(
        "--scratch", default=None, help="a data dir that may be created (default: a temp dir)"
    )
    sink = sub.add_parser("smtp-sink", help="a local SMTP server writing mails to a folder")
    sink.add_argument("--dir", required=True)
    sink.add_argument("--host", default="127.0.0.1")
    sink.add_argument("--port", type=int, default=2525)
    worker = sub.add_parser("worker", help="run the clock jobs and the alerts' dispatcher")
    worker.add_argument(
        "--once",
        action="store_true",
        help="bring every invoice up to date and deliver what is due, then stop",
    )
    sub.add_parser("check-ledger", help="prove that every member's ledger agrees with the documents")
    sub.add_parser("new-totp-key", help="print a new key for GAVEL_TOTP_KEYS")
    sub.add_parser(
        "seal-totp-secrets", help="seal every authenticator secret with the first of GAVEL_TOTP_KEYS"
    )
    backup = sub.add_parser("backup", help="write the database and the uploads into one archive")
    backup.add_argument(
        "--output", default=None, help="the archive (default: <data dir>/backups/gavel-backup-<time>.tar)"
    )
    restore = sub.add_parser("restore", help="replace the database and the uploads with an archive's")
    restore.add_argument("archive", help="an archive written by `backup`")
    restore.add_argument(
        "--force", action="store_true", help="replace a database that holds data (it is lost)"
    )
    args = parser.parse_args()
    handlers = {
        "serve": cmd_serve,
        "migrate": cmd_migrate,
        "demo": cmd_demo,
        "openapi": cmd_openapi,
        "smtp-sink": cmd_smtp_sink,
        "worker": cmd_worker,
        "check-ledger": cmd_check_ledger,
        "new-totp-key": cmd_new_totp_key,
        "seal-totp-secrets": cmd_seal_totp_secrets,
        "backup": cmd_backup,
        "restore": cmd_restore,
    }
    handlers[args.command](args)


if __name__ == "__main__":
    main()
