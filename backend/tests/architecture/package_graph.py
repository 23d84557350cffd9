"""The package graph of a source tree, read with ast: which top-level package or module imports which.

A file of `gavel/X` (or `gavel/X.py`) importing `gavel.Y`, `gavel.Y.z`, `from gavel import Y` or a relative
name that resolves to one of those makes the edge X -> Y. Every import statement counts: at the top of a file,
inside a function, under `if TYPE_CHECKING:`; an import is a dependency wherever it is written.
"""

import ast
import itertools
from collections import defaultdict
from pathlib import Path

# X -> Y -> where (file:line of each import that makes the edge)
Graph = dict[str, dict[str, list[str]]]


def _top_of(rel: Path) -> str:
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = module.split(".")
        if not is_package:
            base = base[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join([*base, *([node.module] if node.module else [])])
    else:
        target = node.module or ""
    # `from gavel import payments` names a package; `from gavel.payments import x` names a module in it.
    return [f"{target}.{alias.name}" for alias in node.names] if "." not in target else [target]


def package_graph(root: Path) -> tuple[set[str], Graph]:
    """The top-level packages and modules of the package at `root`, and the edges between them."""
    name = root.name
    tops: set[str] = set()
    edges: Graph = defaultdict(lambda: defaultdict(list))
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel == Path("__init__.py"):
            continue
        top = _top_of(rel)
        tops.add(top)
        is_package = path.name == "__init__.py"
        module = ".".join([name, *rel.with_suffix("").parts])
        if is_package:
            module = module.removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target in _imported(node, module, is_package):
                parts = target.split(".")
                if len(parts) > 1 and parts[0] == name and parts[1] != top:
                    edges[top][parts[1]].append(f"{rel}:{node.lineno}")
    # `from gavel import __version__` and the like name no package: keep only edges between packages.
    return tops, {a: {b: w for b, w in bs.items() if b in tops} for a, bs in edges.items() if a in tops}


def strongly_connected(tops: set[str], edges: Graph) -> list[list[str]]:
    """The components of more than one package (Tarjan), each sorted, in a stable order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(tops):
        if v not in index:
            visit(v)
    return sorted(found)


def shortest_cycle(component: list[str], edges: Graph) -> list[str]:
    """A shortest cycle through the component's first package, as [a, b, ..., a] (breadth first)."""
    start = component[0]
    inside = set(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(edges.get(v, {})):
                if w not in inside:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came_from:
                    came_from[w] = v
                    following.append(w)
        frontier = following
    raise AssertionError(f"no cycle through {start} in {component}")


def describe(cycle: list[str], edges: Graph) -> str:
    """'a -> b (a/x.py:3) -> a (b/y.py:7)': each step with the first import that makes it."""
    steps = [cycle[0]]
    for a, b in itertools.pairwise(cycle):
        where = edges[a][b]
        more = f" and {len(where) - 1} more" if len(where) > 1 else ""
        steps.append(f"{b} ({where[0]}{more})")
    return " -> ".join(steps)
