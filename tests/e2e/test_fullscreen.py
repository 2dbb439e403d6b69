"""F11 in a real window whose fullscreen request nobody carries out (Xvfb has no window manager: SDL then reports
the desktop's size while the window on the screen keeps its own, the trial's "F11 leaves the window its old
size"): the game looks at the window system's answer, goes back to windowed and says so in the log and on
screen; the window keeps its size and the fullscreen setting is off."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .test_real_window import game_env, home_with
from .xwin import Program, Xvfb, log_text, wait_for

pytestmark = [pytest.mark.e2e]


def window_size(program: Program) -> tuple[int, int]:
    out = subprocess.run(["xwininfo", "-id", program.wid], env=program.env, capture_output=True, text=True).stdout
    values = {k.strip(): v.strip() for k, _s, v in (line.partition(":") for line in out.splitlines()) if v}
    return int(values["Width"]), int(values["Height"])


def test_f11_that_the_window_system_does_not_carry_out_stays_windowed(tmp_path: Path) -> None:
    home = home_with(tmp_path, window_size=[1000, 700])
    x = Xvfb("1920x1080")
    env = game_env(x.display, home)
    game = Program([sys.executable, "-m", "quacks"], env, tmp_path / "stdout.txt")
    try:
        game.wait_ready()
        before = window_size(game)
        game.key("F11")
        wait_for(lambda: "fullscreen did not take" in log_text(home), 20, "the fullscreen check", game)
        time.sleep(0.5)
        assert window_size(game) == before
        game.key("Escape")  # the title's Esc quits: the settings are written
        wait_for(lambda: not game.alive(), 20, "the game to quit")
    finally:
        game.stop()
        x.stop()
    settings = json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert settings.get("fullscreen") is False
    assert "Traceback" not in log_text(home)
