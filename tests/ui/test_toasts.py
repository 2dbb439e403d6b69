"""Toasts never lie over a title (issue 19 §8: the save toast covered the round's title): they sit in a band along
the bottom edge, or on the table's question row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from quacks.storage.settings import Settings
from quacks.ui.app import App
from quacks.ui.scenes.load import LoadScene
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.settings_scene import SettingsScene
from quacks.ui.scenes.stats_scene import StatsScene
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene

from .screens import match

LONG = 'Saved as "round 4 Hildegard-Ottokar-Mechthild-Walburga": every seat of the game, and its round'


def titles(app: App, wanted: tuple[str, ...]) -> list[pygame.Rect]:
    """The rectangles of the lines drawn now that start with one of ``wanted`` (the screens' titles)."""
    te = app.text
    app.toasts = []
    with te.record(app.screen) as rec:
        for s in app.visible():
            s.invalidate()
            s.draw(app.screen)
    found = [d.rect for d in rec.items if d.text.startswith(wanted)]
    assert found, f"none of {wanted} was drawn"
    return found


@pytest.mark.parametrize(("size", "scale"), [((1000, 640), 200), ((1920, 1080), 100), ((1280, 800), 150)])
def test_no_toast_lies_over_a_screens_title(home: Path, size: tuple[int, int], scale: int) -> None:
    app = App(Settings(pace="instant", ui_scale=scale), size=size, headless=True)
    app.no_saves = True  # type: ignore[attr-defined]
    screens: list[tuple[Any, tuple[str, ...]]] = [
        (TitleScene(app), ("Quacks", "of Quedlinburg", "a bag-building game")),
        (NewGameScene(app), ("New game",)), (LoadScene(app), ("Saved games",)),
        (SettingsScene(app), ("Settings",)), (StatsScene(app), ("Statistics",))]
    m = match(("human", "easy", "normal"))
    m.run_until_human()
    screens.append((TableScene(app, m), ("Round 1",)))
    for scene, wanted in screens:
        app.scenes = []
        app.push(scene)
        app.frame(0.0)
        heads = titles(app, wanted)
        for k in range(3):  # three at once: they stack upwards
            app.toast(LONG if k else "Saved", 30.0)
        app.frame(0.0)
        plates = [plate for plate, _lines, _size in app.toast_rects()]
        assert len(plates) == 3
        for plate in plates:
            assert app.screen.get_rect().contains(plate), (type(scene).__name__, plate)
            for head in heads:
                assert not plate.colliderect(head), f"a toast over the title of {type(scene).__name__}"
        if isinstance(scene, TableScene):  # on the question row: over neither the board nor the buttons
            assert all(not p.colliderect(scene.view.layout.actions) for p in plates)
        app.toasts = []
