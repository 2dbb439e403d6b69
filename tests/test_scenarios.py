"""Every scenario passes: the shared examples (a fixed contract, copied to tests/scenarios/shared/ so a clean
clone has them) and the project's own under tests/scenarios/. Each file runs once; where the shared folder
is next to the checkout, the copies are checked to be the originals, byte for byte."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from quacks import scenario

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "scenarios"  # the originals, when the checkout sits beside them
COPIES = HERE / "scenarios" / "shared"
FILES = sorted((HERE / "scenarios").rglob("*.yaml"))


def _id(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


@pytest.mark.parametrize("path", FILES, ids=[_id(p) for p in FILES])
def test_scenario_passes(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = scenario.main(str(path))
    out, err = capsys.readouterr()
    assert code == 0, err
    json.loads(out)


def test_each_scenario_runs_once() -> None:
    assert len({p.resolve() for p in FILES}) == len(FILES)
    assert not any(p.is_relative_to(SHARED) for p in FILES)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared scenarios are not beside this checkout")
def test_the_copies_of_the_shared_scenarios_are_the_originals() -> None:
    originals = {p.name: p.read_bytes() for p in SHARED.glob("*.yaml")}
    copies = {p.name: p.read_bytes() for p in COPIES.glob("*.yaml")}
    assert sorted(copies) == sorted(originals), "copy every file of ../shared/scenarios to tests/scenarios/shared"
    changed = [n for n in originals if copies[n] != originals[n]]
    assert not changed, f"tests/scenarios/shared differs from ../shared/scenarios: {changed}"


def test_there_are_enough_scenarios() -> None:
    own = [p for p in (HERE / "scenarios").glob("*.yaml")]
    assert len(own) >= 70, f"only {len(own)} scenarios of our own"
    for p in own:
        text = p.read_text(encoding="utf-8")
        assert text.lstrip().startswith("about:"), f"{p.name} has no about: first"


def test_command_line_contract(tmp_path: Path) -> None:
    """Exit 2 with the step, the reason and what the game waits for; nothing on stdout."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "setup: {seats: [Nina, Lucas], books: 1, fortunes: off}\n"
        "steps:\n  - Nina draw white-2\n  - Lucas pick red-1\n",
        encoding="utf-8",
    )
    r = subprocess.run([sys.executable, "-m", "quacks", "scenario", str(bad)], capture_output=True, text=True,
                       cwd=HERE.parent)
    assert r.returncode == 2
    assert r.stdout == ""
    assert 'step 2 "Lucas pick red-1"' in r.stderr and "legal" in r.stderr


def test_failed_expectation_exits_1_and_names_the_field(tmp_path: Path) -> None:
    f = tmp_path / "wrong.yaml"
    f.write_text(
        "setup: {seats: [Nina, Lucas], books: 1, fortunes: off}\n"
        "steps: [Nina draw white-2]\n"
        "expect: {seats: {Nina: {white_total: 3}}}\n",
        encoding="utf-8",
    )
    r = subprocess.run([sys.executable, "-m", "quacks", "scenario", str(f)], capture_output=True, text=True,
                       cwd=HERE.parent)
    assert r.returncode == 1
    assert json.loads(r.stdout)["seats"][0]["white_total"] == 2
    assert "seats.Nina.white_total: expected 3, got 2" in r.stderr
