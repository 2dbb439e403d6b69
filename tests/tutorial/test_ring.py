"""The guide's ring cuts no letter (issue 19 §8: "descenders cut by the guide's ring"): it goes around its target
with room for the target's own text, and each side keeps off the table's other lines; the layout check finds
nothing wrong with the bubble or the ring at any lesson's moment, size, scale and language."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from quacks.tutorial.script import load_script
from quacks.ui.overlays.coach import BAND, ring_around

LESSONS = [ls.id for ls in load_script().lessons]


def test_a_ring_keeps_off_a_line_just_under_its_target() -> None:
    target = pygame.Rect(100, 100, 200, 30)
    line = pygame.Rect(100, 138, 180, 14)  # 8 px under the target: the full band at the usual gap would cross it
    ring = ring_around(target, [line])
    assert ring.whole is False or not ring.outer.colliderect(line)
    assert not any(p.colliderect(line) for p in ring.pieces)
    assert ring.inner.contains(target)


def test_a_ring_holds_the_whole_of_its_targets_own_text() -> None:
    target = pygame.Rect(100, 100, 200, 20)
    own = pygame.Rect(102, 104, 150, 22)  # its descenders reach below the target's box
    ring = ring_around(target, [own])
    assert ring.inner.contains(own) and ring.whole
    assert ring.outer == ring.inner.inflate(2 * BAND, 2 * BAND)


def test_a_ring_with_no_room_is_broken_where_a_line_runs_across_it() -> None:
    target = pygame.Rect(100, 100, 200, 30)
    lines = [pygame.Rect(40, 60 + 6 * i, 400, 5) for i in range(14)]  # lines all around, no gap anywhere
    ring = ring_around(target, lines)
    assert not ring.whole and ring.pieces
    assert not any(p.colliderect(r) for p in ring.pieces for r in lines)


def _lesson_case(lesson: str) -> Any:
    from quacks.devtools.ui.layout_check import Case

    def build(app: Any) -> None:
        from quacks.ui.flows import start_tutorial
        from quacks.ui.scenes.table import TableScene

        app.scenes = []
        assert start_tutorial(app, lesson) == ""
        t = next(sc for sc in app.scenes if isinstance(sc, TableScene))
        t.driver.threaded = False
        for _ in range(3):
            for sc in list(app.scenes):
                sc.update(0.0)

    return Case(f"table/guided game: {lesson}", build)


@pytest.fixture()
def rings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, int]]:
    """Every ring the bubble draws, with the recorder's layer it is drawn on."""
    from quacks.ui.app import text_engine
    from quacks.ui.overlays import coach

    drawn: list[tuple[Any, int]] = []
    real = coach.draw_ring

    def noting(surf: pygame.Surface, ring: Any) -> None:
        rec = text_engine().recorder
        drawn.append((ring, rec.layer if rec is not None else 0))
        real(surf, ring)

    monkeypatch.setattr(coach, "draw_ring", noting)
    return drawn


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("size,scale,language", [((1000, 640), 200, "de"), ((1280, 800), 100, "nl"),
                                                 ((1920, 1080), 150, "pseudo"), ((1000, 900), 125, "en")])
def test_at_every_lesson_the_ring_crosses_no_text_and_the_check_finds_nothing(
        lesson: str, size: tuple[int, int], scale: int, language: str, rings: list[tuple[Any, int]],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from quacks.devtools.ui import layout_check as lc

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path))
    lc._env()
    name = f"table/guided game: {lesson}"
    drawing = lc.draw_case(_lesson_case(lesson), scale, language, size=size)
    items, geo = drawing.items, drawing.geo
    problems = lc.problems_of(items, name, scale, language, size, pygame.Rect(0, 0, *geo.visible), geo.p / geo.q,
                              drawing.dropped)
    assert [p.line() for p in problems if "coach.py" in p.where or "guide.py" in p.where] == []
    assert rings, "the bubble drew its ring"
    ring, layer = rings[-1]
    table_lines = [d.rect for d in items if d.layer < layer]
    crossed = [r for r in table_lines if any(p.colliderect(r) for p in ring.pieces) and not ring.inner.contains(r)]
    assert crossed == [], f"the ring crosses {len(crossed)} line(s) of the table"
