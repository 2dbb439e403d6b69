"""Text that reads (issue 34, ``docs/look.md``): WCAG 2's contrast ratio, colours moved just far enough to reach
it (``ui.legible``), and ``check-layout``'s ``contrast`` kind caught on planted faults and quiet on the game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.devtools.ui import contrast
from quacks.ui import theme as T
from quacks.ui.legible import LARGE_LEAST, NORMAL_LEAST, legible, luminance, ratio
from quacks.ui.text_record import Drawn

from .test_layout_kinds import kinds


def test_the_ratio_is_wcag_2s() -> None:
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # the well-known #777 on white
    assert ratio(T.INK, T.PARCHMENT) == ratio(T.PARCHMENT, T.INK)
    assert luminance((255, 255, 255)) == pytest.approx(1.0)


def test_a_colour_is_moved_only_as_far_as_it_must() -> None:
    assert legible(T.INK, T.PARCHMENT) == T.INK  # already reads: unchanged
    for fg, bg in ((T.DANGER, T.WOOD_MID), ((206, 170, 30), (236, 224, 196)), (T.INK, (120, 96, 66))):
        moved = legible(fg, bg)
        assert moved != fg and ratio(moved, bg) >= NORMAL_LEAST
    # towards white on a dark ground, towards black on a light one
    assert luminance(legible(T.DANGER, T.WOOD_MID)) > luminance(T.DANGER)
    assert luminance(legible((206, 170, 30), (236, 224, 196))) < luminance((206, 170, 30))
    assert ratio(legible(T.INK, (160, 132, 92), LARGE_LEAST), (160, 132, 92)) >= LARGE_LEAST


def test_the_table_s_words_in_colour_read_on_their_panels() -> None:
    for bg in ((52, 36, 26), (58, 40, 28), T.WOOD_MID, T.WOOD_DARK):
        assert ratio(T.DANGER_TEXT, bg) >= NORMAL_LEAST, bg
    assert ratio(T.RUBY_TEXT, T.PARCHMENT) >= NORMAL_LEAST


def test_the_background_is_what_the_letters_lie_on(home: Path) -> None:
    pygame.font.init()
    surf = pygame.Surface((120, 40))
    surf.fill((200, 190, 170))
    font = pygame.font.Font(None, 30)
    img = font.render("Quacks", True, (30, 20, 10))
    r = surf.blit(img, (10, 5))
    ink = img.get_bounding_rect().move(r.topleft)
    assert contrast.background(surf, ink, (30, 20, 10)) == (200, 190, 170)
    line = Drawn("Quacks", ink, None, 30, False, 0, 1, "x.py:1", face="sans", colour=(30, 20, 10))
    assert contrast.low([line], surf, 1) == []
    pale = Drawn("Quacks", ink, None, 30, False, 0, 1, "x.py:1", face="sans", colour=(190, 180, 160))
    surf.fill((200, 190, 170))
    surf.blit(font.render("Quacks", True, (190, 180, 160)), (10, 5))  # as good as invisible
    assert [d.text for d, _bg, _r in contrast.low([pale], surf, 1)] == ["Quacks"]
    assert contrast.low([pale], surf, 2) == []  # under a higher layer: not measured
    assert contrast.low([pale], surf, 1, [ink]) == []  # a marker stands on it


def test_danger_words_in_the_old_red_on_the_cards_are_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    case = "table/explosion choice"
    assert not kinds(case, "contrast")
    monkeypatch.setattr(T, "DANGER_TEXT", T.DANGER)  # "exploded" in the red of the fuse: 3.3:1 on the card
    found = kinds(case, "contrast")
    assert found and all("(at least" in p.detail for p in found)
    assert any(p.text == "exploded" for p in found)
