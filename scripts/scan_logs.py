#!/usr/bin/env python3
"""Fails when a log holds personal data of a member (issue 16: never written to the logs).

    backend/.venv/bin/python scripts/scan_logs.py PATH...

Each PATH is a log file or a folder whose `*.log` files are read, at any depth (`make test` passes its results
folder: the pytest logs, and under e2e/ the logs of the backends and the SMTP server the Playwright specs ran
against). Looked for, line by line:

- the identity numbers, phones and emails of the demo members and the demo staff, as the demo loader makes
  them (backend/gavel/demo: the members' generator is run here without a database, on the same seed);
- in the lines the app's logging wrote (JSON lines: the e2e backends), any number shaped like an Emirates ID
  (784-YYYY-NNNNNNN-N), whoever's it is (the specs make their own members). Not in the test runners' own
  output, where a failed assertion may quote the test's data.

Each finding is printed as `file:line: what` with the value masked (never the whole personal value), and the
exit status is 1 when there is any; 2 when there is no log to read.
"""

import asyncio
import re
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from unittest import mock

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "backend"))

EMIRATES_ID = re.compile(r"(?<![0-9])784-[0-9]{4}-[0-9]{7}-[0-9](?![0-9])")


class _Scalars:
    def __init__(self, rows: list[Any]) -> None:
        self.rows = rows

    def all(self) -> list[Any]:
        return self.rows


class _CollectingSession:
    """Just enough of an AsyncSession for gavel.demo.members.load_members: the demo's security plans, and the
    members it adds kept in a list."""

    def __init__(self, plans: list[Any]) -> None:
        self.plans = plans
        self.added: list[Any] = []

    async def scalars(self, _statement: Any) -> _Scalars:
        return _Scalars(self.plans)

    def add(self, row: Any) -> None:
        self.added.append(row)

    async def flush(self) -> None:
        return None


async def _demo_members() -> list[Any]:
    from gavel.demo import members as demo_members
    from gavel.demo.settings import PLANS
    from gavel.plans.models import SecurityPlan

    # load_demo runs load_settings (its PLANS) before load_members: the members' choices depend on how many.
    session = _CollectingSession([SecurityPlan(name=plan[0]) for plan in PLANS])

    async def no_deposits(*_args: Any, **_kwargs: Any) -> None:  # nor consents: both write through services
        return None

    with (
        mock.patch.object(demo_members, "_deposits", no_deposits),
        mock.patch.object(demo_members, "_consents", no_deposits),
    ):
        await demo_members.load_members(session)  # type: ignore[arg-type]
    return session.added


def demo_personal_values() -> dict[str, set[str]]:
    """The personal values of the demo: {'identity number': {...}, 'phone': {...}, 'email': {...}}."""
    from gavel.demo.staff import DEMO_STAFF

    values: dict[str, set[str]] = {"identity number": set(), "phone": set(), "email": set()}
    # In a thread of its own: the caller may be running an event loop (a test).
    with ThreadPoolExecutor(1) as pool:
        members = pool.submit(lambda: asyncio.run(_demo_members())).result()
    for member in members:
        values["identity number"].add(member.member_identity_no)
        values["phone"].add(member.phone)
        values["email"].add(member.email.lower())
    for _name, email, phone, _dob, _gender, emirates_id, *_rest in DEMO_STAFF:
        values["identity number"].add(emirates_id)
        values["phone"].add(phone)
        values["email"].add(email.lower())
    return values


def _forms(kind: str, value: str) -> set[str]:
    """The ways a value may be written, as the scan compares them (no dashes or spaces, emails in lower case):
    an Emirates ID with or without its dashes, a UAE phone as +971..., 971... or 05..."""
    if kind == "email":
        return {value.lower()}
    plain = re.sub(r"[ -]", "", value).upper()
    forms = {plain}
    if kind == "phone" and plain.startswith("+971"):
        forms |= {plain[1:], "0" + plain[4:]}
    return forms


EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
# Numbers written in one piece (dashes allowed: an Emirates ID), a passport number, and numbers in groups
# separated by single spaces (a phone written "+971 50 300 0017"): each group run is tried in every sub-run.
NUMBER = re.compile(r"(?<![0-9A-Za-z])\+?[0-9][0-9-]*[0-9](?![0-9A-Za-z])")
PASSPORT = re.compile(r"(?<![0-9A-Za-z])[A-Za-z][0-9]{6,9}(?![0-9A-Za-z])")
GROUPS = re.compile(r"(?<![0-9A-Za-z])\+?[0-9]+(?: [0-9]+){1,5}(?![0-9A-Za-z])")


def candidates(line: str) -> Iterator[str]:
    """The pieces of a line that could be a personal value, each as written."""
    yield from (m.group(0).rstrip(".") for m in EMAIL.finditer(line))
    yield from (m.group(0) for m in NUMBER.finditer(line))
    yield from (m.group(0) for m in PASSPORT.finditer(line))
    for m in GROUPS.finditer(line):
        groups = m.group(0).split(" ")
        for first in range(len(groups)):
            for last in range(first + 2, len(groups) + 1):
                yield " ".join(groups[first:last])


def _normal(text: str) -> str:
    return text.lower() if "@" in text else re.sub(r"[ -]", "", text).upper()


def mask(value: str) -> str:
    """Enough to find the value again, never the value: 'mo***@example.ae', '784-*********67-2'."""
    if "@" in value:
        local, _, domain = value.partition("@")
        return f"{local[:2]}***@{domain}"
    keep = 3 if len(value) > 8 else 1
    return value[:keep] + "*" * max(len(value) - keep - 3, 1) + value[-3:]


def log_files(paths: Iterable[str]) -> Iterator[Path]:
    for given in paths:
        path = Path(given)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.log") if p.is_file())
        elif path.is_file():
            yield path
        else:
            print(f"scan_logs: {path} does not exist", file=sys.stderr)


def scan(files: Iterable[Path], values: dict[str, set[str]]) -> tuple[list[str], int, int]:
    """The findings (`file:line: what`), and how many files and lines were read."""
    needles = {
        form: kind for kind, found in values.items() for value in found for form in _forms(kind, value)
    }
    findings: list[str] = []
    file_count = line_count = 0
    for file in files:
        file_count += 1
        with file.open(encoding="utf-8", errors="replace") as lines:
            for number, line in enumerate(lines, 1):
                line_count += 1
                reported: set[str] = set()
                app_line = line.startswith('{"time"')
                for text in candidates(line):
                    kind = needles.get(_normal(text))
                    if kind is None and app_line and EMIRATES_ID.fullmatch(text):
                        kind = "Emirates ID number (not the demo's)"
                    elif kind is not None:
                        kind += " of the demo"
                    if kind is not None and _normal(text) not in reported:
                        reported.add(_normal(text))
                        findings.append(f"{file}:{number}: {kind} {mask(text)}")
    return findings, file_count, line_count


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    files = list(log_files(argv))
    if not files:
        print("scan_logs: no log file to read in " + ", ".join(argv), file=sys.stderr)
        return 2
    values = demo_personal_values()
    findings, file_count, line_count = scan(files, values)
    counted = ", ".join(f"{len(v)} {k}s" for k, v in values.items())
    if findings:
        for finding in findings[:200]:
            print(finding)
        more = " (the first 200 shown)" if len(findings) > 200 else ""
        print(f"scan_logs: {len(findings)} personal values found in the logs{more}: they must not be logged")
        return 1
    print(
        f"scan_logs: {file_count} log files, {line_count} lines: none of the demo's {counted}, no Emirates ID"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
