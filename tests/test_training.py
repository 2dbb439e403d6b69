"""``python -m quacks train-expert`` (issue 23): self-play gives the same samples on any number of workers, the
fit's held-out error falls below the untrained model's, and the file it writes is one the game loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from quacks.ai.value_model import ValueModel
from quacks.content.yamlfile import load_yaml
from quacks.devtools.training import self_play, solve, train, write_model


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


# issue 30 §7: --games 1000000000000 built every job before playing one (6.4 GB in 25 s) ---------------------


class _Stop(Exception):
    pass


def _stop_at_once(args: object) -> list[object]:
    raise _Stop


@pytest.mark.parametrize("name", ["self_play", "shop_trials"])
def test_a_huge_game_count_is_not_built_before_play_in_this_process(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import tracemalloc

    from quacks.devtools import training

    monkeypatch.setattr(training, "play_one", _stop_at_once)
    monkeypatch.setattr(training, "play_trials", _stop_at_once)
    tracemalloc.start()
    try:
        with pytest.raises(_Stop):
            getattr(training, name)(2_000_000, 1, 1, "hard", False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000, f"{peak:,} bytes before the first game"


class _CountingPool:
    """Stands for the worker pool: takes in the jobs as the real one's task feeder does (all it is given, at once),
    and counts the most it held; each job 'plays' at once."""

    def __init__(self) -> None:
        self.most = 0

    def __enter__(self) -> _CountingPool:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def imap_unordered(self, fn: object, work: object, chunksize: int = 1) -> list[object]:
        jobs = list(work)  # type: ignore[call-overload]
        self.most = max(self.most, len(jobs))
        return [[] for _ in jobs]


@pytest.mark.parametrize("name", ["self_play", "shop_trials"])
def test_the_workers_are_handed_the_games_a_few_at_a_time(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.devtools import training

    pool = _CountingPool()
    monkeypatch.setattr(training, "worker_pool", lambda jobs: pool)
    assert getattr(training, name)(100_000, 1, 2, "hard", False) == []
    assert 0 < pool.most <= 10_000, pool.most


@pytest.mark.parametrize("args, says", [
    (["--games", "1000000000000"], "--games must be at most"),
    (["--games", "100", "--trial-games", "1000000000000"], "--trial-games must be 0 to"),
    (["--games", "100", "--trial-games", "-1"], "--trial-games must be 0 to"),
    (["--games", "100", "--jobs", "100000"], "--jobs must be 1 to"),
])
def test_counts_past_their_bounds_are_refused_before_anything_is_played(args: list[str], says: str,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.cli import main

    assert main(["train-expert", *args, "--out", "/nonexistent/never-written.yaml"]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and err.count("\n") == 1, err
