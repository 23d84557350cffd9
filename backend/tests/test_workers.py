"""GAVEL_WORKERS: how many app processes `serve` starts (one per core on PostgreSQL by default, always one on
SQLite), and, on PostgreSQL, two worker processes answering requests behind one port."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from http.client import HTTPConnection
from pathlib import Path

import pytest
from pydantic import ValidationError

from gavel.config import Settings
from gavel.migrate import BACKEND_DIR
from tests.conftest import ADMIN_PASSWORD, _free_port, migrated_database

PG = "postgresql://gavel@db.internal:5432/gavel"


def _cores() -> int:
    return len(os.sched_getaffinity(0))


def test_postgresql_starts_one_process_per_core_unless_told(tmp_path: Path) -> None:
    assert Settings(database_url=PG).serve_workers == _cores()
    assert Settings(database_url=PG, workers=0).serve_workers == _cores()
    assert Settings(database_url=PG, workers=3).serve_workers == 3
    assert Settings(database_url="postgresql+psycopg://g@h/g", workers=12).serve_workers == 12


def test_sqlite_always_starts_one_process(tmp_path: Path) -> None:
    assert Settings(data_dir=tmp_path).serve_workers == 1, "the default database is SQLite"
    assert Settings(data_dir=tmp_path, workers=4).serve_workers == 1
    assert Settings(database_url=f"sqlite:///{tmp_path / 'x.db'}", workers=8).serve_workers == 1


def test_the_setting_comes_from_gavel_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAVEL_DATABASE_URL", PG)
    monkeypatch.setenv("GAVEL_WORKERS", "5")
    assert Settings().serve_workers == 5
    monkeypatch.setenv("GAVEL_WORKERS", "-1")
    with pytest.raises(ValidationError):
        Settings()


def _server_pid(port: int, client_port: int, candidates: list[int]) -> int | None:
    """The process holding the server side of the TCP connection 127.0.0.1:client_port -> port."""
    wanted = f"{port:04X}", f"{client_port:04X}"
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if (fields[1].split(":")[1], fields[2].split(":")[1]) == wanted:
            inode = fields[9]
    if inode is None:
        return None
    for pid in candidates:
        try:
            links = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        except OSError:
            continue
        if f"socket:[{inode}]" in links:
            return pid
    return None


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _get_health(port: int) -> tuple[HTTPConnection, int, bytes]:
    """A request on a new connection, which stays open (keep-alive) so that its server side can be found."""
    conn = HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", "/api/health")
    answer = conn.getresponse()
    return conn, answer.status, answer.read()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = _free_port()
    with migrated_database(tmp_path) as url:
        env = os.environ | {
            "GAVEL_DATABASE_URL": url,
            "GAVEL_WORKERS": "2",
            "GAVEL_PORT": str(port),
            "GAVEL_DATA_DIR": str(tmp_path / "data"),
            "GAVEL_SPA_DIR": str(tmp_path / "no-spa"),
            "GAVEL_DEMO_DATA": "0",
            "GAVEL_ADMIN_PASSWORD": ADMIN_PASSWORD,
            "GAVEL_LOG_JSON": "0",
        }
        server = subprocess.Popen(
            [sys.executable, "-m", "gavel", "serve"],
            cwd=BACKEND_DIR,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            yield server, port
        finally:
            workers = _children(server.pid)
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            for pid in workers:  # normally gone with their parent
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def test_two_worker_processes_answer_on_one_port(served: tuple[subprocess.Popen[str], int]) -> None:
    """GAVEL_WORKERS=2: two app processes on PostgreSQL; on SQLite the one process that serves says that it
    ignored the setting."""
    server, port = served
    deadline = time.monotonic() + 60
    while True:
        try:
            conn, status, _ = _get_health(port)
            conn.close()
            break
        except OSError:
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
            assert time.monotonic() < deadline, "the server did not start within a minute"
            time.sleep(0.2)
    assert status == 200
    if not os.environ.get("TEST_DATABASE_URL"):
        conn, status, _ = _get_health(port)
        assert conn.sock is not None
        assert _server_pid(port, conn.sock.getsockname()[1], [server.pid]) == server.pid, "one process serves"
        conn.close()
        server.terminate()
        output, _ = server.communicate(timeout=20)
        assert "GAVEL_WORKERS=2 is ignored on SQLite: one app process serves." in output
        assert f"Gavel is running on http://127.0.0.1:{port}" in output
        assert "app processes)" not in output
        return

    seen: set[int] = set()
    for _ in range(60):
        connections = []
        for _ in range(8):  # several connections open at once, so that both workers take some
            conn, status, body = _get_health(port)
            assert (status, json.loads(body)["status"]) == (200, "ok")
            connections.append(conn)
        workers = _children(server.pid)
        for conn in connections:
            assert conn.sock is not None
            pid = _server_pid(port, conn.sock.getsockname()[1], workers)
            if pid is not None:
                seen.add(pid)
            conn.close()
        if len(seen) >= 2:
            break
    assert len(seen) == 2, f"requests were answered by the processes {sorted(seen)}"
    assert server.pid not in seen, "the parent only supervises"
    server.terminate()
    output, _ = server.communicate(timeout=20)
    assert f"Gavel is running on http://127.0.0.1:{port} (2 app processes)" in output
