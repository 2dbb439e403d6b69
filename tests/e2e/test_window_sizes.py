"""The real program in a real window that changes size (xdotool, under Xvfb): the picture fills the whole
window (no bars), and a click lands on the button drawn under the pointer."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from quacks.storage.settings import Settings
from quacks.ui.app import App
from quacks.ui.window_geometry import viewport

from .test_real_window import game_env, home_with
from .xwin import Program, Xvfb, shot, wait_for

pytestmark = [pytest.mark.e2e]


def quit_button_centre(size: tuple[int, int]) -> tuple[int, int]:
    """Where the title draws its Quit button in a window of ``size``, in canvas coordinates (asked of the title
    itself)."""
    from quacks.ui.scenes.title import TitleScene

    app = App(Settings(), size=size, headless=True)
    title = TitleScene(app)
    title.build()
    button = next(b for b in title.buttons if b.label == "Quit")
    return button.rect.center


@pytest.mark.parametrize("size", [(1366, 768), (2560, 1440)])
def test_a_resized_window_is_filled_by_the_picture_and_clicks_land(tmp_path: Path, size: tuple[int, int]) -> None:
    cx, cy = quit_button_centre(size)
    x = Xvfb("2560x1440")
    env = game_env(x.display, home_with(tmp_path))
    game = Program([sys.executable, "-m", "quacks", "play", "--size", "1280x800"], env, tmp_path / "stdout.txt")
    try:
        game.wait_ready()
        subprocess.run(["xdotool", "windowmove", game.wid, "0", "0"], env=env, check=False)
        subprocess.run(["xdotool", "windowsize", game.wid, str(size[0]), str(size[1])], env=env, check=False)
        time.sleep(1.5)  # the resize and the next frame (a screenshot is not a signal of the program's)
        path = tmp_path / "resized.png"
        shot(path, env)
        picture = pygame.image.load(str(path))
        view, p, q = viewport(size)
        # the picture fills the whole window: the wood at every corner and in the middle, no black bars
        w, h = size
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, h // 2)):
            assert picture.get_at(corner)[:3] != (0, 0, 0), corner
        # a click on the Quit button where the window shows it ends the program cleanly
        wx, wy = cx * p // q, cy * p // q
        subprocess.run(["xdotool", "mousemove", "--window", game.wid, str(wx), str(wy), "click", "1"], env=env,
                       check=False)
        wait_for(lambda: not game.alive(), 60, "the program to quit after the click", None)
    finally:
        rc = game.stop()
        x.stop()
    assert rc == 0, game.output()[-2000:]


@pytest.mark.parametrize("size", [(1000, 900), (2560, 1440), (1000, 640)])
def test_the_table_lays_itself_out_for_a_resized_window(tmp_path: Path, size: tuple[int, int]) -> None:
    """The table in a real window resized (as a corner dragged or a maximise does): the picture is stretched for a
    moment, then the table lays itself out for the window: the whole window filled, the game still running."""
    x = Xvfb("2560x1440")
    home = home_with(tmp_path)
    env = dict(game_env(x.display, home), QUACKS_START_AT="table")
    game = Program([sys.executable, "-m", "quacks", "play", "--size", "1280x800"], env, tmp_path / "stdout.txt")
    try:
        game.wait_ready()
        time.sleep(2.0)  # the bots play until the table waits for the human
        subprocess.run(["xdotool", "windowmove", game.wid, "0", "0"], env=env, check=False)
        for step in ((1100, 700), (1180, 760), size):  # a few sizes in a row, as a drag gives
            subprocess.run(["xdotool", "windowsize", game.wid, str(step[0]), str(step[1])], env=env, check=False)
            time.sleep(0.05)
        time.sleep(1.5)  # longer than the table waits for the size to stay put
        assert game.alive(), game.output()[-2000:]
        path = tmp_path / "table.png"
        shot(path, env)
        picture = pygame.image.load(str(path))
        w, h = size
        for corner in ((2, 2), (w - 3, 2), (2, h - 3), (w - 3, h - 3), (w // 2, h // 2)):
            assert picture.get_at(corner)[:3] != (0, 0, 0), corner
        log = (home / "logs" / "quacks.log").read_text(encoding="utf-8")
        assert "Traceback" not in log, log[-3000:]
    finally:
        rc = game.stop()
        x.stop()
    assert rc == 0, game.output()[-2000:]
