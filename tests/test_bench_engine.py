"""The bench's engine group: registered with its targets, and a tiny real run has every figure a target asks for."""

from __future__ import annotations

import pytest

from quacks.devtools import bench, bench_engine


def test_the_engine_group_is_registered_with_the_issue_targets() -> None:
    g = bench.GROUPS["engine"]
    keys = {t.key for t in g.targets}
    assert {"games_per_s.normal4_jobs2", "games_per_s.normal4_jobs1", "games_per_s.random4_jobs2",
            "hard_cpu_ms.draw_p99", "hard_cpu_ms.other_p99", "hard_cpu_ms.max", "four_hard_game_s.cpu",
            "hard_win_rate.seats2", "hard_win_rate.seats4", "simulate_memory.growth_kb_per_1000_games",
            "compiled_speedup.normal4_jobs2"} == keys


def test_a_tiny_run_measures_every_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_engine, "QUICK", (4, 4, 4, 4, 1, 1, 4, 4, 400))
    said: list[str] = []
    figures = bench.GROUPS["engine"].run(bench.Options(quick=True, say=said.append))
    missing = [t.key for t in bench.GROUPS["engine"].targets if bench.lookup(figures, t.key) is None]
    # the compiled engine's figures come only with a build (python3 run.py accelerate; CI's second pass)
    assert missing == ([] if figures["compiled_engine"]["active"] else ["compiled_speedup.normal4_jobs2"])
    assert figures["four_hard_game_s"]["games"] == 1 and figures["hard_cpu_ms"]["decisions"] > 50
    assert 0 <= figures["hard_win_rate"]["seats2"] <= 1
    assert figures["simulate_memory"]["rss_kb_end"] > 10_000
    assert any("simulate's memory" in s for s in said)
