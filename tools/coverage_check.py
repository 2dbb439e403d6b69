#!/usr/bin/env python3
"""Line coverage per package from coverage.py's JSON report, and a floor every package must reach.

    python tools/coverage_check.py coverage.json [--floor 85] [--modules]

A package is a folder with an ``__init__.py``; its figure counts the modules directly in it (``quacks``
is the top-level modules only, ``quacks.ui`` does not include ``quacks.ui.scenes``). Every module of the
source tree is counted, measured or not: a module no test imports is a package's 0% lines, not a gap in
the report. Exits 1 if any package is under the floor (or a module is missing from the report).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FLOOR = 85.0


def _rel(name: str) -> str:
    p = Path(name)
    if p.is_absolute():
        try:
            p = p.resolve().relative_to(ROOT)
        except ValueError:
            return p.as_posix()
    return p.as_posix()


def package_of(path: str) -> str:
    """``quacks/ui/scenes/title.py`` -> ``quacks.ui.scenes``."""
    return ".".join(Path(path).parent.parts)


def source_modules(src: str = "quacks") -> list[str]:
    """Every ``.py`` of the source tree (relative paths), whether a test ran it or not."""
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / src).rglob("*.py")
                  if "__pycache__" not in p.parts)


Counts = tuple[dict[str, list[int]], dict[str, tuple[int, int]], list[str]]


def per_package(report: dict, src: str = "quacks") -> Counts:
    """(package -> [covered, statements], module -> (covered, statements), modules missing from the report)."""
    files = {_rel(name): data["summary"] for name, data in report["files"].items()}
    packages: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    modules: dict[str, tuple[int, int]] = {}
    missing = []
    for path in source_modules(src):
        summary = files.get(path)
        if summary is None:
            missing.append(path)
            continue
        covered, statements = summary["covered_lines"], summary["num_statements"]
        modules[path] = (covered, statements)
        acc = packages[package_of(path)]
        acc[0] += covered
        acc[1] += statements
    return dict(packages), modules, missing


def percent(covered: int, statements: int) -> float:
    return 100.0 * covered / statements if statements else 100.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report", help="coverage.py's JSON report (coverage json -o FILE)")
    ap.add_argument("--floor", type=float, default=DEFAULT_FLOOR, help="the least line coverage of every package")
    ap.add_argument("--modules", action="store_true", help="list every module under its package, lowest first")
    args = ap.parse_args(argv)
    report = json.loads(Path(args.report).read_text(encoding="utf-8"))
    packages, modules, missing = per_package(report)
    low = []
    width = max(len(p) for p in packages) if packages else 10
    print(f"{'package':<{width}}  {'lines':>6}  {'missed':>6}  {'cover':>6}")
    for pkg in sorted(packages):
        covered, statements = packages[pkg]
        pc = percent(covered, statements)
        flag = "" if pc >= args.floor else f"  < {args.floor:g}%"
        print(f"{pkg:<{width}}  {statements:>6}  {statements - covered:>6}  {pc:>5.1f}%{flag}")
        if args.modules or pc < args.floor:
            for mod in sorted((m for m in modules if package_of(m) == pkg), key=lambda m: percent(*modules[m])):
                c, s = modules[mod]
                if args.modules or percent(c, s) < args.floor:
                    print(f"    {Path(mod).name:<{width - 4}}  {s:>6}  {s - c:>6}  {percent(c, s):>5.1f}%")
        if pc < args.floor:
            low.append(pkg)
    total_c = sum(c for c, _ in packages.values())
    total_s = sum(s for _, s in packages.values())
    print(f"{'total':<{width}}  {total_s:>6}  {total_s - total_c:>6}  {percent(total_c, total_s):>5.1f}%", flush=True)
    if missing:
        print("modules missing from the report (not measured at all): " + ", ".join(missing), file=sys.stderr)
    if low:
        print(f"under {args.floor:g}% lines: {', '.join(low)}", file=sys.stderr)
    return 1 if low or missing else 0


if __name__ == "__main__":
    sys.exit(main())
