"""``python -m quacks simulate`` as a developer runs it (a handful of games): the table and the JSON object,
books per colour, both pot sides, cards off, several processes, and the mistakes it refuses; the pieces it
adds up with (decision-time bins, Wilson intervals)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from quacks import cli
from quacks.devtools import tournament
from quacks.rules.chips import SET_COLOURS, Colour

ROOT = Path(__file__).resolve().parents[1]


def test_a_small_tournament_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--seats", "easy,normal", "--games", "4", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("4 games in ") and "easy" in out and "normal" in out and "win rate" in out
    assert "4/4 games" in err  # the progress bar


def test_the_json_object_with_books_per_colour_test_tubes_and_no_cards(capsys: pytest.CaptureFixture[str]) -> None:
    books = ",".join(f"{c.value}={i % 4 + 1}" for i, c in enumerate(SET_COLOURS))
    assert cli.main(["simulate", "--seats", "easy,easy,easy", "--games", "3", "--books", books, "--pot",
                     "test-tubes", "--fortunes", "off", "--json", "--quiet"]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert err == "" and summary["games"] == 3 and summary["args"]["books"] == books
    lv = summary["levels"]["easy"]
    assert lv["seats"] == 9 and 0 <= lv["win_rate"] <= 1 and lv["ci95"][0] <= lv["win_rate"] <= lv["ci95"][1]
    assert 0 <= lv["explosion_rate"] <= 1 and lv["decision_ms"]["mean"] >= 0


def test_several_processes_add_up_to_the_same_games(tmp_path: Path) -> None:
    """In a process of its own (forking this one, with the other tests' threads, could hang a child)."""
    one = tournament.simulate(["easy", "easy"], 4, 5, books="random", progress=False)
    r = subprocess.run([sys.executable, "-m", "quacks", "simulate", "--seats", "easy,easy", "--games", "4",
                        "--seed", "5", "--books", "random", "--jobs", "2", "--json", "--quiet"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120, env={**os.environ, "QUACKS_HOME": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    two = json.loads(r.stdout)
    assert one["games"] == two["games"] == 4 and two["args"]["jobs"] == 2
    assert one["levels"]["easy"]["mean_vp"] == two["levels"]["easy"]["mean_vp"]  # the same deals


@pytest.mark.parametrize(("argv", "said"), [
    (["--seats", "easy"], "--seats needs 2 to 4 levels"),
    (["--seats", "easy,wizard"], "unknown level 'wizard'"),
    (["--seats", "easy,easy", "--books", "green=1,blue=2"], "--books mix lacks"),
])
def test_mistakes_are_refused_with_a_reason(capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    assert cli.main(["simulate", "--games", "2", "--quiet", *argv]) == 2
    assert said in capsys.readouterr().err


def test_books_by_set_random_and_per_colour() -> None:
    rng = random.Random(1)
    assert set(tournament.parse_books("3", rng).values()) == {3}
    assert set(tournament.parse_books("mix", rng).values()) <= {1, 2, 3, 4}
    spec = tournament.parse_books("orange=1," + ",".join(f"{c.value}=2" for c in SET_COLOURS), rng)
    assert spec[Colour(SET_COLOURS[0].value)] == 2


def test_time_bins_wilson_and_an_empty_summary() -> None:
    t = tournament.Times()
    assert t.percentile(0.99) == 0.0
    t.add(0.002)
    t.add_all([0.001] * 98 + [0.5])
    t.add_all([])
    assert t.n == 100 and t.max == 0.5
    assert 0.001 <= t.percentile(0.5) <= 0.001 * 1.021
    assert t.percentile(1.0) == 0.5
    u = tournament.Times()
    u.add(1.0)
    t.merge(u)
    assert t.n == 101 and t.max == 1.0
    assert tournament.wilson(0.5, 0) == (0.0, 0.0)
    lo, hi = tournament.wilson(0.5, 100)
    assert 0.39 < lo < 0.5 < hi < 0.61
    s = tournament.summarise(0, {"easy": tournament.LevelStats()}, 0.0)
    assert s["games_per_second"] == 0.0 and s["levels"]["easy"]["mean_vp"] == 0.0
    assert "0 games" in tournament.format_table(s)


def _counting_jobs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the jobs made so far (tournament.Job is wrapped)."""
    made = [0]
    real = tournament.Job.__init__

    def init(self: tournament.Job, *args: Any) -> None:
        made[0] += 1
        real(self, *args)

    monkeypatch.setattr(tournament.Job, "__init__", init)
    return made


def test_jobs_are_made_as_the_games_are_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate --games 3000000 built every job first (830 MB) before a game was played (issue 18 §4)."""
    made = _counting_jobs(monkeypatch)
    seen: list[int] = []

    def run_chunk(jobs: list[tournament.Job]) -> tuple[int, dict[str, tournament.LevelStats]]:
        seen.append(made[0])
        return len(jobs), {}

    monkeypatch.setattr(tournament, "_run_chunk", run_chunk)
    out = tournament.simulate(["normal", "easy", "easy"], 100_000, 1, progress=False)
    assert out["games"] == 100_000 == made[0]
    assert max(b - a for a, b in zip([0, *seen], seen)) <= 50  # a chunk at a time
    assert seen[0] <= 50


def test_the_jobs_are_the_deals_in_every_rotation() -> None:
    jobs = list(tournament.deals(["a", "b", "c"], 7, 2, "1", "standard", True))
    assert [(j.deal, j.levels) for j in jobs] == [
        (0, ("a", "b", "c")), (0, ("b", "c", "a")), (0, ("c", "a", "b")),
        (1, ("a", "b", "c")), (1, ("b", "c", "a")), (1, ("c", "a", "b")), (2, ("a", "b", "c"))]
    assert {j.seed for j in jobs} == {2 * 1_000_003 + d for d in range(3)}
    assert list(tournament.deals(["a", "b"], 0, 1, "1", "standard", True)) == []
    lazy = tournament.deals(["a", "b"], 200_000, 1, "1", "standard", True)
    assert isinstance(lazy, Iterator) and next(lazy).deal == 0  # made when taken, not all at once


def test_a_pool_of_processes_is_fed_as_it_works(tmp_path: Path) -> None:
    """With --jobs 2 the pool takes chunks from the generator as it goes: when the first result is back, only
    a few chunks have been made (in a process of its own, as above)."""
    code = """
import json, quacks.devtools.tournament as t
made = [0]
real = t.Job.__init__
def init(self, *a):
    made[0] += 1
    real(self, *a)
t.Job.__init__ = init
def run_chunk(jobs):
    return len(jobs), {"x": t.LevelStats()}
t._run_chunk = run_chunk
first = []
merge = t.LevelStats.merge
def seen(self, other):
    first.append(made[0])
    merge(self, other)
t.LevelStats.merge = seen
out = t.simulate(["easy", "easy"], 200_000, 1, jobs=2, progress=False)
print(json.dumps({"games": out["games"], "first": first[0], "made": made[0]}))
"""
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env={**os.environ, "QUACKS_HOME": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["games"] == got["made"] == 200_000
    assert got["first"] < 20_000, got  # all 200,000 were made before the first game
