"""The house's shape, held (issue 31): the import graph of ``quacks/`` drawn from the code, with imports inside
functions counted (they tie modules as much as any) and those under ``if TYPE_CHECKING:`` left out (they do not
run).

- no circle among the window's modules (``quacks/ui``): a screen opens another through the registry
  (``ui/screens.py``), never by importing it;
- fewer than 150 imports inside functions in the whole of ``quacks/`` (a lazy import hides a tie from the reader);
- every ``quacks/ui`` module under 500 lines, and the table's scene class (``TableScene``) under 400.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "quacks"

MAX_INNER_IMPORTS = 150
MAX_UI_MODULE_LINES = 500
MAX_TABLE_SCENE_LINES = 400


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@dataclass
class Graph:
    modules: dict[str, Path]
    edges: dict[str, set[str]] = field(default_factory=dict)
    inner: dict[str, int] = field(default_factory=dict)  # imports inside functions, per module


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import that runs, with whether it sits inside a function (``TYPE_CHECKING`` blocks left out)."""

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (x for n in child.orelse for x in walk(ast.Module(body=[n], type_ignores=[]),
                                                                   in_function))
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, in_function
            yield from walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                      ast.Lambda)))

    yield from walk(tree, False)


def import_graph() -> Graph:
    graph = Graph({module_name(p): p for p in PACKAGE.rglob("*.py")})
    for name, path in graph.modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets: set[str] = set()
        inner = 0
        for node, in_function in _imports(tree):
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            else:
                base = _absolute(name, path.name == "__init__.py", node.level, node.module)
                found = [f"{base}.{a.name}" if f"{base}.{a.name}" in graph.modules else base for a in node.names]
            found = [t for t in found if t == "quacks" or t.startswith("quacks.")]
            targets.update(t for t in found if t in graph.modules)
            inner += int(in_function)  # any import inside a function, of ours or not
        graph.edges[name] = targets
        graph.inner[name] = inner
    return graph


def circles(graph: Graph, within: str) -> list[list[str]]:
    """The strongly connected groups of more than one module among those under ``within`` (Tarjan)."""
    nodes = sorted(m for m in graph.modules if m == within or m.startswith(within + "."))
    inside = set(nodes)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.edges.get(v, set()) & inside):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def test_the_window_has_no_circle_of_imports() -> None:
    found = circles(import_graph(), "quacks.ui")
    assert found == [], "modules of quacks/ui that import one another round in a circle:\n" + "\n".join(
        " -> ".join(c) for c in found)


def test_few_imports_inside_functions() -> None:
    graph = import_graph()
    total = sum(graph.inner.values())
    worst = sorted(graph.inner.items(), key=lambda kv: -kv[1])[:8]
    assert total < MAX_INNER_IMPORTS, f"{total} imports inside functions in quacks/ (most: {worst})"


def test_every_window_module_is_a_small_room() -> None:
    big = {m: n for m, p in import_graph().modules.items() if m.startswith("quacks.ui")
           and (n := len(p.read_text(encoding="utf-8").splitlines())) >= MAX_UI_MODULE_LINES}
    assert big == {}, f"quacks/ui modules of {MAX_UI_MODULE_LINES} lines or more: {big}"


def test_the_table_scene_is_small() -> None:
    path = PACKAGE / "ui" / "scenes" / "table.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableScene")
    lines = (cls.end_lineno or cls.lineno) - cls.lineno + 1
    assert lines < MAX_TABLE_SCENE_LINES, f"TableScene is {lines} lines"


def test_the_graph_sees_a_planted_circle(tmp_path: Path) -> None:
    """The measure itself: two modules that import each other inside functions are a circle; a TYPE_CHECKING
    import is not counted."""
    graph = Graph({"quacks.ui.a": tmp_path / "a.py", "quacks.ui.b": tmp_path / "b.py"})
    graph.edges = {"quacks.ui.a": {"quacks.ui.b"}, "quacks.ui.b": {"quacks.ui.a"}}
    assert circles(graph, "quacks.ui") == [["quacks.ui.a", "quacks.ui.b"]]
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import quacks.ui.a\n"
                     "def f():\n    import quacks.ui.b\n")
    got = [(type(n).__name__, inside) for n, inside in _imports(tree)]
    assert got == [("ImportFrom", False), ("Import", True)]
