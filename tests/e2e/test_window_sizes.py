"""The real program in a real window that changes size (xdotool, under Xvfb): the picture fills the letterboxed
place of the canvas, the bars stay black, and a click lands on the button drawn under the pointer."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from quacks.storage.settings import Settings
from quacks.ui.app import App, viewport

from .test_real_window import game_env, home_with
from .xwin import Program, Xvfb, shot, wait_for

pytestmark = [pytest.mark.e2e]


def quit_button_centre() -> tuple[int, int]:
    """Where the title draws its Quit button, in canvas coordinates (asked of the title itself)."""
    from quacks.ui.scenes.title import TitleScene

    app = App(Settings(), headless=True)
    title = TitleScene(app)
    title.build()
    button = next(b for b in title.buttons if b.label == "Quit")
    return button.rect.center


@pytest.mark.parametrize("size", [(1366, 768), (2560, 1440)])
def test_a_resized_window_shows_the_picture_letterboxed_and_clicks_land(tmp_path: Path, size: tuple[int, int]) -> None:
    cx, cy = quit_button_centre()
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
        # the picture fills its place: the wood at the corners of the canvas is not black
        for corner in (view.topleft, (view.right - 3, view.bottom - 3), view.center):
            assert picture.get_at(corner)[:3] != (0, 0, 0), corner
        # the bars are black (1366x768 has bars of a few pixels; 2560x1440 none)
        for bar_pixel in ((0, view.centery), (size[0] - 1, view.centery)) if view.x > 0 else ():
            assert picture.get_at(bar_pixel)[:3] == (0, 0, 0), bar_pixel
        # a click on the Quit button where the window shows it ends the program cleanly
        wx, wy = view.x + cx * p // q, view.y + cy * p // q
        subprocess.run(["xdotool", "mousemove", "--window", game.wid, str(wx), str(wy), "click", "1"], env=env,
                       check=False)
        wait_for(lambda: not game.alive(), 60, "the program to quit after the click", None)
    finally:
        rc = game.stop()
        x.stop()
    assert rc == 0, game.output()[-2000:]
