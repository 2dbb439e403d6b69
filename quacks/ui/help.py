"""Hover help on the table: what is under the mouse, in words (books, chips, card, die, spaces, pots,
rubies, flask, fuse, markers). Numbers come from the game's data."""

from __future__ import annotations

import math
from typing import Any

from ..i18n import _
from ..rules.chips import CHIP_BY_NAME
from ..rules.game import Game
from ..wording import data_text as D
from ..wording import text as W
from ..wording.status import space_help
from .keys import Act
from .keys import label as key_label
from .table import pot_view as pv
from .table.books_view import book_of
from .table.view import TableView
from .table.view_state import ViewState


def hover_help(view: TableView, g: Game, st: ViewState, anim: Any | None, pos: tuple[int, int]) -> str:
    wide = view.shop_wide(st)  # the shop over the books' strip and the other seats' tiles: they say nothing
    chip = None if wide else view.books.chip_at(pos)
    if chip:
        c = CHIP_BY_NAME[chip]
        book = book_of(g, c.colour)
        return _("{chip}: {price}, {left} left in the supply. {text}").format(
            chip=W.chip_name(c), price=W.coins(book.price(c.value) or 0), left=g.supply[c], text=D.book_text(book))
    colour = None if wide else view.books.book_at(pos)
    if colour is not None:
        book = book_of(g, colour)
        text = _("{book} (set {set}): {text}").format(book=D.book_name(book), set=book.set, text=D.book_text(book)) \
            if book.set else _("{book}: {text}").format(book=D.book_name(book), text=D.book_text(book))
        if not g.book_on_table(colour):
            text += " " + _("Comes out in round {n}.").format(n=g.cat.events.book_round(colour))
        return text
    if view.board.card_rect.collidepoint(pos) and g.fortune is not None:
        card = g.fortune
        when = _("Purple card: acts now, before the round.") if card.colour == "purple" else \
            _("Blue card: acts during the round or at its end.")
        return _("{card}: {text} {when}").format(card=D.card_name(card), text=D.card_text(card), when=when)
    if view.board.rounds_rect.collidepoint(pos):
        return _("Round {round} of {rounds}. Start player: {name} (it passes to the left every round).").format(
            round=g.round, rounds=g.cat.events.rounds, name=g.seats[g.start_seat].name)
    if view.board.die_rect.collidepoint(pos):
        faces = ", ".join(W.reward(f.reward) for f in g.cat.die.faces)
        return _("The bonus die: the furthest scoring space among pots that did not explode rolls (ties all "
                 "roll). Faces: {faces}.").format(faces=faces)
    for i, r in enumerate(view.board.spaces):
        if r.collidepoint(pos):
            return _track_help(g, i + 1)
    if view.bag_button_rect().collidepoint(pos):
        return _("Show the chips in the bag (B).")
    text = _panel_help(view, g, st, anim, pos)
    if text:
        return text
    lay = view.focus_pot(st.shopping)
    if lay is not None:
        aside = g.seats[st.focus].aside
        if any(math.dist(c, pos) <= lay.aside_radius for c in pv.aside_centres(lay, len(aside))):
            return _("Beside the pot: {chips}").format(chips=", ".join(W.chip_name(c) for c in aside))
        text = _space_help(g, st.focus, lay, pos)
        if text:
            return text
    for seat, r in ({} if wide else view.other_rects).items():
        if r.collidepoint(pos):
            centre, radius = view.small_pot(r)
            text = _space_help(g, seat, pv.PotLayout(centre, radius), pos)
            return text or W.you_or(g.seats[seat].name, _("Your pot: click to look at it large (or press {key})."),
                                    _("{name}'s pot: click to look at it large (or press {key})."),
                                    key=key_label(Act.OTHER_POT))
    return ""


def _track_help(g: Game, n: int) -> str:
    here = [s.name for s in g.seats if s.score > 0 and (s.score - 1) % 50 + 1 == n]
    parts = [_("Scoring track, space {n}.").format(n=n)]
    if n in g.cat.scoring.tails:
        parts.append(_("A rat tail follows this space."))
    if here:
        parts.append(_("Here: {names}.").format(names=", ".join(here)))
    parts.append(_("Each rat tail between you and the leader moves your rat stone one space ahead of your "
                   "droplet (from round {n}).").format(n=g.cat.events.first_rat_round))
    return " ".join(parts)


def _panel_help(view: TableView, g: Game, st: ViewState, anim: Any | None, pos: tuple[int, int]) -> str:
    from .table.focus_panel import header_places, panel_text

    with panel_text(view, g, st.focus):
        places = header_places(view, g, st.focus)  # where the panel put them (it adapts to the UI scale)
    s = g.seats[st.focus]
    ev = g.cat.events
    name = s.name
    if places["header"].collidepoint(pos):  # the whole name, and a bot's reason (short of room, its row goes)
        kind = view.kind_text(st.focus, view.solo_human())
        text = _("{name}: {kind}, {vp}.").format(name=name, kind=kind, vp=W.vp(s.score))
        reason = st.reasons.get(st.focus, "")
        return f"{text} {reason}" if reason and view.setup.seats[st.focus].is_bot else text
    if places["rubies"].collidepoint(pos):
        head = W.you_or(name, _("You have {rubies}."), _("{name} has {rubies}."), rubies=W.rubies(s.rubies))
        return head + " " + _("At the end of a round {droplet} move the droplet one space for good, and {flask} "
                              "refill the flask; in the last round {vp} buy 1 VP.").format(
            droplet=W.rubies(ev.droplet_cost), flask=W.rubies(ev.flask_cost), vp=W.rubies(ev.vp_ruby_price))
    if places["flask"].collidepoint(pos):
        state = _("The flask is full.") if s.flask_full else _("The flask is empty (refill it for {cost} at the end "
                                                                "of a round).").format(cost=W.rubies(ev.flask_cost))
        return state + " " + _("Right after drawing a white chip that did not explode the pot, the flask puts it "
                               "back into the bag (F); then you may draw on.")
    if places["fuse"].collidepoint(pos):
        limit = g.limit(st.focus)
        return _("White total {total} of {limit}: the white chips in the pot add up to {total}. Above {limit} the "
                 "pot explodes: then only VP or coins, and no bonus die.").format(total=s.white_total, limit=limit)
    for i in range(g.n):
        v = anim.marker_value(i) if anim is not None else g.seats[i].score
        mp = view.board.marker_pos(int(round(v)))
        if (mp[0] - pos[0]) ** 2 + (mp[1] - pos[1]) ** 2 <= 15 ** 2:
            seat = g.seats[i]
            text = W.you_or(seat.name, _("Your score marker: {vp}."), _("{name}'s score marker: {vp}."),
                            vp=W.vp(seat.score))
            if seat.score >= 50:
                text += " " + _("Past 50: the marker goes round again with the 50 seal.")
            return text
    return ""


def _space_help(g: Game, seat: int, lay: pv.PotLayout, pos: tuple[int, int]) -> str:
    idx = pv.space_at(lay, pos)
    return "" if idx is None else space_help(g, seat, idx)
