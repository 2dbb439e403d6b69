"""The new-game form (``scenes/newgame.py``): its widgets built from the setup (``newgame_model.SetupModel``) and
drawn. The seats' rows (marker, name, colour, kind, remove; the kinds on a line of their own where the row is too
narrow), a line of measured strength for each seated bot level (issue 23), the books (per colour: a choice for
each), the options in pairs where the width allows (the pot side, fortune cards, the starting rubies (R1; none is
the house rule, issue 30), brewing, and in a hosted game the local network, issue 22) and the seed; where each
line starts, so that a scrolled form shows whole lines; and the key hint under it.

``NewGameForm`` is the scene's half that lays out and draws: ``NewGameScene`` holds the setup and the typing, and
answers the widgets (the callables declared on the class).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from ...ai.levels import LADDER
from ...content.bot_strength import Strength
from ...i18n import _
from ...net import TURN_CLOCKS
from ...rules.chips import SET_COLOURS, Colour
from ...session.match import HUMAN
from ...session.setup import REMOTE
from ...wording.text import bot_name, clock_label, colour_label, marker_letters
from .. import art
from .. import theme as T
from ..app import App
from ..keys import Act
from ..keys import label as key_label
from ..widgets import Button, Choice, draw_row
from .newgame_model import BOOK_MODES, SetupModel, _options, strength_lines

STRENGTH_SIZE = 19  # the strength lines' text size
CARD_PAD = 10  # a seat's card beside its controls
CARD_PAD_Y = 4  # and above and below them
CARD_GAP = 4  # between two seats' cards: a seat takes the height a row of controls took before the cards
CARD_RIM = 2  # the card's inked rim, which text keeps off


class NewGameForm:
    """The form's widgets, where they are, and their drawing (a part of ``NewGameScene``)."""

    # the scene's state the form shows
    app: App
    model: SetupModel
    strength: dict[str, Strength]  # the levels' measured strength, shown for the seated bots
    editing: int | None  # seat whose name is being typed
    seed_editing: bool
    start_b: Button
    back_b: Button
    # the scene's answers to the form's widgets
    add_seat: Callable[[], None]
    remove_seat: Callable[[int], None]
    edit_name: Callable[[int], None]
    next_colour: Callable[[int], None]
    set_kind: Callable[[int, str], None]
    set_books: Callable[[str], None]
    set_mix: Callable[[Colour, int], None]
    edit_seed: Callable[[], None]
    shown: Callable[[pygame.Rect], bool]

    @staticmethod
    def hint() -> str:
        k = key_label
        # Translators: keep each key and its words together with no-break spaces (a line never ends between them)
        return _("{start}\u00a0start · {back}\u00a0back · {one}-{four}\u00a0seat\u00a0kind · {names}\u00a0names · "
                 "{add}\u00a0add / {remove}\u00a0remove\u00a0seat · {books}\u00a0books · {pot}\u00a0pot · "
                 "{cards}\u00a0cards · {rubies}\u00a0rubies · {brewing}\u00a0brewing").format(
            start=k(Act.CONFIRM), back=k(Act.BACK), one=k(Act.SEAT_KIND, 1), four=k(Act.SEAT_KIND, 4),
            names=k(Act.EDIT_NAMES), add=k(Act.ADD_SEAT), remove=k(Act.DELETE), books=k(Act.CHANGE_BOOKS),
            pot=k(Act.CHANGE_POT), cards=k(Act.CHANGE_CARDS), rubies=k(Act.CHANGE_RUBIES),
            brewing=k(Act.CHANGE_BREWING))

    def _build(self, at: pygame.Rect) -> int:
        """Make the form's widgets from ``at``'s top-left corner in ``at.w``; the height they take."""
        te = self.app.text
        m = self.model
        W = at.w
        gap = 14
        with te.roomy():
            ctl_h = max(54, te.height("sans-semibold", 21) + 16)
            step = ctl_h + 12
            # the seat row: marker, name, colour, kind, remove; each as wide as its words want
            mark_w = int(min(ctl_h, 52 * (1 + 0.3 * (te.scale - 1)))) + 18
            names = [s.name for s in m.seats] + ["Hildegard Zorn"]
            name_w = max(te.size(n, "sans-semibold", 24)[0] for n in names) + 48
            col_w = max(te.size(_(look.name), "sans-semibold", 22)[0] for look in T.PLAYER_LOOKS.values()) + 40
            kinds = _options(m.kinds())
            kind_w = sum(te.size(label, "sans-semibold", 21)[0] + 36 for _v, label in kinds) + Choice.GAP * 3
        rm_w = ctl_h if len(m.seats) > 2 else 0
        fixed = mark_w + 3 * gap + (rm_w + gap if rm_w else 0) + CARD_PAD
        kind_want = kind_w
        natural = fixed + name_w + col_w + kind_w * 5 // 4  # the widths the form wants, with some air
        f = (W - fixed) / (name_w + col_w + kind_w)
        two_lines = f < 0.85  # too narrow for the row at a readable size: the kinds go on a line of their own
        if not two_lines:
            name_w, col_w = int(name_w * min(1.0, f)), int(col_w * min(1.0, f))
            kind_w = W - fixed - name_w - col_w  # the kinds take what is left (up to the right edge)
        y = at.y
        self.heads: list[tuple[str, pygame.Rect, str]] = []  # the labels: text, box, anchor
        self.heads.append((_("Seats"), pygame.Rect(at.x, y, W // 2, ctl_h), "midleft"))
        with te.roomy():
            add_w = te.size(_("+ Add a seat"), "sans-semibold", 22)[0] + 48
        self.add_b = Button(pygame.Rect(at.right - add_w, y + 3, add_w, ctl_h - 6), _("+ Add a seat"),
                            on_click=self.add_seat, enabled=len(m.seats) < 4, reason=_("At most 4 seats."),
                            style="parchment", size=22)
        y += step
        self.seat_buttons: list[tuple[Button, Button, Choice, Button | None]] = []
        self.markers: list[tuple[int, int, int]] = []  # (x, y, size) of each seat's marker
        self.cards: list[pygame.Rect] = []  # each seat's card, behind its marker and controls
        for i, s in enumerate(m.seats):
            top = y
            y += CARD_PAD_Y
            x = at.x + mark_w + gap
            self.markers.append((at.x + mark_w // 2 + 6, y + ctl_h // 2, mark_w - 18))
            name_b = Button(pygame.Rect(x, y, name_w, ctl_h), s.name, on_click=partial(self.edit_name, i),
                            style="parchment", tooltip=_("Click and type a name ({enter} to finish).").format(
                                enter=key_label(Act.CONFIRM)), size=24)
            x += name_w + gap
            col_b = Button(pygame.Rect(x, y, col_w, ctl_h), _(T.PLAYER_LOOKS[s.colour].name),
                           on_click=partial(self.next_colour, i), style="dark",
                           tooltip=_("The seat's colour; each seat also shows its first letter."), size=22)
            x += col_w + gap
            rm = None
            if rm_w:  # at the row's right end (of its first line)
                rm = Button(pygame.Rect(at.right - CARD_PAD - rm_w, y, rm_w, ctl_h), "x",
                            on_click=partial(self.remove_seat, i), style="danger",
                            tooltip=_("Remove this seat."), size=24)
            if two_lines:  # the kinds under the name, as wide as they want (the row's width at most)
                x = at.x + mark_w + gap
                y += step
                kind_w = min(W - (mark_w + gap) - CARD_PAD, kind_want * 5 // 4)
            kind = Choice(pygame.Rect(x, y, kind_w, ctl_h), kinds, s.kind, on_change=partial(self.set_kind, i),
                          size=21, by_label=True)
            tips = {level: " · ".join([bot_name(level), *strength_lines([level], self.strength)])
                    for level in LADDER}
            if m.online:
                tips |= {HUMAN: _("A player at this screen (two or more take turns at it)."),
                         REMOTE: _("A player on another computer, who joins with the room code.")}
            for b, (value, _label) in zip(kind.buttons, kinds):
                b.tooltip = tips.get(value, "")
            self.seat_buttons.append((name_b, col_b, kind, rm))
            y += ctl_h + CARD_PAD_Y
            self.cards.append(pygame.Rect(at.x, top, W, y - top))
            y += CARD_GAP
        # how the seated bots fare (issue 23): a line for each of their levels, from the measured data; two lines
        # where the width is short for one
        self.strength_rows: list[tuple[str, pygame.Rect, int]] = []  # text, box, lines
        with te.roomy():
            x, width = at.x + mark_w + gap, W - mark_w - gap
            for text in strength_lines((s.kind for s in m.seats), self.strength):
                text_w = te.size(text, "sans", STRENGTH_SIZE)[0]
                natural = max(natural, mark_w + gap + text_w + 24)
                lines = 1 if text_w <= width else 2
                h = te.height("sans", STRENGTH_SIZE, lines) + 6
                self.strength_rows.append((text, pygame.Rect(x, y, width, h), lines))
                y += h
        y += 12
        # the options: a label column as wide as its longest label (at most a third), the controls beside it
        with te.roomy():
            # the rubies row is not "house rules": 1 ruby is the printed rule (R1), none the house option (issue 30)
            lab = [_("Ingredient books"), _("Pot side"), _("Starting rubies"), _("Seed (optional)"), _("Fortune cards"),
                   _("Brewing"), _("Local network"), _("Turn clock")]
            lab_w = min(W // 3, max(te.size(t, "sans-bold", 22)[0] for t in lab) + 24)
            lab2_w = min(W // 4, max(te.size(t, "sans-bold", 22)[0] for t in lab[4:]) + 24)

            def want(labels: list[str]) -> int:
                return sum(te.size(t, "sans-semibold", 21)[0] + 44 for t in labels) + Choice.GAP * (len(labels) - 1)

            books = _options(BOOK_MODES)
            books_w = min(W - lab_w, max(want([t for _v, t in books]) * 6 // 5, 900))
            self.books_c = Choice(pygame.Rect(at.x + lab_w, y, books_w, ctl_h), books, m.books,
                                  on_change=self.set_books, size=21, by_label=True)
            self.heads.append((lab[0], pygame.Rect(at.x, y, lab_w - 16, ctl_h), "midleft"))
            y += step
            self.mix_cs: list[Choice] = []
            self.mix_labels: list[tuple[str, pygame.Rect]] = []
            if m.books == "mix":
                mix_h = max(44, te.height("sans-semibold", 18) + 14)
                lab_h = te.height("sans-semibold", 16) + 4
                cell = max(180, 4 * (te.size("4", "sans-semibold", 18)[0] + 36) + 3 * Choice.GAP)
                per_line = max(1, min(len(SET_COLOURS), (W - lab_w + 20) // (cell + 20)))
                for k, c in enumerate(SET_COLOURS):
                    if k and k % per_line == 0:
                        y += lab_h + mix_h + 12
                    r = pygame.Rect(at.x + lab_w + (k % per_line) * (cell + 20), y + lab_h, cell, mix_h)
                    self.mix_labels.append((colour_label(c), pygame.Rect(r.x, y, r.w, lab_h)))
                    self.mix_cs.append(Choice(r, [(n, str(n)) for n in (1, 2, 3, 4)], m.mix[c.value],
                                              on_change=partial(self.set_mix, c), size=18))
                y += lab_h + mix_h + 12
            options: list[tuple[str, tuple[tuple[Any, str], ...], Any, Callable[[Any], None]]] = [
                (lab[1], (("standard", _("Standard pot")), ("test-tubes", _("Test tubes"))), m.variant,
                 lambda v: setattr(self.model, "variant", v)),
                (lab[4], ((True, _("Cards on")), (False, _("Cards off"))), m.fortunes,
                 lambda v: setattr(self.model, "fortunes", v)),
                (lab[2], ((1, _("1 ruby (the rule)")), (0, _("None (house rule)"))), m.starting_rubies,
                 lambda v: setattr(self.model, "starting_rubies", v)),
                (lab[5], ((False, _("Stir together")), (True, _("One after another"))), m.sequential,
                 lambda v: setattr(self.model, "sequential", v)),
            ]
            if m.online:
                options.append((lab[6], ((True, _("Others find it")), (False, _("Code only"))), m.lan,
                                lambda v: setattr(self.model, "lan", v)))
                options.append((lab[7], tuple((s, clock_label(s)) for s in TURN_CLOCKS), m.turn_clock,
                                lambda v: setattr(self.model, "turn_clock", v)))
            ctl_w = max(want([t for _v, t in opts]) for _l, opts, _v, _s in options)
            # in pairs if their labels keep at least 85% of their size there
            paired = lab_w + 30 + lab2_w + 2 * ctl_w * 85 // 100 <= W
            self.natural = max(natural, lab_w + 30 + lab2_w + 2 * ctl_w * 6 // 5, lab_w + want([t for _v, t in books]))
            # paired: each row holds two options, the second's label right-aligned before its control
            ctl_w = (W - lab_w - 30 - lab2_w) // 2 if paired else min(W - lab_w, max(ctl_w, 640))
            made: list[Choice] = []
            for k, (title, opts, value, setter) in enumerate(options):
                if paired and k % 2:
                    x = at.right - ctl_w
                    self.heads.append((title, pygame.Rect(x - lab2_w, y, lab2_w - 16, ctl_h), "midright"))
                else:
                    x = at.x + lab_w
                    self.heads.append((title, pygame.Rect(at.x, y, lab_w - 16, ctl_h), "midleft"))
                made.append(Choice(pygame.Rect(x, y, ctl_w, ctl_h), opts, value, on_change=setter, size=21))
                if not paired or k % 2:
                    y += step
            self.variant_c, self.fortune_c, self.rubies_c, self.brew_c, *online = made
            self.lan_c: Choice | None = online[0] if online else None
            self.clock_c: Choice | None = online[1] if online else None
            if paired and len(made) % 2:  # the last alone on its row: the line ends after it
                y += step
            self.heads.append((lab[3], pygame.Rect(at.x, y, lab_w - 16, ctl_h), "midleft"))
            seed_w = max(300, te.size("999999999|", "sans-semibold", 22)[0] + 60,
                         te.size(_("random"), "sans-semibold", 22)[0] + 60)
        self.seed_b = Button(pygame.Rect(at.x + lab_w, y, seed_w, ctl_h), m.seed or _("random"),
                             on_click=self.edit_seed, style="parchment",
                             tooltip=_("Type a number to replay the same luck; empty is random."), size=22)
        y += ctl_h
        # where the form's lines start (a scrolled form shows whole lines from one of them)
        tops = [r.y for _t, r, _a in self.heads] + [r.y for _t, r in self.mix_labels] + \
            [r.y for _t, r, _n in self.strength_rows] + \
            [card.y for card in self.cards] + [self.seed_b.rect.y]
        self.tops = sorted({t - at.y for t in tops} | {0})
        return y - at.y

    def online_cs(self) -> list[Choice]:
        """The hosted game's own options (the LAN, the turn clock), none in a local game."""
        return [c for c in (self.lan_c, self.clock_c) if c is not None]

    def all_buttons(self) -> list[Any]:
        out: list[Any] = []
        for name_b, col_b, kind, rm in self.seat_buttons:
            out += [name_b, col_b, kind] + ([rm] if rm else [])
        out += [self.add_b, self.books_c, *self.mix_cs, self.variant_c, self.fortune_c, self.rubies_c, self.brew_c,
                self.seed_b, *self.online_cs(), self.start_b, self.back_b]
        return out

    def _draw(self, surf: pygame.Surface) -> None:
        """Every label fits the place left for it beside its controls."""
        te = self.app.text
        # the options' labels share one size: the largest at which each fits its box (the heading of the seats
        # keeps its own)
        size = min(te.fit_label(t, "sans-bold", 22, r)[0] for t, r, _a in self.heads[1:])
        shown = self.shown
        for k, (text, box, anchor) in enumerate(self.heads):
            if shown(box):
                te.blit_fit(surf, text, box, "sans-bold", size if k else 22, T.INK_SOFT, anchor=anchor)
        view = surf.get_clip()
        for card in self.cards:  # the shadows first: none falls on the card above
            if card.colliderect(view):
                surf.blit(art.shadow(card.size, 12, 70), (card.x - 14, card.y - 14))
        letters = marker_letters([s.name for s in self.model.seats])
        for i, ((name_b, col_b, kind, rm), (mx, my, ms)) in enumerate(zip(self.seat_buttons, self.markers)):
            s = self.model.seats[i]
            card = self.cards[i]
            if card.colliderect(view):  # the seat's card: parchment tinted with its colour, a stripe of it
                look = T.PLAYER_LOOKS[s.colour]
                tint = art.mix(art.mix(T.PARCHMENT, T.CREAM, 0.45), look.fill, 0.10)
                pygame.draw.rect(surf, tint, card, border_radius=12)
                pygame.draw.line(surf, art.mix(tint, T.CREAM, 0.6), (card.x + 12, card.y + 2),
                                 (card.right - 12, card.y + 2))  # the light along its top edge
                pygame.draw.rect(surf, T.PARCHMENT_EDGE, card, width=CARD_RIM, border_radius=12)
                # only what shows of it hides what lay under it (a card the view cuts stops at the view's edge)
                te.cover(surf, card.clip(view), CARD_RIM if view.contains(card) else 0)
                stripe = pygame.Rect(card.x + 3, card.y + 8, 6, card.h - 16)
                pygame.draw.rect(surf, look.fill, stripe, border_radius=3)
            if shown(name_b.rect):
                mk = art.marker(s.colour, letters[i], ms)
                surf.blit(mk, mk.get_rect(center=(mx, my)))
            if self.editing == i:
                name_b.label = s.name + "|"
                name_b.selected = True
            for w in (name_b, col_b, kind, rm):
                if w is not None and shown(w.rect):
                    w.draw(surf)
        for text, box, lines in self.strength_rows:
            if shown(box):
                te.blit_fit(surf, text, box, "sans", STRENGTH_SIZE, T.INK_SOFT, anchor="midleft", lines=lines)
        for w in (self.add_b, self.books_c):
            if shown(w.rect):
                w.draw(surf)
        for (text, box), ch in zip(self.mix_labels, self.mix_cs):
            if shown(box.union(ch.rect)):
                te.blit_fit(surf, text, box, "sans-semibold", 16, T.INK_SOFT, anchor="midleft", lines=1)
                ch.draw(surf)
        # the four rows of options read as one block: their labels at one size
        rows = [self.variant_c, self.fortune_c, self.rubies_c, self.brew_c, *self.online_cs()]
        draw_row(surf, [b for c in rows for b in c.buttons], only=lambda b: shown(b.rect))
        self.seed_b.label = (self.model.seed + "|") if self.seed_editing else (self.model.seed or _("random"))
        if shown(self.seed_b.rect):
            self.seed_b.draw(surf)
