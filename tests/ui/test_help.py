"""Hover help at the table: every place under the mouse has its words (books, chips, the card, the die, the
scoring track, the bag button, rubies, flask, fuse, score markers, the spaces of the pot in focus and of the
other pots), with the game's own numbers in them."""

from __future__ import annotations

import pygame

from quacks.devtools.ui.games import play_human_until
from quacks.rules.kinds import DecisionKind, Phase
from quacks.ui.help import hover_help
from quacks.ui.scenes.table import TableScene
from quacks.ui.table import pot_view as pv
from quacks.ui.table.focus_panel import header_places

from .driver import Driver
from .screens import hover, human_waiting, match


def brewing_table(d: Driver, rnd: int = 3) -> TableScene:
    m = match(("human", "easy", "normal"), seed=6)
    play_human_until(m, lambda mm: mm.game.round >= rnd and mm.game.phase == Phase.BREWING
                     and mm.game.decision_kind(0) == DecisionKind.BREW and len(mm.game.seats[0].pot) >= 3)
    t = TableScene(d.app, m)
    d.app.push(t)
    d.until(lambda: human_waiting(t))
    d.frames(2)
    return t


def test_every_place_on_the_table_explains_itself(home: object) -> None:
    d = Driver()
    t = brewing_table(d)
    view, g = t.view, t.g

    def at(pos: tuple[int, int]) -> str:
        return hover_help(view, g, t.state(), t.anim, pos)

    said: dict[str, str] = {}
    name, r = next(iter(view.books.chip_rects.items()))
    said["chip"] = at(r.center)
    for colour, r in view.books.rects.items():
        text = at((r.x + 2, r.y + 2))
        assert text, colour
        if not g.book_on_table(colour):
            assert str(g.cat.events.book_round(colour)) in text  # when the book comes out
        said[f"book {colour}"] = text
    assert g.fortune is not None
    said["card"] = at(view.board.card_rect.center)
    said["die"] = at(view.board.die_rect.center)
    for i in (0, 9, 49):
        said[f"track {i + 1}"] = at(view.board.spaces[i].center)
        assert str(i + 1) in said[f"track {i + 1}"]
    said["bag"] = at(view.bag_button_rect().center)
    places = header_places(view, g, t.focus)
    for k in ("rubies", "flask", "fuse"):
        said[k] = at(places[k].center)
    s = g.seats[t.focus]
    assert str(g.limit(t.focus)) in said["fuse"] and str(s.white_total) in said["fuse"]
    assert all(said.values()), [k for k, v in said.items() if not v]
    assert len(set(said.values())) == len(said)  # each place says something of its own


def test_the_spaces_of_the_pots_say_their_reward_chip_droplet_and_rat_stone(home: object) -> None:
    d = Driver()
    t = brewing_table(d)
    view, g = t.view, t.g
    s = g.seats[0]
    s.rats = 2  # a rat stone ahead of the droplet (the help only reads)
    lay = pv.PotLayout(view.layout.pot_centre, view.layout.pot_radius)
    texts = {}
    for c in lay.centres():
        pos = (int(c[0]), int(c[1]))
        idx = pv.space_at(lay, pos)
        if idx is not None:
            texts[idx] = hover_help(view, g, t.state(), t.anim, pos)
    assert len(texts) > 30 and all(texts.values())
    with_chip = {p.index for p in s.pot}
    assert all(texts[i] != hover_help(view, g, t.state(), None, (0, 0)) for i in with_chip)
    assert texts[g.start_index(s)] != texts[g.start_index(s) + 1]
    for r in view.other_rects.values():  # a small pot: its spaces, or how to look at it large
        assert hover_help(view, g, t.state(), t.anim, r.center)
        assert hover_help(view, g, t.state(), t.anim, (r.x + 3, r.bottom - 3))
    for seat in g.seats:
        mp = view.board.marker_pos(seat.score)
        assert hover_help(view, g, t.state(), None, mp)


def test_hover_at_the_table_shows_a_tooltip_and_a_change_clears_it(home: object) -> None:
    d = Driver()
    t = brewing_table(d)
    hover(d, t.view.board.die_rect.center)
    assert t.hover_text
    hover(d, t.controls.buttons[0].rect.center)
    assert t.hover_text  # the Draw button's help
    pygame.event.clear()
