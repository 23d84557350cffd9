"""The lint step fails on an upward import: import-linter's command (the one `make lint` runs) on a tiny
package with a two-layer contract, as in backend/pyproject.toml. An import counts wherever it is written: at
the top of a file, inside a function or under TYPE_CHECKING."""

import subprocess
import sys
from pathlib import Path

import pytest

CONTRACT = """\
[tool.importlinter]
root_package = "layered"

[[tool.importlinter.contracts]]
id = "layers"
name = "Two layers"
type = "layers"
containers = ["layered"]
exhaustive = true
layers = ["high", "low"]
"""

UPWARD = {
    "at the top": "from layered.high import shout\n",
    "in a function": "def later():\n    from layered.high import shout\n",
    "under TYPE_CHECKING": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from layered.high import shout\n"
    ),
}


def lint(root: Path, low: str) -> subprocess.CompletedProcess[str]:
    files = {
        "pyproject.toml": CONTRACT,
        "layered/__init__.py": "",
        "layered/low/__init__.py": "",
        "layered/low/words.py": "WORD = 'hello'\n" + low,
        "layered/high/__init__.py": "",
        "layered/high/shout.py": "from layered.low.words import WORD\n\nLOUD = WORD.upper()\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    command = Path(sys.executable).parent / "lint-imports"
    return subprocess.run(
        [str(command), "--no-cache", "--no-logo"],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_downward_import_keeps_the_contract(tmp_path: Path) -> None:
    result = lint(tmp_path, "")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 1 kept, 0 broken." in result.stdout


@pytest.mark.parametrize("where", list(UPWARD))
def test_an_upward_import_breaks_it(tmp_path: Path, where: str) -> None:
    result = lint(tmp_path, UPWARD[where])
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Contracts: 0 kept, 1 broken." in result.stdout
    assert "layered.low is not allowed to import layered.high" in result.stdout
    assert "layered.low.words -> layered.high.shout" in result.stdout
