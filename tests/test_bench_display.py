"""``python -m quacks bench``'s display group measured for real, kept small: one small window size, one round
of resizes, and a fraction of a second of idling at the title and at a waiting table (each measurement in a
process of its own, as the command runs them); and what it says when the game does not get there."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from quacks.devtools import bench


@pytest.fixture()
def small(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """SIZES of one small window, resizes between two sizes, idle counted for 0.3 s after 0.2 s."""
    said: list[str] = []
    monkeypatch.setattr(bench, "SIZES", ((640, 360),))
    real_child, real_idle = bench._child, bench.measure_idle

    def child(args: list[str], timeout: float = 600.0) -> dict[str, Any]:
        if args[0] == "frames":
            args = [args[0], args[1], "20"]
        return real_child(args, timeout)

    def idle(where: str, seconds: float = 5.0, settle: float = 1.0, later: float | None = None,
             start_timeout: float = 120.0) -> dict[str, Any]:
        return real_idle(where, seconds=0.3, settle=0.2, later=0.6 if later is not None else None)

    monkeypatch.setattr(bench, "_child", child)
    monkeypatch.setattr(bench, "measure_idle", idle)
    return said


def test_the_display_group_measures_every_figure_it_has_a_target_for(small: list[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    figures = bench.display(bench.Options(quick=False, say=small.append))
    assert figures["driver"] == "dummy" and figures["display"] == ""
    assert set(figures["frames"]) == {"640x360"} and figures["frames"]["640x360"]["p99_ms"] > 0
    assert figures["resize"]["jumps"]["frames"] > 0 and figures["resize"]["drag"]["frames"] > 0
    for where in ("title", "table"):
        idle = figures["idle"][where]
        assert "error" not in idle, idle
        assert idle["wakeups_per_s"] >= 0 and idle["cpu_percent"] >= 0 and idle["seconds"] >= 0.3
    assert figures["idle"]["table"]["after_s"] == 0.6  # the later count, once the sound device may be closed
    assert "after_s" in figures["idle"]["table_first_seconds"]
    targets = {t.key for t in bench.GROUPS["display"].targets}
    measured = {k for k in targets if not k.startswith("frames.") or k == "frames.640x360.p99_ms"}
    assert all(bench.lookup(figures, k) is not None for k in measured), \
        [k for k in measured if bench.lookup(figures, k) is None]
    assert any("idle" in line for line in small)


def test_a_game_that_stops_or_never_gets_there_is_an_error_not_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    slow = bench.measure_idle("table", seconds=0.1, settle=0.0, start_timeout=0.01)
    assert "did not reach the table" in slow["error"]
    monkeypatch.setattr(sys, "executable", "/bin/false")  # a "Python" that stops at once
    assert bench.measure_idle("title", seconds=0.1, settle=0.0, start_timeout=30) == {
        "error": "the game stopped (exit 1)"}
    assert bench._child(["frames", "640x360", "2"]) == {"error": ["exit 1"]}


def test_without_proc_there_is_nothing_to_count(monkeypatch: pytest.MonkeyPatch) -> None:
    real_exists = Path.exists
    monkeypatch.setattr(Path, "exists", lambda p: False if str(p) == "/proc/self/status" else real_exists(p))
    assert bench.measure_idle("title") == {"error": "needs /proc (Linux)"}


def test_a_real_display_is_used_when_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert bench._has_display()
    env = bench._child_env()
    assert env["SDL_VIDEODRIVER"] == "x11" and env["SDL_AUDIODRIVER"]  # frame benches make no sound
    assert env["PYTHONPATH"].split(os.pathsep)[0] == str(Path(bench.__file__).resolve().parent.parent)
    assert bench._child_env(Path("/tmp/h"))["QUACKS_HOME"] == "/tmp/h"
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not bench._has_display() and bench._child_env()["SDL_VIDEODRIVER"] == "dummy"
