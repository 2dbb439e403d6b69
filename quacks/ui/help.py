"""Hover help on the table: what is under the mouse, in words (books, chips, card, die, spaces, controls)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..rules.chips import CHIP_BY_NAME
from .table import pot_view as pv
from .table.books_view import book_of
from .table.layout import TableLayout
from .table.wording import chip_name

if TYPE_CHECKING:  # pragma: no cover
    from .scenes.table import TableScene


def hover_help(scene: TableScene, pos: tuple[int, int]) -> str:
    g = scene.g
    for b in scene.controls:
        if b.rect.collidepoint(pos):
            return b.help_text()
    if scene.shop is not None and scene.shop.rect.collidepoint(pos):
        return scene.shop.hover_help()
    chip = scene.books.chip_at(pos)
    if chip:
        c = CHIP_BY_NAME[chip]
        book = book_of(g, c.colour)
        price = book.price(c.value)
        return f"{chip_name(c)}: {price} coins, {g.supply[c]} left in the supply. {book.text}"
    colour = scene.books.book_at(pos)
    if colour is not None:
        book = book_of(g, colour)
        when = "" if g.book_on_table(colour) else f" Comes out in round {g.cat.events.book_round(colour)}."
        set_text = f" (set {book.set})" if book.set else ""
        return f"{book.name}{set_text}: {book.text}{when}"
    if scene.board.card_rect.collidepoint(pos) and g.fortune is not None:
        card = g.fortune
        kind = "Purple card: acts now, before the round." if card.colour == "purple" else \
            "Blue card: acts during the round or at its end."
        return f"{card.name}: {card.text} {kind}"
    if scene.board.die_rect.collidepoint(pos):
        return "The bonus die: the furthest scoring space among pots that did not explode rolls (ties all roll). " \
               "Faces: 1 VP, 1 VP, 2 VP, a ruby, a droplet step, an orange chip."
    for i, r in enumerate(scene.board.spaces):
        if r.collidepoint(pos):
            n = i + 1
            here = [s.name for s in g.seats if s.score > 0 and (s.score - 1) % 50 + 1 == n]
            tail = " A rat tail follows this space." if n in g.cat.scoring.tails else ""
            who = f" Here: {', '.join(here)}." if here else ""
            return f"Scoring track, space {n}.{tail}{who} Each rat tail between you and the leader moves your rat " \
                   f"stone one space ahead of your droplet (from round 2)."
    if scene.bag_button_rect().collidepoint(pos):
        return "Show the chips in the bag (B)."
    info = scene.layout.info
    s = g.seats[scene.focus]
    if pygame.Rect(info.x, info.y + 76, info.w - 70, 40).collidepoint(pos):
        plural = "y" if s.rubies == 1 else "ies"
        return (f"{s.name} has {s.rubies} rub{plural}. At the end of a round 2 rubies move the "
                f"droplet one space for good, or refill the flask; in round 9, 2 rubies buy 1 VP.")
    if pygame.Rect(info.right - 66, info.y + 66, 66, 70).collidepoint(pos):
        state = "full" if s.flask_full else "empty (refill it for 2 rubies at the end of a round)"
        return f"The flask is {state}. Right after drawing a white chip that did not explode the pot, the flask " \
               f"puts it back into the bag (F); then you may draw on."
    if pygame.Rect(info.x, info.y + 150, info.w, 82).collidepoint(pos):
        limit = g.limit(scene.focus)
        return (f"White total {s.white_total} of {limit}: the white chips in the pot add up to {s.white_total}. "
                f"Above {limit} the pot explodes: then only VP or coins, and no bonus die.")
    for i in range(g.n):
        v = scene.anim.marker_value(i) if scene.anim is not None else g.seats[i].score
        mp = scene.board.marker_pos(int(round(v)))
        if (mp[0] - pos[0]) ** 2 + (mp[1] - pos[1]) ** 2 <= 15 ** 2:
            seal = " (past 50: the 50 seal)" if g.seats[i].score >= 50 else ""
            return f"{g.seats[i].name}'s score marker: {g.seats[i].score} VP{seal}."
    lay = pv.PotLayout(scene.layout.pot_centre, scene.layout.pot_radius)
    text = _space_help(scene, scene.focus, lay, pos)
    if text:
        return text
    for seat, r in scene.other_rects.items():
        if r.collidepoint(pos):
            centre, radius = TableLayout.small_pot(r)
            text = _space_help(scene, seat, pv.PotLayout(centre, radius), pos)
            return text or f"{g.seats[seat].name}'s pot: click to look at it large (or press V)."
    return ""


def _space_help(scene: TableScene, seat: int, lay: pv.PotLayout, pos: tuple[int, int]) -> str:
    g = scene.g
    idx = pv.space_at(lay, pos)
    if idx is None:
        return ""
    s = g.seats[seat]
    sp = g.cat.pot.space(idx)
    name = "the spoon" if idx == g.cat.pot.spoon else f"space {idx}"
    parts = [f"{name.capitalize()}: {sp.coins} coins, {sp.vp} VP" + (", a ruby" if sp.ruby else "") + "."]
    chips = [p.chip for p in s.pot if p.index == idx]
    if chips:
        c = chips[-1]
        book = book_of(g, c.colour) if not c.is_white else None
        what = book.short if book is not None else "White: counts towards the explosion."
        parts.append(f"{chip_name(c)} here. {what}")
    if idx == min(s.droplet, 52):
        parts.append("The droplet: the first chip counts from here (from the rat stone if there is one).")
    if s.rats and idx == g.start_index(s):
        parts.append(f"The rat stone: {s.rats} rat tail(s) this round.")
    return " ".join(parts)
