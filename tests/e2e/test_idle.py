"""The real game waiting in a real window (under Xvfb) sleeps: it wakes about once a second and uses no CPU
to speak of, at the title and at a table waiting for a human (issue 12: pygame's event.wait polled every
millisecond, about 920 wake-ups a second). Measured from outside through /proc, as ``python -m quacks bench``
does; the table is reached through the hidden ``QUACKS_START_AT=table``."""

from __future__ import annotations

import pytest

from quacks import bench

from .xwin import Xvfb

pytestmark = [pytest.mark.e2e]


@pytest.mark.parametrize("where", ["title", "table"])
def test_the_waiting_game_sleeps(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    x = Xvfb()
    try:
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
        monkeypatch.setenv("DISPLAY", x.display)
        monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
        figures = bench.measure_idle(where, seconds=3.0)
    finally:
        x.stop()
    assert "error" not in figures, figures
    assert figures["wakeups_per_s"] <= bench.IDLE_WAKEUPS_PER_S, figures
    assert figures["cpu_percent"] <= 2.0, figures  # ticks of 10 ms over 3 s: ~0.3% is one tick
