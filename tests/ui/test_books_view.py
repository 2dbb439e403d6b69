"""The ingredient books on the table: names inside the page, the supply counts in every language, and fits
that belong to the pages they were made for."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from quacks import i18n
from quacks.content.loader import default_catalogue
from quacks.devtools.ui import layout_check as L
from quacks.rules.chips import Colour
from quacks.rules.config import GameConfig
from quacks.rules.game import Game
from quacks.ui import art
from quacks.ui.app import text_engine
from quacks.ui.table.books_view import ORDER, BooksView, book_of
from quacks.ui.text import Text
from quacks.wording import data_text as D

PAGES = pygame.Rect(12, 12, 420, 1056)  # where the table puts the books


@pytest.fixture()
def te() -> Iterator[Text]:
    engine = text_engine()
    was = engine.scale
    BooksView._fits.clear()
    yield engine
    engine.set_scale(was)
    BooksView._fits.clear()
    i18n.set_language("en")


def _game(seats: int, round_: int = 9) -> Game:
    g = Game(default_catalogue(), GameConfig(seats=("Ann", "Bob", "Cyd", "Dee")[:seats]))
    g.round = round_  # every book out
    return g


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_names_stay_inside_the_pages_rim(te: Text, lang: str) -> None:
    """The name used to be drawn over the page's top edge, where German umlauts and Dutch ascenders were lost."""
    i18n.set_language(lang)
    g = _game(4)
    for scale in (1.0, 1.5, 2.0):
        te.set_scale(scale)
        books = BooksView(PAGES)
        surf = pygame.Surface(L.LOGICAL)
        with te.record(surf) as rec:
            books.draw(surf, g)
        for colour in ORDER:
            page = books.rects[colour]
            name = D.book_name(book_of(g, colour))
            drawn = [d for d in rec.items if d.text == name]
            assert drawn, (lang, scale, name)
            assert drawn[0].rect.top >= page.top + art.EDGE, (lang, scale, name, drawn[0].rect)
        problems = L.problems_of(rec.items, "books", int(scale * 100), lang, (1920, 1080))
        assert not problems, "\n".join(p.line() for p in problems)


@pytest.mark.parametrize("round_", [1, 9])
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_page_shows_its_supply_counts_at_100_percent(te: Text, lang: str, round_: int) -> None:
    """German pages lost their counts (one page had no room, so all went); in round 1 every language lost them
    (a book still to come took the room with its tag, which now goes beside the name instead)."""
    i18n.set_language(lang)
    te.set_scale(1.0)
    g = _game(4, round_)
    books = BooksView(PAGES)
    assert all(books.fit(g, c).show_left for c in ORDER), lang
    surf = pygame.Surface(L.LOGICAL)
    with te.record(surf) as rec:
        books.draw(surf, g)
    word = i18n._("{n} left").replace("{n}", "").strip()  # "left", "noch", "nog"
    counts = [d for d in rec.items if word in d.text.split() and "books_view" in d.where]
    assert len(counts) == sum(len(book_of(g, c).prices) for c in ORDER)
    assert not L.problems_of(rec.items, "books", 100, lang, (1920, 1080))


def test_a_fit_is_not_taken_for_another_page_with_the_same_name(te: Text) -> None:
    """The black book's 2-seat and 3-4-seat pages share a name but not their rule: after a 2-seat game at 150%,
    a 4-seat game fits its own black page (it used to get the 2-seat fit, and its rule was cut)."""
    i18n.set_language("en")
    te.set_scale(1.5)
    two, four = _game(2), _game(4)
    assert D.book_name(book_of(two, Colour.BLACK)) == D.book_name(book_of(four, Colour.BLACK))
    assert D.book_short(book_of(two, Colour.BLACK)) != D.book_short(book_of(four, Colour.BLACK))
    BooksView(PAGES).fit(two, Colour.BLACK)
    after_two = {c: BooksView(PAGES).fit(four, c) for c in ORDER}
    BooksView._fits.clear()
    alone = {c: BooksView(PAGES).fit(four, c) for c in ORDER}
    assert after_two == alone
