"""The scaled window path: what reaches the screen is the canvas, region by region, where it belongs."""

from __future__ import annotations

import gc

import pygame

from quacks.storage.settings import Settings
from quacks.ui.app import LOGICAL, App

RED = (255, 0, 0)
GREY = (40, 40, 40)


def _scaled_app() -> App:
    app = App(Settings(), headless=True)
    app._open_scaled((1280, 800))  # 2/3 of the canvas, letterboxed by 40 pixels top and bottom
    return app


def _close(app: App) -> None:
    """Texture, renderer, then window, in that order (SDL frees them; leaving them to the garbage collector
    after the display is gone crashes a later test)."""
    app.texture = None
    app.renderer = None
    gc.collect()
    if app.window is not None:
        app.window.destroy()
        app.window = None


def _red_box(app: App) -> pygame.Rect | None:
    """Where red shows in the window's picture (read back from the renderer), or None."""
    shot = app.renderer.to_surface()
    found = [(x, y) for y in range(0, shot.get_height(), 2) for x in range(0, shot.get_width(), 2)
             if shot.get_at((x, y))[:3] == RED]
    if not found:
        return None
    xs, ys = [p[0] for p in found], [p[1] for p in found]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)


def test_a_changed_region_lands_where_it_is_on_the_canvas() -> None:
    # pygame-ce 2.5 puts a subsurface given to Texture.update at the texture's corner, whatever the area:
    # once this showed pieces of a pot in the top-left corner of a scaled window
    app = _scaled_app()
    try:
        app.screen.fill(GREY)
        app.present()
        region = pygame.Rect(1500, 300, 120, 60)
        app.screen.fill(RED, region)
        app.present([region])
        box = _red_box(app)
        assert box is not None, "the changed region did not reach the window"
        # the window shows the canvas at 2/3 of its size: the red region is at 2/3 of its canvas place
        assert abs(box.x - 1000) <= 4 and abs(box.w - 80) <= 4, box
    finally:
        _close(app)


def test_regions_partly_off_the_canvas_are_clipped_not_fatal() -> None:
    app = _scaled_app()
    try:
        app.screen.fill(GREY)
        app.present()
        app.screen.fill(RED, pygame.Rect(LOGICAL[0] - 30, 100, 30, 30))
        app.present([pygame.Rect(LOGICAL[0] - 30, 100, 90, 30), pygame.Rect(-50, -50, 20, 20)])
        box = _red_box(app)
        assert box is not None and box.x >= 1200, box
    finally:
        _close(app)
