"""``python -m quacks bench --only relay`` (issue 33, item 4): a few rooms replaying a recorded game through the relay
for a moment come back with every figure (the full run's values are what the report quotes; no test times
anything)."""

from __future__ import annotations

from quacks.devtools import bench
from quacks.devtools.bench_relay import relay_load


def test_a_few_rooms_replay_a_game_through_the_relay() -> None:
    figures = relay_load(rooms=4, seconds=2.0, game_seconds=2.0)
    assert "error" not in figures, figures
    assert figures["problems"] == [] and figures["frames"] > 50
    recorded = figures["recorded"]
    assert isinstance(recorded, dict) and recorded["chunks"] > 20 and 0 < recorded["up_chunks"] < recorded["chunks"]
    forward = figures["forward_ms"]
    assert isinstance(forward, dict) and 0 < forward["p50"] <= forward["p99"] <= forward["max"]
    assert isinstance(figures["relay_bytes"], int) and figures["relay_bytes"] > 0
    assert "relay" in bench.GROUPS
    assert [t.key for t in bench.GROUPS["relay"].targets] == ["forward_ms.p99"]
