"""``python -m quacks bench --only net`` (issue 21): one served game on loopback, host and clients each a process of
their own, comes back with every figure its target asks for (the values are what the report quotes; no test times
anything)."""

from __future__ import annotations

from quacks.devtools import bench
from quacks.devtools.bench_net import percentile


def test_the_net_group_plays_a_whole_game_and_times_every_intent() -> None:
    figures = bench.GROUPS["net"].run(bench.Options(quick=True))
    assert "error" not in figures, figures
    assert figures["problems"] == [] and figures["intents"] > 100 and figures["intents_untimed"] == 0
    timed = figures["intent_to_all_views_ms"]
    assert 0 < timed["p50"] <= timed["p99"] <= timed["max"]
    assert 0 < figures["host_cpu_s_per_game"] < 60
    assert [r["figure"] for r in bench.check({"net": figures})] == ["intent_to_all_views_ms.p99"]


def test_percentiles_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0 and percentile(values, 0.99) == 99.0 and percentile(values, 1.0) == 100.0
    assert percentile([7.0], 0.99) == 7.0
