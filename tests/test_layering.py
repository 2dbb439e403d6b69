"""The layers hold: the packages of ``quacks/`` import one another in one order only (the table below), the
rules, content, bots, match, wording and storage never import pygame, nothing but the entry points and the
developer commands imports the table, and nothing of the game imports the developer commands (``devtools``, which
the bundle leaves out) (architecture: ui -> session -> rules <- ai; docs/architecture.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ["quacks.rules", "quacks.content", "quacks.ai", "quacks.session", "quacks.session.driver", "quacks.storage",
        "quacks.wording", "quacks.wording.decisions", "quacks.wording.events", "quacks.wording.cards",
        "quacks.wording.results", "quacks.wording.actions", "quacks.devtools.tournament", "quacks.scenario",
        "quacks.i18n", "quacks.names", "quacks.tutorial", "quacks.datacheck", "quacks.net", "quacks.net.protocol",
        "quacks.net.roomcode", "quacks.net.ratelimit", "quacks.net.discovery"]
ENTRY_POINTS = {"quacks/cli.py", "quacks/selftest.py", "quacks/__main__.py"}

#: THE PACKAGE ORDER, written once: each area of ``quacks/`` (a package, or a module at its top; "quacks" is
#: the package's own ``__init__.py``) and the areas right below it that it may import. An area may import
#: what it lists and, through them, everything they may import: nothing runs back up, and the table itself
#: has no circle (``test_the_order_has_no_circle``). A new package or top-level module gets its row here.
BELOW: Mapping[str, frozenset[str]] = {
    # the ground floor: no game, only the program's files, languages and the checks of a name
    "version": frozenset(),
    "resources": frozenset(),
    "i18n": frozenset({"resources"}),
    "accel": frozenset({"resources"}),  # loads the compiled engine by name (importlib), never imports it
    "names": frozenset({"i18n"}),
    "quacks": frozenset({"accel"}),
    # the pure engine: no files, no words, no bots
    "rules": frozenset(),
    # the data read into the engine's catalogue, with its translations
    "content": frozenset({"rules", "names", "resources"}),
    # bots: the engine alone; their reasons are templates that wording puts into words
    "ai": frozenset({"rules", "i18n"}),
    # a match: engine, seats, bots, seeding, pace
    "session": frozenset({"ai", "content"}),
    # everything the game says; it reads the data's translations through content
    "wording": frozenset({"session"}),
    # the guided game: its script (data/tutorial.yaml), triggers, coach and lessons
    "tutorial": frozenset({"wording"}),
    # the commands' and the tools' modules
    "datacheck": frozenset({"tutorial"}),
    "scenario": frozenset({"session"}),
    "storage": frozenset({"session"}),
    # a match across computers: the wire protocol, room codes, the seat view (no pygame)
    "net": frozenset({"session", "rules", "content", "names", "version", "storage"}),
    # pygame: the window, the scenes, the table
    "ui": frozenset({"tutorial", "storage", "version", "net"}),
    # the entry points
    "selftest": frozenset({"ui", "datacheck"}),
    # python -m quacks: it names the developer commands' modules and imports one by name only when it is asked for
    # (importlib), so it never imports devtools itself: the bundle leaves devtools out
    "cli": frozenset({"selftest", "scenario"}),
    "__main__": frozenset({"cli"}),
    # the developer commands (bench, simulate, screenshots, check-layout, train-expert, strength): they may import
    # anything of the game, and nothing of the game imports them (build_installer.spec leaves them out)
    "devtools": frozenset({"selftest", "scenario", "accel"}),
}


def may_import(below: Mapping[str, frozenset[str]] = BELOW) -> dict[str, set[str]]:
    """Each area and every area it may import (what it lists, and what those may import, all the way down)."""
    out: dict[str, set[str]] = {}

    def reach(area: str, path: tuple[str, ...]) -> set[str]:
        if area in path:
            raise ValueError("the order runs in a circle: " + " -> ".join((*path, area)))
        if area not in out:
            found: set[str] = set()
            for lower in below.get(area, frozenset()):
                found |= {lower} | reach(lower, (*path, area))
            out[area] = found
        return out[area]

    for area in below:
        reach(area, ())
    return out


def area_of(module: str) -> str | None:
    """``quacks.wording.text`` -> ``wording``; ``quacks.cli`` -> ``cli``; ``quacks`` -> ``quacks``; None for a
    module of another project."""
    parts = module.split(".")
    if parts[0] != "quacks":
        return None
    return parts[1] if len(parts) > 1 else "quacks"


def _module(rel: str) -> str:
    parts = list(Path(rel).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, source: str | None = None) -> set[str]:
    """The modules a file imports (``path`` under ROOT; ``source``: its text, read from the file if None)."""
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
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


def order_problems(files: Iterable[tuple[Path, str | None]], below: Mapping[str, frozenset[str]] = BELOW) -> list[str]:
    """Every import of ``files`` (path, its text or None to read it) that the order does not allow, and every
    area that has no row in the order, each as one line naming the file."""
    allowed = may_import(below)
    problems: list[str] = []
    for path, source in files:
        rel = path.relative_to(ROOT).as_posix()
        here = area_of(_module(rel))
        if here is None or here not in allowed:
            problems.append(f"{rel}: its area {here!r} has no row in the package order (tests/test_layering.py)")
            continue
        for module in sorted(_imports(path, source)):
            there = area_of(module)
            if there is None or there == here or module == "quacks":
                continue  # another project; the area itself; the package (``from . import x`` names x too)
            if there not in allowed[here]:
                problems.append(f"{rel}: {here} must not import {there} ({module})")
    return problems


def _quacks_files() -> list[tuple[Path, str | None]]:
    return [(p, None) for p in sorted((ROOT / "quacks").rglob("*.py"))]


def test_every_import_follows_the_package_order() -> None:
    assert order_problems(_quacks_files()) == []


def test_the_order_has_no_circle() -> None:
    allowed = may_import()
    assert all(area not in lower for area, lower in allowed.items())
    assert set().union(*BELOW.values()) <= set(BELOW), "an area below another needs its own row"


def test_a_planted_import_that_runs_back_up_is_reported() -> None:
    planted = ROOT / "quacks" / "content" / "planted.py"
    source = "from ..wording import data_text\nfrom ..rules.game import Game\nimport quacks.ui.app\nimport yaml\n"
    assert order_problems([(planted, source)]) == [
        "quacks/content/planted.py: content must not import ui (quacks.ui.app)",
        "quacks/content/planted.py: content must not import wording (quacks.wording)",
        "quacks/content/planted.py: content must not import wording (quacks.wording.data_text)",
    ]
    bots = ROOT / "quacks" / "ai" / "planted.py"
    assert order_problems([(bots, "from ..wording.reasons import reason_text\n")]) == [
        "quacks/ai/planted.py: ai must not import wording (quacks.wording.reasons)",
        "quacks/ai/planted.py: ai must not import wording (quacks.wording.reasons.reason_text)",
    ]


def test_nothing_of_the_game_imports_the_developer_commands() -> None:
    """devtools sits on top: it may import every area of the game (the entry points aside), and no area may import
    it (the bundle leaves it out; the cli reaches a developer command by its module's name only)."""
    allowed = may_import()
    assert [area for area, lower in allowed.items() if "devtools" in lower] == []
    assert allowed["devtools"] == set(BELOW) - {"devtools", "cli", "__main__", "quacks"}
    assert "scenario" not in allowed["storage"]  # save checks live beside the rules they check (rules/config.py)
    planted = ROOT / "quacks" / "ui" / "planted.py"
    assert order_problems([(planted, "from ..devtools.ui.shots import run\n")]) == [
        "quacks/ui/planted.py: ui must not import devtools (quacks.devtools.ui.shots)",
        "quacks/ui/planted.py: ui must not import devtools (quacks.devtools.ui.shots.run)",
    ]
    cli = ROOT / "quacks" / "cli.py"
    assert order_problems([(cli, "from .devtools import bench\n")]) == [
        "quacks/cli.py: cli must not import devtools (quacks.devtools)",
        "quacks/cli.py: cli must not import devtools (quacks.devtools.bench)",
    ]
    saves = ROOT / "quacks" / "storage" / "planted.py"
    assert order_problems([(saves, "from ..scenario import parse_scenario\n")]) == [
        "quacks/storage/planted.py: storage must not import scenario (quacks.scenario)",
        "quacks/storage/planted.py: storage must not import scenario (quacks.scenario.parse_scenario)",
    ]


def test_a_new_area_without_a_row_is_reported() -> None:
    new = ROOT / "quacks" / "network" / "host.py"
    assert order_problems([(new, "from ..session.match import Match\n")]) == [
        "quacks/network/host.py: its area 'network' has no row in the package order (tests/test_layering.py)"]


def test_a_circle_in_the_order_is_refused() -> None:
    circle = {**BELOW, "rules": frozenset({"wording"})}
    try:
        may_import(circle)
    except ValueError as e:
        assert "rules -> wording" in str(e) or "wording -> " in str(e)
    else:
        raise AssertionError("a circle in the order was not found")


def test_importing_the_pure_packages_does_not_import_pygame() -> None:
    code = "import sys\n" + "".join(f"import {m}\n" for m in PURE) + \
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\nprint(bad)\n" \
        "raise SystemExit(1 if bad else 0)"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def test_only_the_entry_points_import_the_table() -> None:
    offenders = []
    for path in sorted((ROOT / "quacks").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("quacks/ui/", "quacks/devtools/")) or rel in ENTRY_POINTS:
            continue
        if any(m == "quacks.ui" or m.startswith("quacks.ui.") or m == "pygame" or m.startswith("pygame.")
               for m in _imports(path)):
            offenders.append(rel)
    assert offenders == []


def test_the_import_check_sees_relative_imports() -> None:
    found = _imports(ROOT / "quacks" / "ui" / "scenes" / "table.py")
    assert "quacks.ui.app" in found and "quacks.session.driver" in found
