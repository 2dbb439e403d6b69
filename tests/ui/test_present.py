"""Showing the canvas in a window of any size: what reaches the window is the canvas, region by region, where
it belongs, the same pixels as scaling the whole picture; mouse positions map back to the canvas.

Headless (SDL dummy driver), the window's surface is read back directly; nothing here is timed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pygame
import pytest

from quacks.storage.settings import Settings
from quacks.ui import window_present
from quacks.ui.app import App, Scene
from quacks.ui.window_geometry import LOGICAL, MAX_P, align, geometry, merge, viewport

RED = (255, 0, 0)
NEAR = (4, 4, 4, 255)  # smoothscale's rounding turns 255 into 253
GREY = (40, 40, 40)

SIZES = [(1280, 720), (1280, 800), (1366, 768), (1440, 900), (1920, 1080), (2560, 1440), (3840, 2160), (1000, 700)]


@pytest.fixture()
def make_app() -> Iterator[object]:
    apps: list[App] = []

    def make(size: tuple[int, int]) -> App:
        app = App(Settings(), size=size, headless=True)
        apps.append(app)
        return app

    yield make
    pygame.display.set_mode(LOGICAL)  # leave the display as the other tests expect it


def noisy_canvas(surf: pygame.Surface, seed: int = 1) -> None:
    """Small sharp rectangles of random colours all over: any misplaced or resampled pixel shows."""
    rng = random.Random(seed)
    surf.fill(GREY)
    for _ in range(2500):
        surf.fill([rng.randrange(256) for _ in range(3)],
                  (rng.randrange(surf.get_width()), rng.randrange(surf.get_height()), rng.randrange(1, 24),
                   rng.randrange(1, 24)))


def reference(app: App) -> pygame.Surface:
    """The whole canvas scaled at once, as the window should show it (cut at the window's edges)."""
    p, q = app.scale
    fn = pygame.transform.smoothscale if p < q else pygame.transform.scale
    return fn(app.screen, app.view.size).subsurface((0, 0, *app.display.get_size())).copy()


def max_difference(a: pygame.Surface, b: pygame.Surface) -> int:
    """The largest difference of any channel of any pixel (0: identical), found with pygame's own blits."""
    assert a.get_size() == b.get_size()
    worst = 0
    for x, y in ((a, b), (b, a)):
        d = x.copy()
        d.blit(y, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(x - y, 0) per channel
        for level in (1, 4, 16, 64, 255):  # below ``level`` in every channel
            close = pygame.mask.from_threshold(d, (0, 0, 0, 255), (level, level, level, 255))
            if close.count() == d.get_width() * d.get_height():
                worst = max(worst, level - 1)
                break
        else:
            worst = 255
    return worst


def nearest(app: App) -> pygame.Surface:
    """The whole canvas scaled with the nearest pixels, cut at the window's edges."""
    return pygame.transform.scale(app.screen, app.view.size).subsurface((0, 0, *app.display.get_size())).copy()


def shown(app: App) -> pygame.Surface:
    return app.display.copy()


@pytest.mark.parametrize("size", SIZES + [(1000, 640), (1000, 900), (2200, 1240), (3000, 1000), (1919, 1079)])
@pytest.mark.parametrize("native", [False, True])
def test_the_canvas_fills_the_window_from_its_corner_with_no_bars(size: tuple[int, int], native: bool) -> None:
    geo = geometry(size, native)
    w, h = size
    p, q = geo.p, geo.q
    assert p <= MAX_P and math.gcd(p, q) == 1
    cw, ch = geo.canvas
    assert cw % q == 0 and ch % q == 0  # whole pixels: q canvas pixels -> p window pixels
    assert w <= cw * p // q < w + p and h <= ch * p // q < h + p  # it covers the window, less than p past it
    assert geo.visible == (w * q // p, h * q // p) and geo.visible[0] <= cw and geo.visible[1] <= ch
    r, vp, vq = viewport(size, native)
    assert r.topleft == (0, 0) and (vp, vq) == (p, q) and r.w >= w and r.h >= h
    if native:  # the table: one to one up to 2560x1440 (issue 32: more room), larger windows scaled up, text
        # never shrunk
        assert p >= q and (p == q) == (min(w / 1920, h / 1080) / (4 / 3) < 7 / 6)
        if p == q:
            assert geo.canvas == geo.window or w > 1920
    else:  # the screens: never smaller than 2/3, at least 1920x1080 from a 1280x720 window up
        assert p / q >= 2 / 3 - 1e-9
        if w >= 1280 and h >= 720:
            assert geo.visible[0] >= 1919 or geo.visible[1] >= 1079


def test_the_table_is_drawn_one_to_one_up_to_2560x1440(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))

    class Table(Scene):
        native = True

    app.push(Table(app))
    assert app.canvas_size == (1280, 800) and app.screen is app.display and not app.scaled
    app.resize_window((2560, 1440))  # issue 32: a bigger window shows more (laid out at its own size)
    assert app.canvas_size == (2560, 1440) and app.screen is app.display and not app.scaled
    app.resize_window((3840, 2160))  # larger still: the 2560x1440 layout scaled up, its text never shrunk
    assert app.canvas_size == (2560, 1440) and app.scale == (3, 2)
    app.pop()  # the title's way again: a canvas of at least 1920x1080
    app.resize_window((1280, 800))
    assert app.canvas_size == (1920, 1200) and app.scale == (2, 3)


def test_blocks_grow_outwards_to_the_scale_grid_and_stay_on_the_canvas() -> None:
    assert align(pygame.Rect(10, 11, 5, 5), 3) == pygame.Rect(9, 9, 6, 9)
    assert align(pygame.Rect(1915, 1075, 30, 30), 24) == pygame.Rect(1896, 1056, 24, 24)
    assert align(pygame.Rect(1495, 955, 30, 30), 3, (1500, 960)) == pygame.Rect(1494, 954, 6, 6)
    r = pygame.Rect(100, 100, 50, 50)
    assert merge([r, r.move(10, 0)]) == [pygame.Rect(100, 100, 60, 50)]  # mostly overlapping: one
    far = [pygame.Rect(0, 0, 10, 10), pygame.Rect(500, 500, 10, 10)]
    assert sorted(map(tuple, merge(far))) == sorted(map(tuple, far))  # apart: both, not their bounding box


@pytest.mark.parametrize("size", SIZES)
def test_changed_regions_alone_show_what_the_whole_picture_shows(make_app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size)
    noisy_canvas(app.screen, 1)
    app.present()  # the whole canvas
    full = shown(app)
    assert max_difference(full, reference(app)) <= (0 if app.grid < 120 else 24)  # tiles: see App._tiled
    # change a few regions (edges anywhere, one reaching past the canvas) and show only those
    cw, ch = app.screen.get_size()
    regions = [pygame.Rect(517, 233, 141, 71), pygame.Rect(1500, 300, 120, 60), pygame.Rect(cw - 50, ch - 40, 90, 90),
               pygame.Rect(3, 2, 7, 5)]
    other = pygame.Surface(app.screen.get_size())
    noisy_canvas(other, 2)
    for r in regions:
        app.screen.blit(other, r, r.clip(app.screen.get_rect()))
    app.present(regions)
    partly = shown(app)
    # a place nothing changed is as it was
    still = pygame.Rect(size[0] // 2, size[1] // 2, 40, 40)
    assert max_difference(partly.subsurface(still), full.subsurface(still)) == 0
    # and the window shows the new canvas everywhere, exactly as if all of it had been shown: the changed
    # regions where they are, no seams around them
    app.present()
    assert max_difference(partly, shown(app)) == 0
    assert max_difference(partly, full) > 100  # (the regions did change)


def test_a_changed_region_lands_where_it_is_on_the_canvas(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))  # a 1920x1200 canvas at 2/3, from the window's corner: no bars
    assert app.screen.get_size() == (1920, 1200)
    app.screen.fill(GREY)
    app.present()
    region = pygame.Rect(1500, 300, 120, 60)
    app.screen.fill(RED, region)
    app.present([region])
    found = pygame.mask.from_threshold(app.display, RED, NEAR).get_bounding_rects()
    assert found == [pygame.Rect(1000, 200, 80, 40)]
    # every corner of the window shows the canvas
    for corner in ((0, 0), (1279, 0), (0, 799), (1279, 799)):
        assert app.display.get_at(corner)[:3] != (0, 0, 0), corner


def test_regions_partly_off_the_canvas_are_clipped_not_fatal(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1366, 768))  # 7/10: the canvas reaches a few pixels past the window's right edge
    app.screen.fill(GREY)
    app.present()
    cw = app.screen.get_width()
    app.screen.fill(RED, pygame.Rect(cw - 30, 100, 30, 30))
    app.present([pygame.Rect(cw - 30, 100, 90, 30), pygame.Rect(-50, -50, 20, 20)])
    found = pygame.mask.from_threshold(app.display, RED, NEAR).get_bounding_rects()
    assert len(found) == 1 and found[0].right == 1366, found  # cut at the window's right edge
    assert abs(found[0].y - 70) <= 1 and abs(found[0].h - 21) <= 1, found


def test_nothing_changed_nothing_shown(make_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    calls: list[object] = []
    monkeypatch.setattr(pygame.display, "update", lambda *a: calls.append(a))
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    for size in ((1280, 800), LOGICAL):
        app = make_app(size)
        app.present([])
        app.present([pygame.Rect(-100, -100, 10, 10)])  # entirely off the canvas
    assert calls == []


def test_only_the_changed_blocks_are_sent_to_the_window(make_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app((2560, 1440))
    sent: list[list[pygame.Rect]] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects: sent.append(list(rects)))
    app.present([pygame.Rect(301, 400, 10, 10)])
    assert sent == [[pygame.Rect(400, 532, 16, 16)]]  # canvas 300-312 x 399-411 (multiples of 3) times 4/3


def test_scaled_in_whole_tiles_but_only_the_changed_blocks_are_sent(make_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1366, 768))  # 7/10: scaled in 120 x 120 tiles (see App._tiled)
    assert app.scale == (7, 10) and app.grid == 120
    sent: list[list[pygame.Rect]] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects: sent.append(list(rects)))
    app.present([pygame.Rect(301, 400, 10, 10)])
    # canvas 300-320 x 400-410 (multiples of 10) is 14 x 7 window pixels at (210, 280)
    assert sent == [[pygame.Rect(210, 280, 14, 7)]]


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (2560, 1440), (3840, 2160), (1920, 1080)])
def test_mouse_positions_map_to_the_canvas(make_app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = make_app(size)
    w, h = size
    pygame.event.clear()
    for pos in ((0, 0), (w - 1, h - 1), (w // 2, h // 2)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(30, 0), rel=(30, 0), buttons=(0, 0, 0)))
    evs = [e for e in app.events() if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION)]
    corner, far, centre, motion = (e.pos for e in evs)
    assert corner == (0, 0)
    p, q = app.scale
    vw, vh = app.canvas_size
    assert vw - q <= far[0] < vw and vh - q <= far[1] < vh
    assert abs(centre[0] - vw // 2) <= q and abs(centre[1] - vh // 2) <= q
    assert evs[3].rel == (round(30 * q / p), 0) and motion == (30 * q // p, 0)
    assert evs[0].button == 1  # everything else carried over
    app.handle(evs[2])
    assert app.mouse_pos == centre


def test_a_resize_switches_between_the_window_surface_and_a_scaled_canvas(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(LOGICAL)
    assert app.screen is app.display and not app.scaled

    class Probe(Scene):
        invalidated = 0

        def invalidate(self) -> None:
            self.invalidated += 1

    probe = Probe(app)
    app.scenes.append(probe)
    app.dirty = False
    app.resize_window((1280, 800))
    assert app.scaled and app.screen.get_size() == (1920, 1200) and app.display.get_size() == (1280, 800)
    assert app.dirty and probe.invalidated >= 1 and app.resizes == 1  # the next frame draws everything
    noisy_canvas(app.screen)
    app.present()
    # right after a resize the picture is shrunk with the nearest pixels (fast while a corner is dragged)
    assert max_difference(shown(app), pygame.transform.scale(app.screen, app.view.size)) == 0
    app.resize_window(LOGICAL)
    assert app.screen is app.display and not app.scaled and app.resizes == 2
    # the same size again is no resize (the size events come in threes)
    for t in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE, pygame.WINDOWRESIZED):
        app.handle(pygame.event.Event(t, x=1920, y=1080, w=1920, h=1080, size=LOGICAL))
    assert app.resizes == 2
    app.scenes.clear()


def test_after_a_resize_the_picture_is_averaged_once_the_size_stays_put(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(LOGICAL)
    now = [50.0]
    app.clock_now = lambda: now[0]

    class Still(Scene):
        def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
            return []  # nothing changed on the canvas

    app.push(Still(app))
    app.resize_window((1366, 768))
    noisy_canvas(app.screen)
    app.frame(0.0)  # the resize frame: nearest pixels
    assert max_difference(shown(app), nearest(app)) == 0
    app.dirty = False
    assert app.wait_time() == pytest.approx(0.25)  # the loop wakes to polish it
    # a small change meanwhile is shown in the same (nearest) way: no mixed picture
    app.screen.fill(RED, (500, 500, 30, 30))
    app.present([pygame.Rect(500, 500, 30, 30)])
    assert max_difference(shown(app), nearest(app)) == 0
    now[0] += 0.3
    app.frame(0.0)  # nothing changed, yet the whole picture is shown again, averaged
    averaged = shown(app)
    assert app.wait_time() is None
    fresh = make_app((1366, 768))  # the picture as a window of that size shows it from the start
    fresh.screen.blit(app.screen, (0, 0))
    fresh.present()
    assert max_difference(averaged, shown(fresh)) == 0


@pytest.mark.parametrize("size", [(3840, 2160), (2560, 1440), (1920, 1080)])
def test_a_large_new_window_surface_is_first_shown_in_bands(make_app, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
                                                            size: tuple[int, int]) -> None:
    """A new window surface is shown over a few frames, top to bottom, none sending much more than
    FIRST_SHOW_PIXELS; a change in a band already shown is shown at once; at the end the window holds the
    whole picture, and at 1920x1080 the window's surface becomes the canvas again."""
    app = make_app((1280, 720))
    app.headless = False  # as in a real window (headless, the whole picture is shown at once)
    sent: list[list[pygame.Rect]] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects: sent.append(list(rects)))
    app.resize_window(size)
    assert app.showing_first and app.scaled and len(app._unshown) >= 2
    assert app.busy() and app.wait_time() == 0.0  # the loop goes on drawing until all is shown
    noisy_canvas(app.screen)
    app.present()
    first = sent[-1][-1]
    assert first.y == 0 and first.w == size[0] and first.h < size[1] // 2
    app.screen.fill(RED, (500, 10, 30, 30))  # a change in the band already shown
    app.present([pygame.Rect(500, 10, 30, 30)])
    assert any(r.collidepoint(app.to_window(pygame.Rect(500, 10, 30, 30)).center) for r in sent[-1][:-1])
    frames = 2
    while app.showing_first:
        app.present([])
        frames += 1
    assert frames <= 6
    for rects in sent:
        assert sum(r.w * r.h for r in rects) <= window_present.FIRST_SHOW_PIXELS * 1.25
    bands = [rects[-1] for rects in sent]
    assert bands[-1].bottom == size[1] and all(a.bottom == b.y for a, b in zip(bands, bands[1:]))
    if size == LOGICAL:
        assert app.screen is app.display and not app.scaled and app._show_all
    else:
        assert max_difference(shown(app), reference(app)) == 0


def test_headless_and_small_windows_show_the_whole_picture_at_once(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((1280, 720))
    app.resize_window((3840, 2160))
    assert not app.showing_first  # headless: nobody watches, nothing to spread
    app.headless = False
    app.resize_window((1366, 768))
    assert not app.showing_first and app.scaled


def test_the_table_stretches_its_last_picture_while_the_window_is_resized_then_lays_out(make_app) -> None:  # type: ignore[no-untyped-def]
    """A corner dragged: each new size shows the last picture stretched (a few ms); once the size has stayed
    put, the table lays itself out for the window (tens of ms, once)."""
    app = make_app((1280, 800))
    app.headless = False  # as in a real window
    now = [10.0]
    app.clock_now = lambda: now[0]

    class Table(Scene):
        native = True
        laid_out: list[tuple[int, int]] = []

        def canvas_changed(self) -> None:
            self.laid_out.append(self.app.canvas_size)

        def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
            surf.fill(GREY)
            surf.fill(RED, (0, 0, 100, 100))
            return None

    t = Table(app)
    app.push(t)
    t.laid_out.clear()
    app.resize_window((1600, 900))
    assert app.settling and app.canvas_size == (1280, 800) and t.laid_out == []
    app.frame(0.0)
    red = pygame.mask.from_threshold(app.display, RED, NEAR).get_bounding_rects()
    assert red == [pygame.Rect(0, 0, 125, 113)], red  # the 100x100 corner stretched by 1600/1280 and 900/800
    assert app.to_canvas((1599, 899)) == (1279, 799)
    assert app.wait_time() == pytest.approx(0.3)
    now[0] += 0.31
    app.frame(0.0)
    assert not app.settling and app.canvas_size == (1600, 900) and t.laid_out == [(1600, 900)]
    assert app.screen is app.display  # one to one again
