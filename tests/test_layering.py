"""The layers hold: the rules, content, bots, match, wording and storage never import pygame, and nothing
but the entry points imports the table (architecture: ui -> session -> rules <- ai)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ["quacks.rules", "quacks.content", "quacks.ai", "quacks.session", "quacks.session.driver", "quacks.storage",
        "quacks.wording", "quacks.wording.decisions", "quacks.wording.events", "quacks.wording.cards",
        "quacks.wording.results", "quacks.wording.actions", "quacks.tournament", "quacks.scenario", "quacks.i18n"]
ENTRY_POINTS = {"quacks/cli.py", "quacks/selftest.py", "quacks/__main__.py"}


def test_importing_the_pure_packages_does_not_import_pygame() -> None:
    code = "import sys\n" + "".join(f"import {m}\n" for m in PURE) + \
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\nprint(bad)\n" \
        "raise SystemExit(1 if bad else 0)"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    pkg = path.relative_to(ROOT).with_suffix("").parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = list(pkg[: len(pkg) - node.level + 1]) if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return out


def test_only_the_entry_points_import_the_table() -> None:
    offenders = []
    for path in sorted((ROOT / "quacks").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("quacks/ui/") or rel in ENTRY_POINTS:
            continue
        if any(m == "quacks.ui" or m.startswith("quacks.ui.") or m == "pygame" or m.startswith("pygame.")
               for m in _imports(path)):
            offenders.append(rel)
    assert offenders == []


def test_the_import_check_sees_relative_imports() -> None:
    found = _imports(ROOT / "quacks" / "ui" / "scenes" / "table.py")
    assert "quacks.ui.app" in found and "quacks.session.driver" in found
