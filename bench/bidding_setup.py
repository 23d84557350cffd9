"""Issue 25, live bidding: what every bidding bench shares (bench/bidding_bench.py runs them).

- `Stack`: a PostgreSQL 15 of its own (bench/faults_database.py's `Server`: initdb in a temporary folder, a
  free port, restarted with `pg_ctl restart -m fast`) and Gavel served on it by `python -m gavel serve` with
  GAVEL_WORKERS app processes (uvicorn's workers on one port; the supervisor starts a worker again when one
  dies). The app processes are the serve process's children; `owner_of` says which of them holds a client's
  TCP connection (its server-side socket, found through /proc/net/tcp and /proc/<pid>/fd).
- `Api`: signed in as the first administrator, JSON in and out, an unexpected status stops the bench.
- `Sale`: the data a bid needs, made through the API as staff would: the fee schedule, a yard, a seller,
  approved buyers on one security plan whose deposit invoices are paid (recorded by the administrator,
  verified by a second staff user, the deposit desk), approved vehicles, auctions with their first event's
  vehicles placed lane by lane, published.
- `pct`: nearest-rank percentiles.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import signal
import subprocess
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from faults_database import ADMIN_EMAIL, ADMIN_PASSWORD, BACKEND, PY, Server, free_port

LANE_LETTERS = "ABCDEFGH"


def pct(values: list[float], q: float) -> float:
    """The nearest-rank percentile `q` (0-100) of `values` (NaN when empty)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def summary(values_ms: list[float]) -> str:
    if not values_ms:
        return "no samples"
    return (
        f"n={len(values_ms)} p50 {pct(values_ms, 50):.1f} / p95 {pct(values_ms, 95):.1f} / "
        f"p99 {pct(values_ms, 99):.1f} / max {max(values_ms):.1f} ms"
    )


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


class Stack:
    """A PostgreSQL of its own and `python -m gavel serve` with `workers` app processes on it."""

    def __init__(self, folder: Path, workers: int = 2) -> None:
        self.folder = folder
        self.workers = workers
        self.server = Server(folder)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / "app.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def database_url(self) -> str:
        return self.server.url(driver="postgresql+psycopg")

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "GAVEL_DATABASE_URL": self.database_url,
            "GAVEL_DATA_DIR": str(self.folder / "data"),
            "GAVEL_SPA_DIR": str(self.folder / "no-spa"),
            "GAVEL_ADMIN_EMAIL": ADMIN_EMAIL,
            "GAVEL_ADMIN_PASSWORD": ADMIN_PASSWORD,
            "GAVEL_DEMO_DATA": "0",
            "GAVEL_LOG_JSON": "0",
            "GAVEL_HOST": "127.0.0.1",
            "GAVEL_PORT": str(self.port),
            "GAVEL_WORKERS": str(self.workers),
            "GAVEL_EMAIL_PROVIDER": "local",
            "GAVEL_SMS_PROVIDER": "local",
            "GAVEL_WHATSAPP_PROVIDER": "local",
        }

    async def start(self) -> None:
        self.server.init()
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(  # noqa: ASYNC220, S603 (once, before any load; our own command)
                [str(PY), "-m", "gavel", "serve"],
                cwd=BACKEND,
                env=self.env(),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        await self.wait_ready()

    async def wait_ready(self, seconds: float = 120) -> None:
        """Until every app process answers (each worker's health is asked on fresh connections)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise SystemExit(
                    f"the app stopped while starting (exit {self.process.returncode}): {self.log}"
                )
            if len(self.worker_pids()) >= self.workers:
                with contextlib.suppress(httpx.TransportError):
                    async with httpx.AsyncClient(base_url=self.base, timeout=2) as client:
                        if (await client.get("/api/health")).status_code == 200:
                            return
            await asyncio.sleep(0.3)
        raise SystemExit(f"the app did not start within {seconds:.0f} s: {self.log}")

    def worker_pids(self) -> list[int]:
        """The app processes: the serve process's children (uvicorn's workers), or itself with one worker."""
        if self.process is None:
            return []
        if self.workers <= 1:
            return [self.process.pid]
        found = subprocess.run(  # noqa: S603 (a fixed command and a process id)
            ["pgrep", "-P", str(self.process.pid)],  # noqa: S607 (procps' pgrep from PATH)
            capture_output=True,
            text=True,
            check=False,
        )
        pids = [int(p) for p in found.stdout.split()]
        # multiprocessing's resource tracker is a child too: a worker listens on the app's port.
        return [pid for pid in pids if self._listens(pid)]

    def _listens(self, pid: int) -> bool:
        inodes = _listening_inodes(self.port)
        return bool(inodes & _socket_inodes(pid))

    def owner_of(self, client_port: int, pids: list[int] | None = None) -> int | None:
        """The app process (of `pids`, by default the current ones) holding the server side of the client's
        connection from `client_port`."""
        return self.owners([client_port], pids).get(client_port)

    def owners(self, client_ports: list[int], pids: list[int] | None = None) -> dict[int, int | None]:
        """`owner_of` for many connections at once (one read of /proc/net/tcp and of each process's fds)."""
        rows = _tcp_rows()
        mine = ":" + _hex_port(self.port)
        inode_of = {int(r[2].split(":")[1], 16): r[9] for r in rows if r[1].endswith(mine) and r[3] == "01"}
        held = {pid: _socket_inodes(pid) for pid in (pids if pids is not None else self.worker_pids())}
        found: dict[int, int | None] = {}
        for port in client_ports:
            inode = inode_of.get(port)
            found[port] = next((pid for pid, inodes in held.items() if inode in inodes), None)
        return found

    def log_size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def request_durations(
        self, start: int, end: int | None = None, paths: tuple[str, ...] = ()
    ) -> list[float]:
        """The app's own duration_ms of the requests it logged between two sizes of its log (access log lines
        whose path ends with one of `paths`): the time inside the app process, the bench's client excluded."""
        with self.log.open("rb") as log:
            log.seek(start)
            text = log.read((end - start) if end is not None else -1).decode(errors="replace")
        found = []
        for line in text.splitlines():
            if not line.startswith("INFO gavel.access request {"):
                continue
            with contextlib.suppress(ValueError, KeyError):
                record = json.loads(line[line.index("{") :])
                if not paths or record["path"].endswith(paths):
                    found.append(float(record["duration_ms"]))
        return found

    def cpu_seconds(self) -> dict[str, float]:
        """CPU seconds used so far by the app processes, by this PostgreSQL (its postmaster, living backends
        and the exited ones, counted in the postmaster's children's time) and by the bench itself."""
        tick = os.sysconf("SC_CLK_TCK")

        def of(pid: int, children: bool = False) -> float:
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                used = (
                    int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
                )
                return used / tick
            return 0.0

        postmaster = int((self.server.data / "postmaster.pid").read_text().split()[0])
        backends = subprocess.run(  # noqa: S603 (a fixed command and a process id)
            ["pgrep", "-P", str(postmaster)],  # noqa: S607 (procps' pgrep from PATH)
            capture_output=True,
            text=True,
            check=False,
        ).stdout.split()
        bench = os.times()
        return {
            "app": sum(of(pid) for pid in self.worker_pids()),
            "postgres": of(postmaster, children=True) + sum(of(int(pid)) for pid in backends),
            "bench": bench.user + bench.system,
        }

    def kill(self, pid: int) -> None:
        os.kill(pid, signal.SIGKILL)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.server.stop()


def owner_on(app_port: int, client_port: int, pids: list[int]) -> int | None:
    """The process of `pids` holding the server side of the connection from `client_port` to `app_port`
    (`Stack.owner_of` without the stack: for a process of the bench's own)."""
    rows = _tcp_rows()
    mine = ":" + _hex_port(app_port)
    inode = next(
        (
            r[9]
            for r in rows
            if r[1].endswith(mine) and r[3] == "01" and int(r[2].split(":")[1], 16) == client_port
        ),
        None,
    )
    return next((pid for pid in pids if inode is not None and inode in _socket_inodes(pid)), None)


def _hex_port(port: int) -> str:
    return f"{port:04X}"


def _tcp_rows() -> list[list[str]]:
    return [line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:]]


def _listening_inodes(port: int) -> set[str]:
    return {r[9] for r in _tcp_rows() if r[1].endswith(":" + _hex_port(port)) and r[3] == "0A"}


def _socket_inodes(pid: int) -> set[str]:
    found = set()
    with contextlib.suppress(FileNotFoundError, PermissionError):
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    found.add(target[8:-1])
    return found


class Api:
    """The API as the signed-in administrator."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.client = httpx.AsyncClient(base_url=base, timeout=120)
        self.token = ""

    async def sign_in(self, email: str = ADMIN_EMAIL, password: str = ADMIN_PASSWORD) -> None:
        body = {"email": email, "password": password, "rememberMe": False}
        answer = await self.client.post("/api/auth/login", json=body)
        if answer.status_code == 409:  # a session of this user is open: end it, as the sign-in screen offers
            answer = await self.client.post("/api/auth/logout-session", json=body)
        if answer.status_code != 200:
            raise SystemExit(f"sign-in of {email}: {answer.status_code} {answer.text[:300]}")
        signed = answer.json()
        self.token = signed["token"]
        self.client.headers["Authorization"] = f"Bearer {self.token}"
        if signed.get("user", {}).get("mustChangePassword"):
            own = f"{password}-Own"
            change = {"currentPassword": password, "password": own, "confirmPassword": own}
            await self.call("PUT", "/api/auth/change-password", change)

    async def call(
        self, method: str, path: str, body: Any = None, expect: int | tuple[int, ...] = 200
    ) -> Any:
        answer = await self.client.request(method, path, json=body)
        wanted = (expect,) if isinstance(expect, int) else expect
        if answer.status_code not in wanted:
            raise SystemExit(f"setup: {method} {path} answered {answer.status_code}: {answer.text[:400]}")
        return answer.json() if answer.content else None

    async def close(self) -> None:
        await self.client.aclose()


async def gathered(jobs: list[Any], at_once: int = 6) -> list[Any]:
    """The coroutines `jobs`, at most `at_once` at a time, their answers in order."""
    gate = asyncio.Semaphore(at_once)

    async def one(job: Any) -> Any:
        async with gate:
            return await job

    return list(await asyncio.gather(*(one(j) for j in jobs)))


@dataclass
class Auction:
    auction_id: str
    event_id: str
    start: datetime
    lanes: dict[str, str] = field(default_factory=dict)  # letter -> lane id


@dataclass
class Sale:
    """The data of the bidding benches, made through the API."""

    api: Api
    staff_id: str = ""
    location: str = ""
    seller: str = ""
    plan: str = ""
    buyers: list[str] = field(default_factory=list)
    serial: int = 0
    desk: Api | None = None

    async def prepare(self, buyers: int, buying_power: int = 50_000_000) -> None:
        api = self.api
        self.staff_id = (await api.call("GET", "/api/auth/me"))["user"]["_id"]
        for fee in FEES:
            await api.call("POST", "/api/charge/create", fee, expect=201)
        self.location = (await api.call("POST", "/api/locations/create", YARD, expect=201))["_id"]
        self.seller = await self._seller()
        plan = {"name": "Bench bidders", "planAmount": 10000, "buyingPower": buying_power}
        self.plan = (await api.call("POST", "/api/plan/create", plan, expect=201))["_id"]
        self.desk = await self._deposit_desk()
        self.buyers = await gathered([self._buyer(n) for n in range(1, buyers + 1)])

    async def _seller(self) -> str:
        expiry = (datetime.now(UTC).date() + timedelta(days=400)).isoformat()
        body = {
            "firstName": "Majid",
            "lastName": "Seller",
            "email": "bench-seller@example.com",
            "phone": "0502223301",
            "memberIdentityNo": "784-1980-1234501-1",
            "memberTypes": ["seller"],
            "memberEntity": "individual",
            "sellerType": "individual",
            "memberProfile": {
                "identityType": "nic",
                "identityExpiry": expiry,
                "emirate": "Dubai",
                "city": "Dubai",
            },
        }
        member = (await self.api.call("POST", "/api/members/create", body, expect=201))["data"]
        await self.api.call(
            "PUT", "/api/members/update-status", {"ids": [member["_id"]], "status": "approved"}
        )
        return str(member["_id"])

    async def _deposit_desk(self) -> Api:
        grant = {"module": "Payments", "view": True, "add": True, "edit": True, "updateStatus": True}
        role = await self.api.call(
            "POST", "/api/role/create", {"name": "Deposit desk", "permissions": [grant]}, expect=201
        )
        password = "Deposit-Desk-2026"  # noqa: S105 (a throwaway database)
        user = {
            "fullName": "Noura Deposit Desk",
            "email": "deposit.desk@example.com",
            "phone": "050 777 1234",
            "dob": "1990-03-15",
            "gender": "F",
            "emiratesId": "784-1990-1234567-6",
            "rolePermission": role["_id"],
            "password": password,
        }
        await self.api.call("POST", "/api/users/create", user, expect=201)
        desk = Api(self.api.base)
        await desk.sign_in("deposit.desk@example.com", password)
        return desk

    async def _buyer(self, n: int) -> str:
        api = self.api
        expiry = (datetime.now(UTC).date() + timedelta(days=900)).isoformat()
        body = {
            "firstName": "Khalid",
            "lastName": f"Bidder{n}",
            "email": f"bidder{n}@example.com",
            "phone": f"055{n:07d}",
            "memberIdentityNo": f"784-1985-{n:07d}-2",
            "memberTypes": ["buyer"],
            "memberEntity": "individual",
            "securityPlan": self.plan,
            "memberProfile": {"identityType": "passport", "identityExpiry": expiry},
        }
        member = (await api.call("POST", "/api/members/create", body, expect=201))["data"]
        await api.call("PUT", "/api/members/update-status", {"ids": [member["_id"]], "status": "approved"})
        invoices = await api.call("POST", "/api/invoices/get", {"memberId": member["_id"], "kind": "deposit"})
        for invoice in invoices["data"]:
            if invoice["status"] == "paid" or invoice["dueAmount"] <= 0:
                continue
            payment = {
                "invoiceId": invoice["_id"],
                "amount": invoice["dueAmount"],
                "paymentMethod": "cash",
                "paymentDateAndTime": invoice["invoiceCreatedDate"],
            }
            paid = await api.call("POST", "/api/payments/inbound", payment, expect=201)
            assert self.desk is not None
            await self.desk.call("PUT", f"/api/payments/{paid['data']['_id']}/verify")
        return str(member["_id"])

    async def vehicles(self, count: int, opening: int = 15000, reserve: int = 20000) -> list[str]:
        first = self.serial + 1
        self.serial += count
        return await gathered([self._vehicle(n, opening, reserve) for n in range(first, first + count)])

    async def _vehicle(self, serial: int, opening: int, reserve: int) -> str:
        api = self.api
        body = {**VEHICLE, "vinNumber": vin(serial), "openingPrice": opening, "reservePrice": reserve}
        body["memberProfile"] = self.seller
        made = (await api.call("POST", "/api/vehicles/create", body, expect=201))["data"]["_id"]
        for step in ({"isReceived": True}, {"isInspection": "completed"}):
            await api.call("PUT", f"/api/vehicles/update-vehicle-status/{made}", step)
        await api.call("PUT", "/api/vehicles/update-status", {"ids": [made], "status": "approved"})
        return str(made)

    async def auction(
        self,
        title: str,
        kind: str,
        lanes: list[list[str]],
        *,
        start: datetime,
        counter_bid_seconds: int = 10,
        increment: int = 500,
    ) -> Auction:
        """A published auction of `kind` (Live or Online) whose first event starts at `start` with
        `lanes[i]` (vehicle ids, in run order) in lane i."""
        body = {
            "auctionTitle": title,
            "auctionType": kind,
            "location": self.location,
            "lanes": len(lanes),
            "bidIncrementAmount": increment,
            "counterBidTime": counter_bid_seconds,
            "startDate": start.isoformat(),
            "endDate": (start + timedelta(hours=3)).isoformat(),
        }
        auction_id = (await self.api.call("POST", "/api/auctions/create", body, expect=201))["data"]["_id"]
        event = (await self.api.call("GET", f"/api/auction-event/all-auction-events/{auction_id}"))["data"][0]
        placements = [{"vehicleId": v, "lane": LANE_LETTERS[i]} for i, lane in enumerate(lanes) for v in lane]
        for at in range(0, len(placements), 100):
            chunk = placements[at : at + 100]
            await self.api.call("POST", f"/api/auction-event/add-vehicle/{event['_id']}", {"vehicles": chunk})
        await self.api.call("PUT", "/api/auctions/status", {"auctionIds": [auction_id], "status": "publish"})
        made = Auction(auction_id, event["_id"], start)
        for lane in event.get("lanes", []):
            made.lanes[lane.get("laneLetter") or LANE_LETTERS[lane["laneNumber"] - 1]] = lane["_id"]
        return made


async def wait_until(moment: datetime) -> None:
    left = (moment - datetime.now(UTC)).total_seconds()
    if left > 0:
        print(f"waiting {left:.0f} s for the event to start ({moment:%H:%M:%S} UTC)", flush=True)
        await asyncio.sleep(left)


FEES = [
    {
        "title": "Buyer fee up to 30,000 AED",
        "charges": 350,
        "appliesTo": "buyer",
        "minPrice": 0,
        "maxPrice": 30000,
    },
    {"title": "Buyer fee above 30,000 AED", "charges": 750, "appliesTo": "buyer", "minPrice": 30000.01},
    {"title": "Gate fee", "charges": 100, "appliesTo": "buyer", "kind": "gatePass"},
    {"title": "Late payment fee", "charges": 500, "appliesTo": "buyer", "kind": "latePayment"},
    {"title": "Storage per day", "charges": 35, "appliesTo": "buyer", "kind": "storagePerDay"},
]
YARD = {
    "title": "Al Quoz Bench Yard",
    "physical_address": "Street 18, Al Quoz Industrial Area 3",
    "phone_number": "04 321 5555",
    "country": "United Arab Emirates",
    "state": "Dubai",
    "city": "Al Quoz",
}
VEHICLE: dict[str, Any] = {
    "title": "2019 Toyota Land Cruiser GXR",
    "make": "Toyota",
    "model": "Land Cruiser",
    "year": 2019,
    "transmission": "Automatic",
    "engineDetails": "4.0L V6",
    "driveType": "4WD",
    "fuelType": "Petrol",
    "mileage": 86500,
    "keysAvailable": True,
    "runAndDrive": True,
    "startStatus": True,
    "color": "White",
    "bodyStyle": "SUV",
    "primaryDamage": "Front End",
    "secondaryDamage": "Minor Dents/Scratches",
    "cylinders": 6,
}
_TRANSLITERATION = dict(
    zip(
        "ABCDEFGHJKLMNPRSTUVWXYZ",
        [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
        strict=True,
    )
)
_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]


def vin(serial: int) -> str:
    """A Honda-style VIN with its check digit right (as tests/vehicles/factory.py makes them)."""
    body = "1HGCM826" + f"0KA{serial:06d}"
    total = sum(
        (int(c) if c.isdigit() else _TRANSLITERATION[c]) * w for c, w in zip(body, _WEIGHTS, strict=True)
    )
    check = "X" if total % 11 == 10 else str(total % 11)
    return body[:8] + check + body[9:]
