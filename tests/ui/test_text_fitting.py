"""Fitting a label: a word wider than a line is broken into the longest pieces that fit, and the work grows with
the word's length (times a logarithm), not its cube (issue 18 §4: a 20,000-letter word took minutes).

The work is counted as the letters measured (deterministic), not timed; ``python /tmp/fitbench.py``-style
timings are in the commit message."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from quacks.ui.text import Text


class Budget(Exception):
    pass


class CountingFont:
    """A font that counts the letters it measures (and stops a runaway fitting at ``budget``)."""

    def __init__(self, font: pygame.font.Font, budget: int) -> None:
        self.font = font
        self.budget = budget
        self.letters = 0

    def size(self, text: str) -> tuple[int, int]:
        self.letters += len(text)
        if self.letters > self.budget:
            raise Budget(f"measured more than {self.budget} letters")
        return self.font.size(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.font, name)


@pytest.fixture(scope="module")
def text() -> Text:
    pygame.font.init()
    return Text()


def reference(f: pygame.font.Font, word: str, width: int) -> list[str]:
    """The pieces by definition: while the rest is wider than the line, the longest piece that fits with its
    hyphen (at least one letter); then the rest."""
    if len(word) < 2 or f.size(word)[0] <= width:
        return [word]
    out = []
    rest = word
    while len(rest) > 1 and f.size(rest)[0] > width:
        k = len(rest) - 1
        while k > 1 and f.size(rest[:k] + "-")[0] > width:
            k -= 1
        out.append(rest[:k] + "-")
        rest = rest[k:]
    if rest:
        out.append(rest)
    return out


@pytest.mark.parametrize("face", ["sans", "serif", "serif-bold"])
def test_a_long_word_breaks_into_the_longest_pieces_that_fit(text: Text, face: str) -> None:
    f = text.font(face, 18)
    rng = random.Random(face)
    for _ in range(150):
        word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzWMiäöü-.") for _ in range(rng.randint(1, 90)))
        width = rng.randint(1, 260)
        assert text._break_word(f, word, width) == reference(f, word, width), (word, width)


def _letters_measured(text: Text, n: int, width: int = 200) -> int:
    counting = CountingFont(text.font("sans", 18), budget=400 * n)
    pieces = text._break_word(counting, "W" * n, width)  # type: ignore[arg-type]
    assert "".join(p.rstrip("-") for p in pieces) == "W" * n
    assert all(counting.font.size(p)[0] <= width for p in pieces)
    return counting.letters


def test_breaking_a_word_is_near_linear_in_its_length(text: Text) -> None:
    small, large = _letters_measured(text, 1_000), _letters_measured(text, 8_000)
    assert large < 40 * 8_000  # a handful of line-long pieces measured per line
    assert large / small < 12  # 8 times the letters: about 8 times the work, not 512


def test_a_20000_letter_label_is_fitted(text: Text) -> None:
    """blit_fit's sizes and lines for a 20,000-letter word (it took minutes before)."""
    box = pygame.Rect(0, 0, 220, 60)
    n = 20_000
    counting: dict[int, CountingFont] = {}
    real_font = text.font_px

    def font_px(face: str, px: int) -> Any:
        key = hash((face, px))
        if key not in counting:
            counting[key] = CountingFont(real_font(face, px), budget=400 * n)
        return counting[key]

    text.font_px = font_px  # type: ignore[method-assign]
    try:
        size, rows = text.fit_label("W" * n, "sans", 18, box)
    finally:
        del text.font_px
    assert "".join(r.rstrip("-") for r in rows) == "W" * n
    assert sum(c.letters for c in counting.values()) < 400 * n


def test_a_label_shrinks_to_keep_its_words_whole_before_it_breaks_one(text: Text) -> None:
    """"Bücher" in a tab a little narrower than the word at its size: smaller and whole, not "Büc-" / "her"."""
    width = text.size("Bücher", "sans-bold", 18)[0]
    box = pygame.Rect(0, 0, width - 6, 200)
    size, rows = text.fit_label("Bücher", "sans-bold", 24, box, min_size=8)
    assert rows == ["Bücher"] and size < 18
    # only where no size down to the least keeps it whole is it broken (into pieces that each fit)
    size, rows = text.fit_label("Bücher", "sans-bold", 24, pygame.Rect(0, 0, 20, 200), min_size=12)
    assert len(rows) > 1 and all(text.size(r, "sans-bold", size)[0] <= 20 for r in rows)
