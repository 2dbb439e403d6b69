"""``python -m quacks strength`` (issue 23): a level against the one below on every set, pooled with its interval,
and the pooled head-to-head result written into the strength file the new-game screen reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from quacks.cli import main
from quacks.content.bot_strength import load_strength, strength_path
from quacks.devtools.strength import SETS, Result, pooled


def test_pooling_adds_the_seats_and_the_wins() -> None:
    p = pooled([Result("1", 10, 6.0), Result("2", 30, 12.0)])
    assert (p.seats, p.wins, p.rate) == (40, 18.0, pytest.approx(0.45))


def test_strength_measures_every_set_and_writes_the_pooled_duel(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bot_strength.yaml"
    code = main(["strength", "--level", "normal", "--games-per-set", "4", "--jobs", "1", "--table", "--write",
                 "--out", str(out), "--quiet"])
    assert code == 0
    text = capsys.readouterr().out
    for books in (*SETS, "pooled"):
        assert f"{books:>7}:" in text
    assert "duel (parity 50%)" in text and "one vs three (parity 25%)" in text
    got = load_strength(out)
    normal = got["normal"]
    assert normal.against == "easy" and normal.measured and normal.games == 4 * len(SETS)
    assert normal.low <= normal.win_rate <= normal.high
    assert got["hard"] == load_strength(strength_path())["hard"]  # the other levels' entries are kept


def test_strength_refuses_a_level_without_one_below(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strength", "--level", "easy"]) == 2
    assert "--level takes one of" in capsys.readouterr().err
