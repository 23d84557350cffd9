#!/usr/bin/env python3
"""Summarise the steps of scripts/test.sh.

usage: test_summary.py STEPS_FILE

STEPS_FILE has one tab-separated line per step: name, kind, exit code, report path ("-" when none), seconds.
Kinds:
  check   a step without a report (ruff, mypy, eslint, tsc, build): one passed or one failed check;
  junit   a test runner that wrote a JUnit XML report: every test case counts; a missing or unreadable report
          counts as one failure, and so does a non-zero exit when the report shows no failure (a crash after the
          tests, or no tests at all);
  setup   an install step: counted only when it fails (one failure).
Prints one line per step, then the failed test cases by name (at most 30, each with the first line of its
message: CI shows only the end of the output), then, as the very last line, `N passed, N failed`. Exits 1 when
anything failed.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path


MAX_LISTED = 30


@dataclass
class Result:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    note: str = ""
    failures: list[str] = field(default_factory=list)


def count_junit(path: Path) -> Result:
    """Count the test cases of a JUnit XML file (pytest, vitest and Playwright flavours)."""
    root = ET.parse(path).getroot()
    result = Result()
    for case in root.iter("testcase"):
        tags = {child.tag for child in case}
        if tags & {"failure", "error"}:
            result.failed += 1
            result.failures.append(failure_line(case))
        elif "skipped" in tags:
            result.skipped += 1
        else:
            result.passed += 1
    return result


def failure_line(case: ET.Element) -> str:
    """`classname > name: first line of the message` for one failed test case."""
    name = " > ".join(part for part in (case.get("classname", ""), case.get("name", "")) if part)
    problem = case.find("failure")
    if problem is None:
        problem = case.find("error")
    message = ""
    if problem is not None:
        text = problem.get("message") or problem.text or ""
        message = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return f"{name}: {message[:200]}" if message else name


def evaluate(kind: str, code: int, report: str) -> Result:
    if kind == "check":
        return Result(passed=1) if code == 0 else Result(failed=1, note=f"exit code {code}")
    if kind == "setup":
        return Result() if code == 0 else Result(failed=1, note=f"exit code {code}")
    if kind == "skip":
        return Result(failed=1, note=report)
    path = Path(report)
    if not path.is_file():
        return Result(failed=1, note=f"no report (exit code {code})")
    try:
        result = count_junit(path)
    except ET.ParseError as exc:
        return Result(failed=1, note=f"unreadable report: {exc}")
    if code != 0 and result.failed == 0:
        result.failed += 1
        what = "no tests ran" if result.passed == 0 else "the runner failed after the tests"
        result.note = f"{what} (exit code {code})"
    return result


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    total_passed = total_failed = 0
    failures: list[str] = []
    lines = Path(argv[1]).read_text(encoding="utf-8").splitlines()
    print()
    print("Summary")
    for line in lines:
        if not line.strip():
            continue
        name, kind, code, report, seconds = (line.split("\t") + ["", "", "", "", ""])[:5]
        result = evaluate(kind, int(code or 1), report)
        total_passed += result.passed
        total_failed += result.failed
        failures.extend(f"{name}: {line}" for line in result.failures)
        if kind == "setup" and result.failed == 0:
            continue
        status = "FAIL" if result.failed else "ok"
        counts = f"{result.passed} passed, {result.failed} failed"
        if result.skipped:
            counts += f", {result.skipped} skipped"
        detail = f"  ({result.note})" if result.note else ""
        print(f"  {status:<4}  {name:<28} {counts:<32} {seconds:>4} s{detail}")
    if failures:
        print()
        print("Failed")
        for line in failures[:MAX_LISTED]:
            print(f"  {line}")
        if len(failures) > MAX_LISTED:
            print(f"  ... and {len(failures) - MAX_LISTED} more (the reports under the results directory)")
    print(f"{total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
