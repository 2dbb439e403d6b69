"""Fitting a label: a word wider than a line is broken only at its marked points (a soft hyphen, drawn as "-"
there and nowhere else, or a hyphen of its own), never between any two letters (issue 30, second review §2:
"Bonusdobbels-" / "teen"); a label shrinks before it breaks a word, and a word no size holds is shortened with
"…". The work grows with the word's length (times a logarithm), not its cube (issue 18 §4: a 20,000-letter word
took minutes).

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


SHY = "\u00ad"


def reference(f: pygame.font.Font, word: str, width: int) -> list[str]:
    """The pieces by definition: while the rest is wider than the line, the longest piece up to a marked point
    (after a soft hyphen, drawn "-", or after a hyphen between two letters) that fits; where none fits, the
    longest beginning of the next piece that fits with "…", and the word ends there."""
    def w(t: str) -> int:
        return f.size(t.replace(SHY, ""))[0]

    points = [i + 1 for i in range(1, len(word) - 1)
              if word[i] == SHY or (word[i] == "-" and word[i - 1].isalpha() and word[i + 1].isalpha())]
    out: list[str] = []
    start = 0
    while w(word[start:]) > width:
        fitting = [p for p in points if p > start and w(word[start:p].removesuffix(SHY) + "-" * word[start:p]
                                                       .endswith(SHY)) <= width]
        if not fitting:
            nxt = next((p for p in points if p > start), len(word))
            piece = word[start:nxt].replace(SHY, "").rstrip("-")
            k = len(piece)
            while k > 1 and w(piece[:k] + "…") > width:
                k -= 1
            return out + [piece[:k] + "…"]
        p = fitting[-1]
        out.append(word[start:p].removesuffix(SHY) + ("-" if word[p - 1] == SHY else ""))
        start = p
    return out + [word[start:]]


@pytest.mark.parametrize("face", ["sans", "serif", "serif-bold"])
def test_a_long_word_breaks_only_at_its_marked_points(text: Text, face: str) -> None:
    f = text.font(face, 18)
    rng = random.Random(face)
    for _ in range(150):
        word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzWMiäöü-." + SHY * 3) for _ in range(rng.randint(1, 90)))
        width = rng.randint(1, 260)
        assert text._break_word(f, word, width) == reference(f, word, width), (word, width)


def test_a_word_is_never_broken_between_two_letters(text: Text) -> None:
    """"Bonusdobbelsteen" in a heading narrower than the word: at a soft hyphen ("Bonusdobbel-" / "steen"), and
    without one shortened (and reported), never "Bonusdobbels-" / "teen"."""
    width = text.size("Bonusdobbels", "sans-semibold", 15)[0]
    box = pygame.Rect(0, 0, width, 60)
    assert text.fit_label(f"Bonus{SHY}dobbel{SHY}steen", "sans-semibold", 15, box, min_size=15)[1] == \
        ["Bonusdobbel-", "steen"]
    assert text.wrap(f"de Bonus{SHY}dobbel{SHY}steen rolt", "sans-semibold", 15, width) == \
        ["de", "Bonusdobbel-", "steen rolt"]
    rows = text.wrap("de Bonusdobbelsteen rolt", "sans-semibold", 15, width)
    assert rows[1].endswith("…") and text.shortened(rows[1]) and "-" not in "".join(rows)
    # a hyphen of the word's own is a marked point; one before a number is not
    assert text.wrap("Knallerbsen-Summe", "sans", 16, text.size("Knallerbsen-", "sans", 16)[0]) == \
        ["Knallerbsen-", "Summe"]
    assert text._break_word(text.font("sans", 16), "-12345678", text.size("-1234", "sans", 16)[0])[0].endswith("…")


def test_a_soft_hyphen_is_never_drawn_where_the_line_does_not_break(text: Text) -> None:
    whole = f"Bonus{SHY}dobbel{SHY}steen"
    assert text.size(whole, "sans", 16) == text.size("Bonusdobbelsteen", "sans", 16)
    a = text.render(whole, "serif", 16, (0, 0, 0))
    b = text.render("Bonusdobbelsteen", "serif", 16, (0, 0, 0))
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
    assert all(SHY not in line for line in text.wrap(f"{whole} {whole} {whole}", "sans", 16, 150))


def test_a_number_stays_with_its_unit_and_a_key_with_its_label(text: Text) -> None:
    """Issue 30, second review §22: no "3 / SP", "Tropfen / +1" or "V / anderer Kessel" at a line's end: a number
    keeps the word after it, a signed number the word before it, and a no-break space (a key and its label) holds."""
    width = text.size("Nimm 3 SP", "sans", 16)[0] - 2
    assert text.wrap("Nimm 3 SP", "sans", 16, width) == ["Nimm", "3 SP"]
    width = text.size("Weiter Tropfen +1", "sans", 16)[0] - 2
    assert text.wrap("Weiter Tropfen +1", "sans", 16, width) == ["Weiter", "Tropfen +1"]
    width = text.size("Esc Menü · V anderer", "sans", 16)[0] + 2
    assert text.wrap("Esc Menü · V anderer Kessel", "sans", 16, width) == ["Esc Menü · V anderer", "Kessel"]
    assert text.wrap("Esc Menü · V\u00a0anderer\u00a0Kessel", "sans", 16, width) == ["Esc Menü ·",
                                                                                   "V\u00a0anderer\u00a0Kessel"]
    # a number that ends its phrase ("boven 7, en") keeps nothing
    width = text.size("boven 7, en", "sans", 16)[0] - 2
    assert text.wrap("boven 7, en", "sans", 16, width) == ["boven 7,", "en"]
    # a group wider than a line is broken between its words after all
    assert text.wrap("3 SP", "sans", 16, text.size("SP", "sans", 16)[0] + 1) == ["3", "SP"]


def _letters_measured(text: Text, word: str, width: int = 200) -> int:
    counting = CountingFont(text.font("sans", 18), budget=400 * len(word))
    pieces = text._break_word(counting, word, width)  # type: ignore[arg-type]
    assert all(counting.font.size(p)[0] <= width for p in pieces)
    return counting.letters


def test_breaking_a_word_is_near_linear_in_its_length(text: Text) -> None:
    marked = (SHY.join("W" * 10 for _ in range(n // 10)) for n in (1_000, 8_000))
    small, large = (_letters_measured(text, w) for w in marked)
    assert large < 40 * 8_000  # a handful of line-long pieces measured per line
    assert large / small < 12  # 8 times the letters: about 8 times the work, not 512
    small, large = _letters_measured(text, "W" * 1_000), _letters_measured(text, "W" * 8_000)  # shortened
    assert large < 40 * 8_000 and large / small < 12


def test_a_20000_letter_label_is_fitted(text: Text) -> None:
    """blit_fit's sizes and lines for a 20,000-letter word (it took minutes before): shortened with "…"."""
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
    assert len(rows) == 1 and rows[0].endswith("…") and set(rows[0][:-1]) == {"W"} and text.shortened(rows[0])
    assert sum(c.letters for c in counting.values()) < 400 * n


def test_a_label_shrinks_to_keep_its_words_whole_before_it_breaks_one(text: Text) -> None:
    """"Bücher" in a tab a little narrower than the word at its size: smaller and whole, not "Büc-" / "her"."""
    width = text.size("Bücher", "sans-bold", 18)[0]
    box = pygame.Rect(0, 0, width - 6, 200)
    size, rows = text.fit_label("Bücher", "sans-bold", 24, box, min_size=8)
    assert rows == ["Bücher"] and size < 18
    # only where no size down to the least keeps it whole is it broken, at its soft hyphen (pieces that each fit)
    narrow = pygame.Rect(0, 0, max(text.size(t, "sans-bold", 12)[0] for t in ("Bü-", "cher")) + 1, 200)
    size, rows = text.fit_label(f"Bü{SHY}cher", "sans-bold", 24, narrow, min_size=12)
    assert rows == ["Bü-", "cher"] and all(text.size(r, "sans-bold", size)[0] <= narrow.w for r in rows)
    # with no mark, a word no size holds is shortened (the layout check reports it), not broken anywhere
    size, rows = text.fit_label("Bücher", "sans-bold", 24, narrow, min_size=12)
    assert rows[0].endswith("…") and len(rows) == 1
