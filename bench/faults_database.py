"""Issue 16: what the clients of a Gavel on PostgreSQL see while that PostgreSQL restarts (the database
probes of bench/faults_probe.py, which runs them; bench/faults_providers.py shares this module's PostgreSQL,
app process, readers and report).

    backend/.venv/bin/python bench/faults_probe.py [--clients 16] [--before 4] [--after 6]
    make bench-faults

It starts a PostgreSQL of its own (initdb into a temporary folder with /usr/lib/postgresql/15/bin, run as the
`postgres` OS user when started as root, on a free port; the machine's PostgreSQL is never touched), serves
Gavel on it (`python -m gavel serve` in a subprocess: migrations, first admin, uvicorn, jobs on), signs in,
and then runs N clients reading lists (POST .../get, GET lookups) and one client writing (POST
/api/locations/create, one new location after another, each acknowledged one remembered). After --before
seconds it restarts that PostgreSQL (`pg_ctl restart -m fast`), keeps the load on for --after seconds, and
reports:

  - the answers by status, and the requests whose connection was dropped without an answer;
  - the longest window of failures (from the first failed answer to the last one of the same burst) beside
    the outage (pg_ctl restart from its start until the server accepts connections);
  - 'Exception in ASGI application' and tracebacks in the app's log;
  - that every acknowledged write is in the database afterwards (and what became of the writes answered 503:
    their outcome was unknown to the client, so they may or may not be there).

With --fault terminate the server stays up and every connection of the app is ended at once
(pg_terminate_backend): the reads caught by it are tried once more on a fresh connection and succeed.

With --fault providers (bench/faults_providers.py) the database stays up and the SMTP server and the
SMS/WhatsApp providers (stand-ins the probe runs) go down instead.

Targets (issue 16): no dropped connection, no 500, failures only within the outage plus 1 s, nothing lost.
The exit status is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ROOT / "backend"
PY = BACKEND / ".venv" / "bin" / "python"
PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
ADMIN_EMAIL = "faults-admin@example.com"
ADMIN_PASSWORD = "Gavel-Faults-2026!"  # a throwaway database
READS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/api/members/get", {"pageNo": 1, "limit": 10}),
    ("POST", "/api/vehicles/get", {"pageNo": 1, "limit": 10}),
    ("POST", "/api/locations/get", {"pageNo": 1, "limit": 10}),
    ("POST", "/api/role/get", {"pageNo": 1, "limit": 10}),
    ("POST", "/api/users/get", {"pageNo": 1, "limit": 10}),
    ("GET", "/api/lookups/locations", None),
    ("GET", "/api/auth/me", None),
]


def app_code() -> str:
    """Which build the apps run: this tree's backend (the served app starts in it, and the benches that import
    gavel put it first on sys.path), so comparing two builds means running each one's bench from its own
    tree (a `git worktree`); PYTHONPATH does not choose it."""
    def git(*args: str) -> str:
        found = subprocess.run(["git", *args], cwd=BACKEND, capture_output=True, text=True, check=False)  # noqa: S603, S607
        return found.stdout.strip()

    changed = " with uncommitted changes" if git("status", "--porcelain", "--", ".") else ""
    return f"the app's code: {BACKEND} at {git('rev-parse', '--short', 'HEAD')}{changed}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def as_postgres(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """initdb and pg_ctl refuse to run as root: run them as the postgres OS user then."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    return subprocess.run(prefix + args, check=True, text=True, capture_output=True, **kwargs)


class Server:
    """A PostgreSQL 15 of the probe's own in a temporary folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "pgdata"
        self.port = free_port()
        self.log = folder / "postgres.log"

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        as_postgres(
            [str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync"]
        )
        self.start()
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute("CREATE DATABASE gavel")

    def _ctl(self, *args: str) -> None:
        opts = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
        as_postgres(
            [str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-o", opts, *args]
        )

    def start(self) -> None:
        self._ctl("start")

    def restart(self) -> None:
        self._ctl("-m", "fast", "restart")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._ctl("-m", "immediate", "stop")

    def terminate_backends(self) -> int:
        """Ends every connection to the app's database at once (the server stays up)."""
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'gavel'"
            ).fetchall()
        return len(rows)

    def url(self, database: str = "gavel", driver: str = "postgresql") -> str:
        return f"{driver}://postgres@127.0.0.1:{self.port}/{database}"

    def accepts(self) -> bool:
        try:
            with psycopg.connect(self.url(), connect_timeout=1):
                return True
        except psycopg.Error:
            return False


@dataclass
class Outcome:
    kind: str  # read / write
    started: float
    ended: float
    status: int | str  # an HTTP status, or 'dropped' / 'timeout'
    detail: str = ""
    path: str = ""


@dataclass
class Run:
    outcomes: list[Outcome] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # writes answered 503 (or dropped): outcome unknown
    stop: bool = False


async def _call(client: httpx.AsyncClient, method: str, path: str, body: Any) -> httpx.Response:
    return (
        await client.request(method, path, json=body)
        if body is not None
        else await client.request(method, path)
    )


async def _timed(
    run: Run, kind: str, client: httpx.AsyncClient, method: str, path: str, body: Any
) -> httpx.Response | None:
    started = time.monotonic()
    try:
        response = await _call(client, method, path, body)
    except httpx.TimeoutException as exc:
        run.outcomes.append(Outcome(kind, started, time.monotonic(), "timeout", f"{path}: {exc!r}"))
        return None
    except httpx.TransportError as exc:  # the connection closed without an answer
        run.outcomes.append(Outcome(kind, started, time.monotonic(), "dropped", f"{path}: {exc!r}"))
        return None
    detail = "" if response.status_code < 400 else f"{path}: {response.text[:160]}"
    if response.status_code == 503 and "retry-after" not in response.headers:
        detail += " (no Retry-After)"
    run.outcomes.append(Outcome(kind, started, time.monotonic(), response.status_code, detail, path))
    return response


async def reader(
    run: Run,
    base: str,
    headers: dict[str, str],
    offset: int,
    reads: list[tuple[str, str, dict[str, Any] | None]] = READS,
) -> None:
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=15) as client:
        n = offset
        while not run.stop:
            method, path, body = reads[n % len(reads)]
            n += 1
            await _timed(run, "read", client, method, path, body)


async def writer(run: Run, base: str, headers: dict[str, str]) -> None:
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=15) as client:
        n = 0
        while not run.stop:
            n += 1
            title = f"Probe yard {n:06d}"
            body = {
                "title": title,
                "physical_address": f"Street {n}, Al Quoz Industrial Area 3",
                "phone_number": "04 321 5555",
                "country": "United Arab Emirates",
                "state": "Dubai",
                "city": "Al Quoz",
            }
            response = await _timed(run, "write", client, "POST", "/api/locations/create", body)
            if response is not None and response.status_code == 201:
                run.acknowledged.append(title)
            elif response is None or response.status_code >= 500:
                run.unknown.append(title)


def windows(failures: list[Outcome], gap: float = 0.5) -> list[tuple[float, float, int]]:
    """Bursts of failures as the clients saw them (from the first failed answer to the last), split where no
    answer failed for `gap` s."""
    spans: list[tuple[float, float, int]] = []
    for outcome in sorted(failures, key=lambda o: o.ended):
        if spans and outcome.ended <= spans[-1][1] + gap:
            first, _, count = spans[-1]
            spans[-1] = (first, outcome.ended, count + 1)
        else:
            spans.append((outcome.ended, outcome.ended, 1))
    return spans


def traceback_sources(log_text: str) -> Counter[str]:
    """How many tracebacks each logger wrote (the logger of the record line before the traceback)."""
    sources: Counter[str] = Counter()
    last, counted = "?", False
    for line in log_text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            last, counted = words[1], False
        elif line.startswith("Traceback (most recent call last)") and not counted:
            sources[last] += 1  # a chained exception prints a traceback per link: one record counts once
            counted = True
    return sources


async def wait_for_app(base: str, process: subprocess.Popen[bytes], seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=2) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise SystemExit(f"the app stopped while starting (exit {process.returncode}); see its log")
            with contextlib.suppress(httpx.TransportError):
                if (await client.get("/api/health")).status_code == 200:
                    return
            await asyncio.sleep(0.3)
    raise SystemExit("the app did not start within 90 s")


def app_env(server: Server, folder: Path, app_port: int) -> dict[str, str]:
    return {
        **os.environ,
        "GAVEL_DATABASE_URL": server.url(driver="postgresql+psycopg"),
        "GAVEL_DATA_DIR": str(folder / "data"),
        "GAVEL_SPA_DIR": str(folder / "no-spa"),
        "GAVEL_ADMIN_EMAIL": ADMIN_EMAIL,
        "GAVEL_ADMIN_PASSWORD": ADMIN_PASSWORD,
        "GAVEL_DEMO_DATA": "0",
        "GAVEL_LOG_JSON": "0",
        "GAVEL_HOST": "127.0.0.1",
        "GAVEL_PORT": str(app_port),
    }


async def sign_in(base: str) -> dict[str, str]:
    async with httpx.AsyncClient(base_url=base, timeout=15) as client:
        login = await client.post(
            "/api/auth/login",
            json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "rememberMe": False},
        )
        login.raise_for_status()
    return {"Authorization": f"Bearer {login.json()['token']}"}


async def probe(args: argparse.Namespace, server: Server, folder: Path) -> int:
    app_port = free_port()
    base = f"http://127.0.0.1:{app_port}"
    app_log = folder / "app.log"
    env = app_env(server, folder, app_port)
    with app_log.open("wb") as log:
        process = subprocess.Popen(  # noqa: ASYNC220 (started once, before the load)
            [str(PY), "-m", "gavel", "serve"], cwd=BACKEND, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        await wait_for_app(base, process)
        headers = await sign_in(base)

        run = Run()
        tasks = [asyncio.create_task(reader(run, base, headers, n)) for n in range(args.clients)]
        tasks.append(asyncio.create_task(writer(run, base, headers)))
        t0 = time.monotonic()
        await asyncio.sleep(args.before)
        outage_start = time.monotonic()
        if args.fault == "restart":
            await asyncio.to_thread(server.restart)
        else:
            ended = await asyncio.to_thread(server.terminate_backends)
            print(f"pg_terminate_backend ended {ended} connections of the app")
        while not server.accepts():
            await asyncio.sleep(0.01)
        outage_end = time.monotonic()
        await asyncio.sleep(args.after)
        run.stop = True
        await asyncio.gather(*tasks)

        async with httpx.AsyncClient(base_url=base, timeout=15) as client:
            health_after = (await client.get("/api/health")).status_code
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()

    with psycopg.connect(server.url()) as conn:
        stored = {
            row[0] for row in conn.execute("SELECT title FROM location WHERE title LIKE 'Probe yard %'")
        }
    lost = [title for title in run.acknowledged if title not in stored]
    unknown_kept = sum(1 for title in run.unknown if title in stored)

    log_text = app_log.read_text(errors="replace")
    asgi_errors = log_text.count("Exception in ASGI application")
    retried = log_text.count("retrying a read after a lost database connection")
    tracebacks = traceback_sources(log_text)

    statuses = Counter((o.kind, o.status) for o in run.outcomes)
    failures = [o for o in run.outcomes if not (isinstance(o.status, int) and o.status < 400)]
    spans = windows(failures)
    longest = max(spans, key=lambda s: s[1] - s[0]) if spans else None
    # a failure is answered while the server is away, or within 1 s of its return
    late = [o for o in failures if o.ended > outage_end + 1.0 or o.ended < outage_start]
    dropped = sum(1 for o in run.outcomes if o.status in ("dropped", "timeout"))
    five_hundreds = sum(1 for o in run.outcomes if o.status == 500)
    no_retry_after = sum(1 for o in failures if "no Retry-After" in o.detail)

    def rel(t: float) -> str:
        return f"{t - t0:6.2f} s"

    print(f"\nGavel on PostgreSQL 15 (own server, port {server.port}); {args.clients} readers + 1 writer")
    print(f"requests: {len(run.outcomes)} in {rel(max(o.ended for o in run.outcomes)).strip()}")
    what = "pg_ctl restart -m fast" if args.fault == "restart" else "pg_terminate_backend of every connection"
    print(f"outage ({what} until it accepts connections): {rel(outage_start)} -> {rel(outage_end)}"
          f" ({outage_end - outage_start:.2f} s)")  # fmt: skip
    print("answers by status:")
    for (kind, status), count in sorted(statuses.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        print(f"  {kind:5} {status!s:8} {count}")
    print(f"dropped connections / timeouts: {dropped}")
    print(f"500 answers: {five_hundreds}")
    print(f"503 answers without Retry-After: {no_retry_after}")
    if longest:
        print(f"failure bursts: {len(spans)}; longest {longest[1] - longest[0]:.2f} s ({longest[2]} requests,"
              f" {rel(longest[0])} -> {rel(longest[1])})")  # fmt: skip
    else:
        print("failure bursts: none")
    print(f"failures outside the outage + 1 s: {len(late)}")
    print(f"'Exception in ASGI application' in the app log: {asgi_errors}")
    print(f"reads tried once more after a lost connection (app log): {retried}")
    print(
        "logged tracebacks by logger (jobs retry at their next poll): "
        + (", ".join(f"{name} {count}" for name, count in tracebacks.most_common()) or "none")
    )
    print(f"acknowledged writes: {len(run.acknowledged)}; missing afterwards: {len(lost)}")
    print(
        f"writes with an unknown outcome (503 or no answer): {len(run.unknown)}; stored anyway: {unknown_kept}"
    )
    print(f"health after the restart: {health_after}")
    for o in failures[:8]:
        print(f"  e.g. {o.kind} {o.status} at {rel(o.started)}: {o.detail[:140]}")

    missed = []
    if dropped:
        missed.append("dropped connections")
    if five_hundreds:
        missed.append("500 answers")
    if late:
        missed.append("failures outside the outage + 1 s")
    if lost:
        missed.append("lost writes")
    if asgi_errors:
        missed.append("exceptions escaped to the server")
    if health_after != 200:
        missed.append("health after the restart")
    print("targets: " + ("all met" if not missed else "MISSED: " + ", ".join(missed)))
    if args.keep:
        print(f"kept: {folder}")
    return 1 if missed else 0
