"""No module writes another object's private field (issue 20): a name that begins with one underscore is set only
by the object itself (``self._x = ...``) or its own class (``cls._x``, ``ClassName._x`` inside that class)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def private_writes(source: str, where: str) -> list[str]:
    """Every assignment in ``source`` to ``obj._name`` where ``obj`` is not ``self``, ``cls`` or the enclosing
    class by its name."""
    found: list[str] = []

    def visit(node: ast.AST, owner: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.ClassDef) else owner
            targets: list[ast.expr] = []
            if isinstance(child, ast.Assign):
                targets = list(child.targets)
            elif isinstance(child, (ast.AugAssign, ast.AnnAssign)):
                targets = [child.target]
            for t in targets:
                for el in (t.elts if isinstance(t, ast.Tuple) else [t]):
                    if (isinstance(el, ast.Attribute) and el.attr.startswith("_") and not el.attr.startswith("__")
                            and not (isinstance(el.value, ast.Name) and el.value.id in ("self", "cls", owner))):
                        found.append(f"{where}:{el.lineno}: {ast.unparse(el)}")
            visit(child, inner)

    visit(ast.parse(source), None)
    return found


def test_no_module_writes_another_objects_private_field() -> None:
    found = [w for path in sorted((ROOT / "quacks").rglob("*.py"))
             for w in private_writes(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())]
    assert found == []


def test_the_check_sees_a_planted_write() -> None:
    planted = "class A:\n    def f(self, other):\n        self._ok = 1\n        A._ok = 2\n        other._bad = 3\n" \
              "        x, other._worse = 1, 2\n"
    assert private_writes(planted, "m.py") == ["m.py:5: other._bad", "m.py:6: other._worse"]
