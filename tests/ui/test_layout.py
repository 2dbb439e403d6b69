"""The layout check and what it found: every screen's text fits at every UI scale (a quick subset here; CI
runs ``python -m quacks check-layout`` over everything), the check itself catches each kind of problem, the
pseudo-language, and each finding of the first trial that a test can hold."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from quacks import i18n
from quacks.devtools.ui import layout_check as L
from quacks.ui.app import text_engine
from quacks.ui.text import Text


@pytest.fixture()
def te() -> Iterator[Text]:
    """The text engine at 100% in English, as it was afterwards."""
    engine = text_engine()
    was = engine.scale
    engine.set_scale(1.0)
    yield engine
    engine.set_scale(was)
    i18n.set_language("en")


def _canvas() -> pygame.Surface:
    return pygame.Surface(L.LOGICAL)


# ---------------------------------------------------------------------------------------------------------
# the check over the screens


def test_the_quick_screens_fit_at_100_and_200_percent_in_english_and_the_pseudo_language(home: object) -> None:
    report = L.run([c for c in L.all_cases() if c.quick], scales=(100, 200), sizes=((1280, 720),))
    assert report.drawings == 2 * 2 * len([c for c in L.all_cases() if c.quick])
    assert report.lines > 1000, "the recorder saw the screens' text"
    assert not report.problems, "\n".join(p.line() for p in report.problems[:30])


def test_every_screen_and_overlay_is_a_case() -> None:
    names = {c.name for c in L.all_cases()}
    for needed in ("title", "new-game", "settings", "load", "statistics", "replays", "replay viewer", "about",
                   "final", "table/fortune", "table/brewing", "table/explosion choice", "table/evaluation choice",
                   "table/shopping", "table/ruby spending", "table/round 9 buying", "table/round results",
                   "table/hot-seat stir, one decided", "table/bag", "table/log", "table/choice dialog",
                   "table/pause menu", "table/confirm", "table/guided game"):
        assert needed in names, needed
    assert sum(1 for n in names if n.startswith("rules/")) == 6  # playing online (issue 22), the keys (issue 30)


@pytest.mark.parametrize(("lang", "you"), [("en", "You"), ("de", "Du"), ("nl", "Jij")])
def test_the_cases_name_the_human_seat_in_the_language_drawn(home: object, lang: str, you: str) -> None:
    """A German table shows the seat "Du" (as a German player's new game names it), not "You"."""
    case = next(c for c in L.all_cases() if c.name == "table/brewing")
    items = L.draw_case(case, 100, lang).items
    drawn = {d.text for d in items}
    assert you in drawn
    assert lang == "en" or "You" not in drawn


# ---------------------------------------------------------------------------------------------------------
# the check catches what it should


def _problems(draw: object, size: tuple[int, int] = (1920, 1080), case: str = "test") -> list[L.Problem]:
    te = text_engine()
    surf = _canvas()
    with te.record(surf) as rec:
        draw(te, surf)  # type: ignore[operator]
    return L.problems_of(rec.items, case, 100, "en", size)


def test_the_check_finds_overlapping_text(te: Text) -> None:
    found = _problems(lambda te, s: (te.blit(s, "Hello there", (100, 100), "sans", 30),
                                     te.blit(s, "General Kenobi", (140, 110), "sans", 30)))
    assert [p.kind for p in found] == ["overlap"]
    assert not _problems(lambda te, s: (te.blit(s, "shadow", (100, 100), "sans", 30),
                                        te.blit(s, "shadow", (103, 103), "sans", 30))), "a shadow is no overlap"


def test_the_check_finds_text_outside_its_box_or_the_canvas(te: Text) -> None:
    box = pygame.Rect(100, 100, 60, 40)
    assert [p.kind for p in _problems(lambda te, s: te.blit(s, "far too long", box.topleft, "sans", 20, box=box))] \
        == ["overflow"]
    with te.within(box):
        assert [p.kind for p in _problems(lambda te, s: te.blit(s, "also long", box.topleft, "sans", 20))] \
            == ["overflow"]
    assert [p.kind for p in _problems(lambda te, s: te.blit(s, "edge", (1900, 500), "sans", 20))] == ["clipped"]


def test_the_check_finds_dropped_or_shortened_lines(te: Text) -> None:
    text = "one two three four five six seven eight nine ten eleven twelve"
    found = _problems(lambda te, s: te.blit_wrapped(s, text, pygame.Rect(0, 0, 120, 30), "sans", 18))
    assert [p.kind for p in found] == ["clipped"]
    found = _problems(lambda te, s: te.blit_wrapped(s, text, pygame.Rect(0, 0, 120, 900), "sans", 18, max_lines=2))
    assert [p.kind for p in found] == ["clipped"]


def test_the_check_finds_text_too_small_for_a_small_window(te: Text) -> None:
    """A screen drawn on 1920x1080 and shown smaller: 12 px is 8 on a 1280x720 window (too small), fine from
    1920x1080 up; the table is drawn one to one up to 2560x1440 (issue 32), where every line must be at least
    12 px."""
    small = [size for size in L.SIZES if _problems(lambda te, s: te.blit(s, "tiny", (100, 100), "sans", 12), size)]
    assert small == [(1000, 640), (1000, 900), (1280, 720), (1280, 800), (1366, 768)]
    found = _problems(lambda te, s: te.blit(s, "tiny", (100, 100), "sans", 12), (1280, 720))
    assert [p.kind for p in found] == ["small"] and found[0].sizes == ((1280, 720),)
    assert not [size for size in L.SIZES[2:] if _problems(lambda te, s: te.blit(s, "fine", (100, 100), "sans", 14),
                                                          size)]
    table = [size for size in L.SIZES
             if _problems(lambda te, s: te.blit(s, "tiny", (100, 100), "sans", 11), size, case="table/x")]
    assert table == [s for s in L.SIZES if s[0] <= 2560 and s[1] <= 1440], \
        "11 px on the table is too small in every window it is drawn one to one (larger ones scale it up)"
    assert not [size for size in L.SIZES
                if _problems(lambda te, s: te.blit(s, "fine", (100, 100), "sans", 12), size, case="table/x")]


def test_a_panel_drawn_over_text_hides_it(te: Text) -> None:
    from quacks.ui import art

    def draw(te: Text, s: pygame.Surface) -> None:
        te.blit(s, "under the panel", (200, 200), "sans", 20)
        art.panel(s, pygame.Rect(150, 150, 400, 200))
        te.blit(s, "on the panel", (210, 205), "sans", 20)

    assert not _problems(draw)


def test_the_check_finds_an_umlaut_drawn_over_a_cards_top_edge(te: Text) -> None:
    """A card (a parchment panel) keeps its words inside its rim: a name whose umlaut reaches into the rim is
    reported, even when the box it was given is the whole card."""
    from quacks.ui import art

    card = pygame.Rect(200, 200, 420, 144)

    def draw(name_y: int) -> object:
        def on_card(te: Text, s: pygame.Surface) -> None:
            art.panel(s, card, drop=False)
            te.blit(s, "Kürbis", (card.x + 28, name_y), "serif-bold", 23, box=card)
            te.blit(s, "Füllt den Kessel.", (card.x + 28, card.y + 60), "sans", 15, box=card)
        return on_card

    planted = _problems(draw(card.y + 2))  # the ü's dots and the K's top on the see-through edge
    assert [(p.kind, p.text) for p in planted] == [("overflow", "Kürbis")]
    assert "edge of its panel" in planted[0].detail
    assert not _problems(draw(card.y + art.EDGE)), "just inside the edge"


def test_the_check_finds_a_letter_too_tall_for_its_line(te: Text) -> None:
    """The serif's lines keep room for accented capitals, not for a letter stacked higher (U+01FA)."""
    found = _problems(lambda te, s: te.blit(s, "Ǻngström", (100, 100), "serif-bold", 40))
    assert [(p.kind, p.text) for p in found] == [("clipped", "Ǻngström")]
    assert "Ǻ" in found[0].detail
    assert not _problems(lambda te, s: te.blit(s, "Ärger über Öl", (100, 100), "serif-bold", 40))


# ---------------------------------------------------------------------------------------------------------
# the pseudo-language


def test_pseudo_is_recognisable_longer_and_keeps_placeholders(te: Text) -> None:
    i18n.set_language("pseudo")
    text = i18n._("Round {round} of {rounds}: {name:>3} stops at {p:.0%}.")
    assert text.startswith("[") and text.endswith("]")
    assert re.findall(r"\{[^{}]*\}", text) == ["{round}", "{rounds}", "{name:>3}", "{p:.0%}"]
    assert text.format(round=1, rounds=9, name="Ann", p=0.5)
    assert i18n.ngettext("{n} chip", "{n} chips", 2) == i18n._("{n} chips")
    assert i18n.N_("marked only") == "marked only"
    i18n.set_language("en")
    assert i18n._("Round {round}") == "Round {round}"
    with pytest.raises(ValueError):
        i18n.set_language("klingon")


def test_pseudo_sentences_are_at_least_40_percent_longer_on_average() -> None:
    from quacks.wording import decisions, events, results

    sources = [decisions.__file__, events.__file__, results.__file__]
    found: list[str] = []
    for path in sources:
        with open(path, encoding="utf-8") as f:
            found += re.findall(r'_\("([^"\\]{12,})"\)', f.read())
    assert len(found) > 50
    grew = sum(len(i18n.plain(i18n.pseudo(s))) for s in found) / sum(len(s) for s in found)  # soft hyphens aside
    assert grew >= 1.4, grew


# ---------------------------------------------------------------------------------------------------------
# the text engine fits instead of cutting


def test_wrap_breaks_a_long_word_only_at_its_soft_hyphens(te: Text) -> None:
    shy = "\u00ad"
    word = shy.join(("Donau", "dampf", "schiff", "fahrts", "gesell", "schafts", "kapitän"))
    lines = te.wrap(f"{word} fährt", "sans", 20, 150)
    assert len(lines) >= 3
    assert all(te.size(line, "sans", 20)[0] <= 150 for line in lines)
    assert all(shy not in line for line in lines)
    assert "".join(line.rstrip("-") for line in lines).replace(" ", "") == \
        "Donaudampfschifffahrtsgesellschaftskapitänfährt"
    pieces = {"Donau", "dampf", "schiff", "fahrts", "gesell", "schafts", "kapitän", "fährt"}
    assert all(set(line.rstrip("-").split()) <= pieces or "".join(line.rstrip("-").split()) for line in lines)
    for line in lines[:-1]:  # each line ends at a seam, never between two letters of a piece
        assert any(line.rstrip("-").endswith(p) for p in pieces), line


def _break_anywhere(te: Text, f: pygame.font.Font, word: str, width: int) -> list[str]:
    """The planted fault: a word broken at whatever letter fits (as the text engine did before issue 30)."""
    if te._measure(f, word)[0] <= width:
        return [word]
    out, rest = [], word
    while len(rest) > 1 and f.size(rest)[0] > width:
        k = len(rest) - 1
        while k > 1 and f.size(rest[:k] + "-")[0] > width:
            k -= 1
        out.append(rest[:k] + "-")
        rest = rest[k:]
    return out + [rest]


def test_the_check_finds_a_word_broken_between_two_letters(te: Text, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30 (second review §2): "Bonusdobbels-" / "teen". With the planted fault (a wrapper that breaks at any
    letter) check-layout reports the broken word; the engine's own breaks at a soft hyphen or a word's own hyphen
    are no problem, and a word with no marked point that fits is shortened (reported as clipped, not broken)."""
    box = pygame.Rect(100, 100, te.size("Bonusdobbels-", "sans", 16)[0], 200)
    text = "De Bonusdobbelsteen rolt"

    monkeypatch.setattr(te, "_break_word", lambda f, w, width: _break_anywhere(te, f, w, width))
    te._wraps.clear()
    found = _problems(lambda te, s: te.blit_wrapped(s, text, box, "sans", 16))
    assert [(p.kind, p.text) for p in found] == [("broken", "Bonusdobbels-")], [p.line() for p in found]
    monkeypatch.undo()
    te._wraps.clear()

    marked = "De Bonus\u00addobbel\u00adsteen rolt, Knallerbsen-Summe"
    assert not _problems(lambda te, s: te.blit_wrapped(s, marked, box, "sans", 16))
    found = _problems(lambda te, s: te.blit_wrapped(s, text, box, "sans", 16))
    assert [p.kind for p in found] == ["clipped"]
    assert L.unmarked_break("Bonusdobbels-", "Bonus\u00addobbel\u00adsteen") == "Bonusdobbels"
    assert L.unmarked_break("Bonusdobbel-", "Bonus\u00addobbel\u00adsteen") == ""
    assert L.unmarked_break("Knallerbsen-", "die Knallerbsen-Summe") == ""


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_no_word_is_broken_between_two_letters_on_the_table(home: object, lang: str) -> None:
    """The real cases: the bonus die's heading ("Bonusdobbelsteen" broke as "Bonusdobbels-" / "teen" at 1280x800),
    the guided game's explosion lesson at 1000x900 and 200%: no word broken anywhere but at a marked point."""
    cases = [c for c in L.all_cases() if c.name in ("table/brewing", "table/evaluation beat: bonus die",
                                                          "table/guided game")]
    report = L.run(cases, scales=(100, 200), languages=(lang,), sizes=((1280, 800), (1000, 900)))
    assert report.drawings == 4 * len(cases)
    assert not [p for p in report.problems if p.kind in ("broken", "clipped")], \
        "\n".join(p.line() for p in report.problems[:20])


def test_text_grows_with_every_step_of_the_scale(te: Text) -> None:
    sizes = []
    for scale in (1.0, 1.25, 1.5, 1.75, 2.0):
        te.set_scale(scale)
        with te.roomy():
            roomy = te.px(16)
        sizes.append((te.px(16), roomy))
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(sizes, sizes[1:])), sizes
    assert sizes[-1][1] == 32, "running text doubles at 200%"
    te.set_scale(2.0)
    with te.roomy():
        assert te.px(56) < 2 * 56, "a large title grows by a fixed amount, not twice"


def test_serif_bold_draws_accented_letters(te: Text) -> None:
    img = te.render("Kräuterhexe", "serif-bold", 30, (0, 0, 0))
    box = te.render("Kr\U0010fff0uterhexe", "serif-bold", 30, (0, 0, 0))
    assert pygame.image.tobytes(img, "RGBA") != pygame.image.tobytes(box, "RGBA")


# ---------------------------------------------------------------------------------------------------------
# the trial's findings


def _game(**kw: object):  # type: ignore[no-untyped-def]
    from quacks.content.loader import default_catalogue
    from quacks.rules.config import GameConfig
    from quacks.rules.game import Game

    return Game(default_catalogue(), GameConfig(seats=("Ann", "Bob", "Cyd", "Dee"), **kw))  # type: ignore[arg-type]


def test_the_bag_list_says_how_many_chips_it_could_not_show(te: Text) -> None:
    from quacks.rules.bag import ChipCounts
    from quacks.rules.chips import CHIPS
    from quacks.rules.config import SeatSetup
    from quacks.ui.table import pot_view as pv

    full = ChipCounts.from_mapping({c.name: 2 for c in CHIPS if c.colour.value != "black"})
    g = _game(setup={0: SeatSetup(bag=full)})
    surf = _canvas()
    with te.record(surf) as rec:
        pv.draw_bag_summary(surf, pygame.Rect(100, 100, 420, 70), g, 0)
    texts = [d.text for d in rec.items]
    more = [t for t in texts if "more" in t]
    assert len(more) == 1, texts
    shown = sum(int(t) for t in texts if t.isdigit())
    assert shown + int(re.findall(r"\d+", more[0])[0]) == g.seats[0].bag.total, "shown and more add up"
    with te.record(surf) as rec:
        pv.draw_bag_summary(surf, pygame.Rect(100, 100, 420, 900), g, 0)
    assert not any("more" in d.text for d in rec.items), "room for all: no 'more'"
    assert sum(int(d.text) for d in rec.items if d.text.isdigit()) == g.seats[0].bag.total


def test_test_tubes_are_drawn_with_their_bonuses_and_the_droplet(te: Text) -> None:
    from quacks.rules.config import SeatSetup
    from quacks.ui.table import pot_view as pv

    pictures = []
    for tube in (0, 5):
        g = _game(variant="test-tubes", setup={0: SeatSetup(tube=tube)})
        surf = pygame.Surface((440, 120))
        with te.record(surf) as rec:
            pv.draw_tubes(surf, pygame.Rect(0, 0, 440, pv.tube_height(440)), g, 0)
        vp = [int(d.text) for d in sorted(rec.items, key=lambda d: d.rect.x)]
        assert vp == [r.vp for r in g.cat.tubes if r.vp and not r.chips and not r.rubies], "VP bonuses in order"
        pictures.append(surf)
    slot = 440 / (len(g.cat.tubes) + 0.7)
    x = int(slot * 0.7 + slot * 4 + slot / 2)  # glass 5, where the droplet sits in the second picture
    a = pictures[0].subsurface((x - 8, 2, 16, 30))
    b = pictures[1].subsurface((x - 8, 2, 16, 30))
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB"), "the droplet moved to glass 5"


def test_a_score_past_50_shows_the_plus_50_tile(te: Text) -> None:
    from quacks.rules.config import SeatSetup
    from quacks.ui.table.board_view import BoardView

    for score, tile in ((40, None), (61, "+50"), (112, "+100")):
        g = _game(setup={1: SeatSetup(score=score)})
        board = BoardView(pygame.Rect(444, 12, 1000, 392))
        surf = _canvas()
        with te.record(surf) as rec:
            board.draw(surf, g, [("amber", "A"), ("teal", "B"), ("plum", "C"), ("moss", "D")], static=True)
        tiles = [d for d in rec.items if d.text.startswith("+")]
        if tile is None:
            assert not tiles
        else:
            assert [d.text for d in tiles] == [tile]
            at = board.marker_pos(score)
            assert abs(tiles[0].rect.centerx - at[0]) < 20 and 0 < tiles[0].rect.centery - at[1] < 30


def test_pot_spaces_show_vp_and_ruby_marks_large_enough(te: Text) -> None:
    from quacks.ui import cauldron_art

    sizes: list[int] = []
    original = te.render

    def spy(text: str, face: str, size: int, colour: object, scaled: bool = True) -> pygame.Surface:
        sizes.append(size)
        return original(text, face, size, colour, scaled)  # type: ignore[arg-type]

    g = _game()
    cauldron_art.cauldron.cache_clear()
    te.render = spy  # type: ignore[method-assign]
    try:
        cauldron_art.cauldron(226, tuple((sp.coins, sp.vp, sp.ruby) for sp in g.cat.pot.spaces), True)
    finally:
        te.render = original  # type: ignore[method-assign]
        cauldron_art.cauldron.cache_clear()
    vp_spaces = sum(1 for sp in g.cat.pot.spaces if sp.vp)
    assert len(sizes) >= 54 + vp_spaces
    assert min(sizes) >= 11, "no mark as small as the old 6-7 px"


def test_a_book_still_to_come_says_so_without_covering_its_prices(te: Text) -> None:
    from quacks.rules.chips import Colour
    from quacks.ui.table.books_view import BooksView

    g = _game()
    for scale in (1.0, 1.5, 2.0):
        te.set_scale(scale)
        books = BooksView(pygame.Rect(12, 12, 420, 1056))
        surf = _canvas()
        with te.record(surf) as rec:
            books.draw(surf, g)
        page = books.rects[Colour.YELLOW]
        here = [d for d in rec.items if page.contains(d.rect)]
        tag = [d for d in here if "round" in d.text]
        assert tag, "the yellow book says when it comes out"
        prices = [d for d in here if d.text.isdigit()]
        assert len(prices) == 3
        assert not any(tag[0].rect.colliderect(p.rect) for p in prices)
        assert not L.problems_of(rec.items, "books", int(scale * 100), "en", (1920, 1080))


def test_the_check_finds_information_left_out_with_nothing_that_shows_it(te: Text) -> None:
    """A view that leaves something out for lack of room says so (``Text.dropped``): the check reports it
    unless a labelled control still shows it."""
    surf = _canvas()
    with te.record(surf) as rec:
        te.blit(surf, "Bag: 11 chips", (100, 100), "sans", 20)
        te.dropped("the bag's chips", "Bag button")  # folded behind a labelled button: fine
        te.dropped("test tubes")  # gone: information lost
    found = L.problems_of(rec.items, "table/x", 100, "en", (1280, 800), dropped=rec.dropped)
    assert [(p.kind, p.text) for p in found] == [("dropped", "test tubes")]


def test_the_check_finds_a_toast_over_a_title(te: Text) -> None:
    surf = _canvas()
    with te.record(surf) as rec:
        te.blit(surf, "Round 4 of 9", (600, 50), "serif-bold", 30)
        with te.layer(), te.toasting():  # as the App draws toasts: over everything
            te.blit(surf, "Saved as Hildegard, round 4", (620, 60), "sans-semibold", 22)
            te.blit(surf, "A note far away", (600, 600), "sans-semibold", 22)
    found = L.problems_of(rec.items, "table/x", 100, "en", (1280, 800))
    assert [(p.kind, p.text) for p in found] == [("overlap", "Saved as Hildegard, round 4")]
    assert "toast over the title" in found[0].detail


def test_every_table_case_fits_in_the_smallest_and_a_tall_window_at_200_percent(home: object) -> None:
    """The table reflows at 1000x640 and 1000x900 at 200%: no text cut, overflowing, overlapping, too small or
    left out (the full check, every size, runs in CI)."""
    cases = [c for c in L.all_cases() if c.name in ("table/brewing", "table/shopping", "table/test tubes, 50+",
                                                          "table/choice dialog")]
    report = L.run(cases, scales=(200,), languages=("en",), sizes=((1000, 640), (1000, 900)))
    assert report.drawings == 2 * len(cases)
    assert not report.problems, "\n".join(p.line() for p in report.problems[:20])
