"""The second German and Dutch review's findings on the screens (issue 30, ``shared/reviews/german-dutch.md``,
"Second review"): the status line of the seat spoken to, the fortune card's text beside its outcome, the word
space of the serif at small sizes, and the close note of the opened books. (A word broken between two letters:
``test_layout.py``; the words themselves: ``tests/i18n/test_second_review.py``.)"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from quacks import i18n
from quacks.devtools.ui import layout_cases as C
from quacks.devtools.ui import layout_check as L
from quacks.rules.kinds import Phase
from quacks.ui.app import App, text_engine
from quacks.ui.overlays.folded import BooksOpen
from quacks.ui.table.board_view import CARD_TEXT_MIN

from .driver import Driver


@pytest.fixture()
def app(home: object) -> Iterator[App]:
    yield Driver().app
    i18n.set_language("en")


#: the third-person statuses that read wrong beside "you" / "du" / "jij" ("du · braut", "you · has decided")
THIRD_PERSON = {"en": {"has decided"}, "de": {"braut", "hat aufgehört", "hat entschieden"},
                "nl": {"brouwt", "heeft gekozen"}}
#: what the seat spoken to reads in each state (the review's words)
OWN = {"en": ("brewing", "decided", "stopped", "exploded!"),
       "de": ("am Brauen", "entschieden", "aufgehört", "explodiert!"),
       "nl": ("aan het brouwen", "gekozen", "gestopt", "ontploft!")}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_seat_spoken_to_has_a_status_with_no_subject(app: App, lang: str) -> None:
    """Second review §1: "du · braut", "du · hat entschieden", "jij · heeft gekozen", "you · has decided"."""
    i18n.set_language(lang)
    t = C._table(app, "brewing")
    g, view = t.g, t.view
    st = t.state()
    you = next(i for i, spec in enumerate(t.match.setup.seats) if not spec.is_bot)
    assert view.kind_text(you, view.solo_human()) == i18n._("you")
    s = g.seats[you]
    assert g.phase == Phase.BREWING and s.brewing and not s.exploded
    seen = [view.status(g, you, st)]
    st.decided = frozenset({you})
    seen.append(view.status(g, you, st))
    st.decided = frozenset()
    s.brewing = False
    seen.append(view.status(g, you, st))
    s.exploded = True
    seen.append(view.status(g, you, st))
    assert tuple(seen) == OWN[lang]
    assert not set(seen) & THIRD_PERSON[lang]
    # a bot's status keeps its third-person form ("Normaler Bot · braut")
    bot = next(i for i, spec in enumerate(t.match.setup.seats) if spec.is_bot)
    if g.seats[bot].brewing and not g.seats[bot].exploded:
        assert view.status(g, bot, t.state()) == i18n.pgettext("seat status", "brewing")


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_fortune_cards_text_stays_readable_beside_its_outcome(app: App, lang: str) -> None:
    """Second review §7: beside the rows of what the card gave, the German and Dutch card text fell to 12 px (at
    1280x800). It is never drawn under ``CARD_TEXT_MIN`` now: where it cannot be, the rows stay and the text gives
    way (hovering over the card shows it); where there is room (1920x1080), both."""
    case = next(c for c in L.all_cases() if c.name == "table/fortune card's outcome")
    for size in ((1280, 800), (1280, 720), (1366, 768), (1920, 1080)):
        items = L.draw_case(case, 100, lang, size=size).items
        body = [d for d in items if d.where.startswith("quacks/ui/table/board_view.py") and d.face == "serif"]
        rows = [d for d in items if d.where.startswith("quacks/ui/table/card_outcome.py")]
        assert all(d.px >= CARD_TEXT_MIN for d in body), (size, [(d.text, d.px) for d in body])
        assert rows, size
        if size == (1920, 1080):
            assert body


def test_the_serif_draws_a_word_space_a_reader_sees_at_small_sizes() -> None:
    """EB Garamond's word space is a fifth of an em: 2 px at 12 px, and "nimmt entweder" read as one word."""
    pygame.font.init()
    te = text_engine()
    for px in range(9, 14):
        f = te.font_px("serif", px)
        space = te._measure(f, "nimmt entweder")[0] - te._measure(f, "nimmtentweder")[0]
        assert space >= round(px / 4), (px, space)
    f = te.font_px("serif", 18)  # from 14 px on, the font's own space
    assert te._measure(f, "a b")[0] == f.size("a b")[0]


def test_the_close_note_of_the_opened_books_has_a_plate_of_its_own(app: App) -> None:
    """Second review §22: "Esc or a click outside closes the books" was drawn over the dimmed text of the table."""
    t = C._table(app, "brewing")
    books = BooksOpen(app, lambda: t.g, t.view)
    te = app.text
    with te.record(app.screen) as rec:
        t.draw(app.screen)
        rec.next_layer()
        books.draw(app.screen)
    from quacks.ui.keys import Act, label

    [note] = [d for d in rec.items
              if d.text == i18n._("{back} or a click outside closes the books").format(back=label(Act.BACK))]
    assert note.panel is not None and note.panel.inflate(2, 2).contains(note.rect)


def test_no_soft_hyphen_reaches_the_clipboard(monkeypatch: pytest.MonkeyPatch) -> None:
    """A soft hyphen marks where a drawn line may break; text that leaves the screen goes without it."""
    from types import SimpleNamespace

    from quacks.ui import netplay

    put: list[str] = []
    monkeypatch.setattr(netplay.pygame, "scrap", SimpleNamespace(put_text=put.append), raising=False)
    assert netplay.copy_text("Bonus\u00addobbel\u00adsteen 7F2M-9XHD-C")
    assert put == ["Bonusdobbelsteen 7F2M-9XHD-C"]


def test_a_card_that_gave_every_seat_the_same_says_it_once_under_its_text(app: App) -> None:
    """Issue 32: at 1280x800 "The pot is filling up" gave each of three seats the same "droplet +1"; three equal
    rows pushed the card's text off the card. One row with every seat's marker says it once
    (``card_outcome.alike``) and the text keeps its place above it."""
    from quacks.ui.table import card_outcome
    from quacks.ui.table.board_view import BoardView

    same = [(0, "droplet +1", "+1"), (1, "droplet +1", "+1"), (2, "droplet +1", "+1")]
    assert card_outcome.alike(same) == [(card_outcome.EVERY_SEAT, "droplet +1", "+1")]
    assert card_outcome.alike([*same[:2], (2, "a ruby", "+1 ruby")]) is None
    assert card_outcome.alike(same[:1]) is None
    text = "Every player moves the droplet 1 space forward."
    body = pygame.Rect(0, 0, 262, 100)  # the card's body on the board of a 1280x800 window
    rows, box, size = BoardView._card_beside_rows(text, same, body)
    assert rows == card_outcome.alike(same) and box is not None and size >= CARD_TEXT_MIN
    rows, box, _size = BoardView._card_beside_rows(text, [*same[:2], (2, "a ruby", "+1 ruby")], body)
    assert box is None and len(rows) == 3  # rows that differ keep their place; the text gives way (hover shows it)
    shot = pygame.Surface((262, 40))
    looks = [("amber", "Y"), ("teal", "H"), ("plum", "O")]
    with app.text.record(shot) as rec:
        card_outcome.draw_rows(shot, shot.get_rect(), card_outcome.alike(same) or [], looks)
    drawn = [d for d in rec.items if d.text == "droplet +1"]
    assert len(drawn) == 1 and drawn[0].rect.x >= 3 * 16  # after the three markers


def test_a_tall_card_lists_what_it_gave_right_under_its_text(home: object) -> None:
    """Issue 32: on the tall card of a 2560x1440 board the rows stood at the card's bottom, a band of empty
    parchment between them and the text; they follow the text now."""
    case = next(c for c in L.all_cases() if c.name == "table/fortune card's outcome")
    items = L.draw_case(case, 100, "en", size=(2560, 1440)).items
    body = [d for d in items if d.where.startswith("quacks/ui/table/board_view.py") and d.face == "serif"]
    rows = [d for d in items if d.where.startswith("quacks/ui/table/card_outcome.py")]
    assert body and rows
    gap = min(r.rect.y for r in rows) - max(b.rect.bottom for b in body)
    assert 0 < gap <= 16, gap
