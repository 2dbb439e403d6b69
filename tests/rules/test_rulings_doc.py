"""docs/rulings.md explains every ruling id the code, the data and the scenarios cite.

Shared rulings (R1, R2, ...) are restated in the page's "Shared rulings in short" table, so a reader without
../shared can follow a citation; project rulings (P1, P2, ...) must exist and must not be withdrawn.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings.md"
ROW = re.compile(r"^\| ([RP]\d+) \|(.*)$", re.M)
SCENARIO = re.compile(r"`((?:book|card|flow|ruling)-[a-z0-9-]+)`")
R_ID = re.compile(r"\bR(\d{1,2})\b")
P_ID = re.compile(r"\bP(\d{1,2})\b")


def _rows() -> dict[str, str]:
    return {m.group(1): m.group(2) for m in ROW.finditer(DOC.read_text(encoding="utf-8"))}


def _sources() -> list[Path]:
    out = list((ROOT / "quacks").rglob("*.py")) + list((ROOT / "data").rglob("*.yaml"))
    out += list((ROOT / "tests" / "scenarios").rglob("*.yaml"))
    out += [p for p in (ROOT / "tests" / "rules").glob("test_*.py") if p.name != Path(__file__).name]
    return out


def _cited(pattern: re.Pattern[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for p in _sources():
        for m in pattern.finditer(p.read_text(encoding="utf-8")):
            found.setdefault(m.group(0), []).append(str(p.relative_to(ROOT)))
    return found


def test_every_cited_shared_ruling_is_restated() -> None:
    rows = _rows()
    missing = {rid: where[:3] for rid, where in _cited(R_ID).items() if rid not in rows}
    assert not missing, f"shared rulings cited but not restated in docs/rulings.md: {missing}"


def test_every_cited_project_ruling_stands() -> None:
    rows = _rows()
    bad = {}
    for pid, where in _cited(P_ID).items():
        if pid not in rows:
            bad[pid] = ("missing", where[:3])
        elif "withdrawn" in rows[pid].lower():
            bad[pid] = ("withdrawn", where[:3])
    assert not bad, f"project rulings cited but missing or withdrawn in docs/rulings.md: {bad}"


def test_withdrawn_rulings_name_their_replacement() -> None:
    for pid, row in _rows().items():
        if pid.startswith("P") and "withdrawn" in row.lower():
            assert R_ID.search(row), f"{pid} is withdrawn without naming the shared ruling that decides it"


def test_the_scenarios_a_shared_ruling_names_exist_and_cite_it() -> None:
    """The short rows of R38 and R42-R46 name the scenarios that play them out; each exists and cites its id."""
    named = 0
    for rid, row in _rows().items():
        for name in SCENARIO.findall(row):
            path = ROOT / "tests" / "scenarios" / f"{name}.yaml"
            assert path.is_file(), f"{rid} names {name}, which is not in tests/scenarios"
            assert re.search(rf"\b{rid}\b", path.read_text(encoding="utf-8")), f"{name} does not cite {rid}"
            named += 1
    assert named >= 18, f"only {named} scenarios named in the shared rulings' rows"
