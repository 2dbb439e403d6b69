"""The screens other than the table lay out in the canvas they get (``canvas_rect()``): at least 1500x960 in the
smallest window, much taller in a tall one. Every widget is inside the canvas (or, on a form that scrolls, inside
its view or out of it), no two widgets overlap, and after a resize the buttons are where they are drawn. And
the final chart's axis counts in round numbers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from quacks import i18n
from quacks.storage import saves
from quacks.ui.app import App, canvas_rect
from quacks.ui.overlays.confirm import Confirm
from quacks.ui.overlays.pause_menu import PauseMenu
from quacks.ui.scenes.already_open import AlreadyOpenScene
from quacks.ui.scenes.credits import CreditsScene
from quacks.ui.scenes.final import FinalScene, axis_ticks, spread
from quacks.ui.scenes.load import LoadScene
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.replay_scene import ReplayListScene
from quacks.ui.scenes.rules_scene import RulesScene
from quacks.ui.scenes.settings_scene import SettingsScene
from quacks.ui.scenes.stats_scene import StatsScene
from quacks.ui.scenes.title import TitleScene
from quacks.ui.widgets import Button, Choice, Slider

from .driver import Driver
from .screens import finished, match

#: windows whose canvas is the smallest (1500x960), a tall one (1500x1350), a wide one (2560x1080) and the
#: ordinary 1920x1080
WINDOWS = {(1000, 640): (1500, 960), (1000, 900): (1500, 1350), (2560, 1080): (2560, 1080), (1920, 1080): (1920, 1080)}


def widgets(scene: Any) -> list[Any]:
    """Every button, choice option and slider a scene (or overlay) holds, wherever it keeps them."""
    found: list[Any] = []
    seen: set[int] = set()

    def walk(v: Any, depth: int) -> None:
        if id(v) in seen or depth > 3:
            return
        seen.add(id(v))
        if isinstance(v, (Button, Slider)):
            found.append(v)
        elif isinstance(v, Choice):
            found.extend(v.buttons)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x, depth + 1)

    for v in vars(scene).values():
        walk(v, 0)
    return found


def check(scene: Any, what: str) -> None:
    """Every widget inside the canvas (a scrolling form: inside its view, or wholly out of it) and no two
    overlapping; a file list's rows inside the canvas too."""
    c = canvas_rect()
    view = scene.view() if hasattr(scene, "view") else c
    assert c.contains(view), what
    shown = []
    for w in widgets(scene):
        r = w.rect
        assert r.w > 0 and r.h > 0, (what, w)
        frame = getattr(scene, "frame", None)
        if frame is not None and any(w is b for b in frame.buttons):
            assert c.contains(r), (what, getattr(w, "label", w), r, c)  # the row of buttons under the page
        elif getattr(scene, "max_scroll", 0) and not view.contains(r):
            continue  # a scrolled form shows whole lines: this one is out of view (not drawn, takes no clicks)
        else:
            assert view.contains(r), (what, getattr(w, "label", w), r, view)
        shown.append(w)
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert not a.rect.colliderect(b.rect), (what, getattr(a, "label", a), a.rect, getattr(b, "label", b),
                                                    b.rect)
    rows = getattr(scene, "list", None)
    if rows is not None:
        for _i, r in rows.rects(scene.app.text, 50):
            assert c.contains(r) and not any(r.colliderect(w.rect) for w in shown), (what, r)


def _seed_storage() -> None:
    m = match()
    for i in range(6):
        saves.save_slot(f"game {i}", m)


SCREENS: dict[str, Callable[[App], Any]] = {
    "title": TitleScene,
    "new game": NewGameScene,
    "load": LoadScene,
    "replays": ReplayListScene,
    "settings": SettingsScene,
    "rules": RulesScene,
    "statistics": StatsScene,
    "about": CreditsScene,
    "final": lambda app: FinalScene(app, finished()),
    "second window": lambda app: AlreadyOpenScene(app, "/home/someone/.local/share/Quacks", lambda: False),
}


@pytest.fixture()
def screens(home: Path) -> Iterator[Driver]:
    _seed_storage()
    d = Driver()
    yield d
    d.app.settings.ui_scale = 100
    d.app.apply_text_scale()
    i18n.set_language("en")


def show(d: Driver, window: tuple[int, int], scale: int, make: Callable[[App], Any]) -> Any:
    d.app.settings.ui_scale = scale
    d.app.scenes = []
    d.app.resize_window(window)
    d.app._fit(force=True)
    sc = make(d.app)
    d.app.push(sc)
    d.frames(2)
    return sc


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("window", list(WINDOWS))
def test_every_screen_lays_out_within_its_canvas(screens: Driver, window: tuple[int, int], scale: int,
                                                  lang: str) -> None:
    i18n.set_language(lang)
    for name, make in SCREENS.items():
        sc = show(screens, window, scale, make)
        assert canvas_rect().size == WINDOWS[window], name
        check(sc, f"{name} {window} {scale}% {lang}")
        if isinstance(sc, NewGameScene):
            sc.add_seat()
            sc.set_books("mix")
            check(sc, f"{name} (4 seats, books per colour) {window} {scale}%")
            sc.scroll_by(10_000)  # to its end (a form taller than the room scrolls)
            check(sc, f"{name} scrolled {window} {scale}%")


@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("window", [(1000, 640), (1000, 900), (1920, 1080)])
def test_the_pause_menu_and_a_confirmation_fit_the_canvas(screens: Driver, window: tuple[int, int],
                                                          scale: int) -> None:
    show(screens, window, scale, TitleScene)
    from quacks.ui.keys import Act

    acts = (Act.BACK, Act.SAVE, Act.RULES, Act.SETTINGS, Act.LESSONS, Act.LEAVE, Act.UNDO)
    items = [(f"Item {i}", lambda: None, act) for i, act in enumerate(acts)]
    for overlay in (PauseMenu(screens.app, items), Confirm(screens.app, "A question that is long enough to "
                                                                        "wrap onto a second line. " * 3, lambda: None)):
        screens.app.push(overlay)
        screens.frames(1)
        for size in (window, (1000, 640), window):  # and again after the window changes size under it
            screens.app.resize_window(size)
            screens.frames(1)
            assert canvas_rect().contains(overlay.rect) and overlay.rect.center == canvas_rect().center
            check(overlay, f"{type(overlay).__name__} {size}")
            assert all(overlay.rect.contains(b.rect) for b in overlay.buttons)
        screens.app.pop(overlay)


def test_a_page_uses_a_tall_window_and_keeps_to_a_width_in_a_wide_one(screens: Driver) -> None:
    """A list fills a tall canvas (more rows); a form does not stretch across a wide window, it stays in the
    middle (no empty band of parchment, no page pushed to the top or the bottom)."""
    load = show(screens, (1000, 640), 100, LoadScene)
    short_rows = load.list.capacity(screens.app.text)
    load = show(screens, (1000, 900), 100, LoadScene)
    assert load.list.capacity(screens.app.text) > short_rows
    for make in (SettingsScene, NewGameScene):
        sc = show(screens, (2560, 1080), 100, make)
        panel, c = sc.frame.panel, canvas_rect()
        assert panel.w <= 1720 and abs(panel.centerx - c.centerx) <= 2
        sc = show(screens, (1000, 900), 100, make)
        top, bottom = sc.frame.panel.top, canvas_rect().h - sc.frame.bar.bottom
        assert abs(top - bottom) <= 40, (make, top, bottom)  # centred with its buttons


@pytest.mark.parametrize(("name", "button"), [("title", "buttons"), ("load", "back_b"), ("settings", "back_b"),
                                              ("new game", "back_b"), ("final", "buttons"), ("rules", "back_b"),
                                              ("about", "back_b"), ("statistics", "back_b")])
def test_after_a_resize_the_buttons_are_where_they_are_drawn(screens: Driver, name: str, button: str) -> None:
    """A screen shown while the window shrinks lays out again (``canvas_changed``): its buttons move into the
    smaller canvas and a click where a button is drawn presses it."""
    sc = show(screens, (1920, 1080), 100, SCREENS[name])
    screens.app.resize_window((1000, 640))
    screens.frames(1)
    assert canvas_rect().size == (1500, 960)
    check(sc, f"{name} after the resize")
    b = getattr(sc, button)
    b = b[-1] if isinstance(b, list) else b
    pressed: list[bool] = []
    b.on_click = lambda: pressed.append(True)
    screens.click(b.rect.center)
    assert pressed, f"{name}: a click on {b.label!r} at {b.rect.center} did nothing"


# ---------------------------------------------------------------------------------------------------------
# the final chart's axis


@pytest.mark.parametrize(("highest", "room", "ticks"), [
    (42, 5, [0, 10, 20, 30, 40, 50]), (42, 6, [0, 10, 20, 30, 40, 50]), (52, 3, [0, 20, 40, 60]),
    (9, 6, [0, 2, 4, 6, 8, 10]), (10, 6, [0, 2, 4, 6, 8, 10]), (100, 5, [0, 20, 40, 60, 80, 100]),
    (101, 5, [0, 50, 100, 150]), (42, 1, [0, 50]), (0, 4, [0, 1]),
])
def test_the_axis_counts_in_round_steps(highest: int, room: int, ticks: list[int]) -> None:
    assert axis_ticks(highest, room) == ticks


@pytest.mark.parametrize(("ys", "lo", "hi"), [
    ([100.0, 100.0, 100.0, 100.0], 0.0, 400.0),  # four players on the same score
    ([100.0, 105.0, 300.0, 98.0], 0.0, 400.0),  # three close, one apart
    ([395.0, 399.0, 400.0], 0.0, 400.0),  # close at the bottom: pushed back up
    ([2.0, 0.0, 5.0], 0.0, 400.0),  # close at the top
])
def test_the_final_charts_end_markers_never_lie_over_each_other(ys: list[float], lo: float, hi: float) -> None:
    """Issue 32: the final page's graph labels never overlap when scores are close; each stays in its line's order
    and as near its end as the others allow."""
    gap = 28.0
    out = spread(ys, gap, lo, hi)
    placed = sorted(out)
    assert all(b - a >= gap - 1e-9 for a, b in zip(placed, placed[1:]))
    assert all(lo <= y <= hi for y in out)
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    assert [out[i] for i in order] == placed  # the lines' order kept
    apart = [i for i, y in enumerate(ys) if all(abs(y - z) >= gap * len(ys) for j, z in enumerate(ys) if j != i)]
    assert all(out[i] == ys[i] for i in apart)  # a score far from the others keeps its place


@pytest.mark.parametrize("size", [(1500, 360), (1600, 240), (1720, 600)])
def test_the_final_chart_labels_its_axis_with_round_numbers(driver: Driver, size: tuple[int, int]) -> None:
    """The trial's chart had 0/10/21/31/42: the axis numbers drawn are 0 and multiples of a round step (1, 2 or 5
    times a power of ten) up to the first one at or above the best score."""
    m = finished(seed=9)
    f = FinalScene(driver.app, m)
    te = driver.app.text
    surf = pygame.Surface((1920, 1080))
    with te.record(surf) as rec:
        f.draw_chart(surf, pygame.Rect(100, 100, *size))
    drawn = [int(d.text) for d in rec.items if d.text.isdigit()]
    best = max(s.score for s in m.game.seats)
    assert drawn[0] == 0 and len(drawn) >= 2
    step = drawn[1]
    assert any(step == k * 10 ** e for k in (1, 2, 5) for e in range(4)), drawn
    assert drawn == [k * step for k in range(len(drawn))], drawn
    assert drawn[-1] >= best > drawn[-2], (drawn, best)
