"""``python -m quacks train-expert`` (issue 23): self-play gives the same samples on any number of workers, the
fit's held-out error falls below the untrained model's, and the file it writes is one the game loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from quacks.ai.value_model import ValueModel
from quacks.content.yamlfile import load_yaml
from quacks.training import self_play, solve, train, write_model


def test_self_play_is_the_same_on_any_number_of_workers() -> None:
    one = self_play(4, 2, jobs=1, progress=False)
    two = self_play(4, 2, jobs=2, progress=False)
    assert one and one == two
    assert {s.table for s in one} == {"start", "end", "last"}
    assert [s.game for s in one] == sorted(s.game for s in one)


def test_the_solver_solves() -> None:
    x = solve([[4.0, 1.0], [1.0, 3.0]], [1.0, 2.0])
    assert x == pytest.approx([1 / 11, 7 / 11])


def test_a_tiny_training_learns_and_writes_weights_the_game_loads(tmp_path: Path) -> None:
    result = train(60, 3, jobs=2, progress=False)
    assert result.held_out_rmse < result.untrained_rmse  # the error falls from the untrained model's
    path = tmp_path / "expert.yaml"
    write_model(result.model, path)
    loaded = ValueModel.from_data(load_yaml(path))
    assert loaded.settings["games"] == 60 and loaded.settings["seed"] == 3
    assert set(loaded.end) == set(result.model.end) and loaded.win_scale.keys() == result.model.win_scale.keys()
    r = min(loaded.end)
    assert loaded.end[r] == pytest.approx(result.model.end[r], abs=1e-5)
