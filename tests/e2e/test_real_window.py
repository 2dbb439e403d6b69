"""End to end: the real program in a real window under Xvfb, played with xdotool keys to the final ranking.

One human (you) against two bots at instant pace; the human stops at once each round, takes the first
choice or declines, and buys nothing (S, 1, N, Enter, Space: the key table). Screenshots of the title, the
table and the result go to the test's temporary folder (``QUACKS_E2E_OUT=DIR`` keeps them).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from .xwin import STEP_TIMEOUT, Program, Xvfb, log_text, shot, shots_dir, wait_for

pytestmark = [pytest.mark.e2e]


def home_with(tmp_path: Path, **settings: object) -> Path:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"schema": 1, "pace": "instant", **settings}),
                                                   encoding="utf-8")
    return home


def game_env(display: str, home: Path) -> dict[str, str]:
    env = dict(os.environ, DISPLAY=display, QUACKS_HOME=str(home), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    return env


@pytest.mark.parametrize("reduced_motion", [False, True])
def test_play_a_whole_game_in_a_real_window(tmp_path: Path, reduced_motion: bool) -> None:
    out = shots_dir(tmp_path)
    home = home_with(tmp_path, reduced_motion=reduced_motion)
    x = Xvfb()
    env = game_env(x.display, home)
    game = Program([sys.executable, "-m", "quacks"], env, tmp_path / "stdout.txt")
    tag = "reduced" if reduced_motion else "motion"
    try:
        game.wait_ready()
        shot(out / f"title-{tag}.png", env)
        game.key("Return")  # New game
        time.sleep(0.5)
        game.key("Return")  # Start: you against two Normal bots, Set 1
        wait_for(lambda: "waiting for a human" in log_text(home), STEP_TIMEOUT, "the first decision", game)
        shot(out / f"table-{tag}.png", env)
        # The keys go round a cycle; on a loaded machine their rhythm can fall in step with a loop of screens (a
        # question that "n" declines and "Return" opens again), so the test watches the log grow: a while without
        # a new line shifts the cycle by one key, and only a long while without any is a failure.
        # stop, the first of a list, yes, each option letter of the key table (P victory points, C coins, R rubies,
        # T the droplet, X a chip out of the bag), no, the marked button, move on: a question of any kind has its
        # answer in the cycle (before the option letters, a card's choice waited for ever: CI, round 3)
        cycle = ["s", "1", "y", "p", "c", "r", "t", "x", "n", "Return", "space"]
        i = 0
        start = time.monotonic()
        seen, progressed = len(log_text(home)), time.monotonic()
        while "final ranking shown" not in (text := log_text(home)):
            assert game.alive(), game.output()
            now = time.monotonic()
            if len(text) != seen:
                seen, progressed = len(text), now
            elif now - progressed > 15:
                i += 1 + int(now - progressed) % 3  # out of step: shift the cycle
            if now - progressed >= 150:
                shot(out / f"stuck-{tag}.png", env)  # what the window showed when it stopped moving
                raise AssertionError("the game made no progress for 150 s: " + text[-2000:])
            assert now - start < 900, "the game did not reach the final ranking in 900 s"
            game.key(cycle[i % len(cycle)])
            i += 1
            time.sleep(0.12)
        time.sleep(1.0)
        shot(out / f"result-{tag}.png", env)
        assert (out / f"result-{tag}.png").stat().st_size > 0
    finally:
        rc = game.stop()
        x.stop()
    assert rc == 0, f"exit code {rc}: {game.output()[-3000:]}"
    assert "Traceback" not in log_text(home)
