"""Issue 24, done when: the package graph of gavel (any file of gavel/X importing gavel.Y, tests excluded) has
no cycle. Imports inside functions and under TYPE_CHECKING count: hiding one there does not remove the
dependency."""

from pathlib import Path

import gavel
from tests.architecture.package_graph import describe, package_graph, shortest_cycle, strongly_connected

GAVEL = Path(gavel.__file__).resolve().parent


def test_the_package_graph_of_gavel_has_no_cycle() -> None:
    tops, edges = package_graph(GAVEL)
    components = strongly_connected(tops, edges)
    cycles = [f"{', '.join(c)}\n    e.g. {describe(shortest_cycle(c, edges), edges)}" for c in components]
    assert not cycles, "packages that import each other in a cycle:\n  " + "\n  ".join(cycles)


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_graph_counts_imports_in_functions_under_type_checking_and_relative_ones(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "sample",
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/a.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from sample.high import b\n"
            ),
            "low/c.py": "def f():\n    from ..mid import d\n",
            "mid/__init__.py": "",
            "mid/d.py": "from sample import low\n",
            "high/__init__.py": "",
            "high/b.py": "import sample.low.a\n",
            "alone.py": "import os\nfrom . import low\n",
        },
    )
    tops, edges = package_graph(root)
    assert tops == {"low", "mid", "high", "alone"}
    assert {a: sorted(bs) for a, bs in edges.items() if bs} == {
        "low": ["high", "mid"],
        "mid": ["low"],
        "high": ["low"],
        "alone": ["low"],
    }
    assert edges["low"]["high"] == ["low/a.py:3"]
    assert strongly_connected(tops, edges) == [["high", "low", "mid"]]
    assert describe(shortest_cycle(["high", "low", "mid"], edges), edges) == (
        "high -> low (high/b.py:1) -> high (low/a.py:3)"
    )


def test_a_graph_without_a_cycle_has_no_component(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "sample",
        {"__init__.py": "", "low.py": "", "high/__init__.py": "from sample.low import x\n"},
    )
    tops, edges = package_graph(root)
    assert strongly_connected(tops, edges) == []
