"""The real game waiting in a real window (under Xvfb) sleeps: it wakes about once a second and uses no CPU
to speak of, at the title and at a table waiting for a human (issue 12: pygame's event.wait polled every
millisecond, about 920 wake-ups a second). Measured from outside through /proc, as ``python -m quacks bench``
does; the table is reached through the hidden ``QUACKS_START_AT=table``, and the sound device is released after 2 s
(``QUACKS_AUDIO_RELEASE_S``) instead of a player's 30, so the test does not idle half a minute."""

from __future__ import annotations

import pytest

from quacks.devtools import bench

from .xwin import Xvfb

pytestmark = [pytest.mark.e2e]

RELEASE_S = 2.0  # the sound device's release time for this test (QUACKS_AUDIO_RELEASE_S; players have 30 s)


@pytest.mark.parametrize("where", ["title", "table"])
def test_the_waiting_game_sleeps(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    x = Xvfb()
    try:
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
        monkeypatch.setenv("DISPLAY", x.display)
        monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
        # at the table the sound device (SDL's dummy one here) is open after the Start click: its thread wakes
        # every buffer until the loop closes it, 30 s after the last frame for a player, RELEASE_S here
        later = RELEASE_S + 3.0 if where == "table" else None
        figures = bench.measure_idle(where, seconds=3.0, later=later, audio_release=RELEASE_S)
    finally:
        x.stop()
    assert "error" not in figures, figures
    assert figures["main_thread_wakeups_per_s"] <= 3.0, figures  # the loop: about once a second
    steady = figures.get("later", figures)
    assert steady["wakeups_per_s"] <= bench.IDLE_WAKEUPS_PER_S, figures
    assert steady["cpu_percent"] <= 2.0, figures  # ticks of 10 ms over 3 s: ~0.3% is one tick
