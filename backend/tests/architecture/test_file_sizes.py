"""Issue 24, done when: no file of the backend's package passes 500 lines (split by responsibility)."""

from pathlib import Path

import gavel

GAVEL = Path(gavel.__file__).resolve().parent
LIMIT = 500


def test_no_file_of_gavel_passes_500_lines() -> None:
    too_long = {}
    for path in sorted(GAVEL.rglob("*.py")):
        lines = len(path.read_text().splitlines())
        if lines > LIMIT:
            too_long[str(path.relative_to(GAVEL.parent))] = lines
    assert not too_long, f"files over {LIMIT} lines: {too_long}"
