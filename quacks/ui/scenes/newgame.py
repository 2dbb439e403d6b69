"""New game: 2-4 seats (human or a bot level, name and colour), books, pot side, house rules, seed.

The defaults make "New game, Start" two clicks: you against two Normal bots, Set 1. A seat the player did not
name is "You" when it is the only human, and has a real name otherwise (``session/names.py``): two humans at one
screen are never "You" (issue 19).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from ...i18n import N_, _, in_every_language, pgettext
from ...rules.chips import SET_COLOURS, Colour
from ...rules.config import GameConfig
from ...session.match import HUMAN, PLAYER_COLOURS, MatchSetup, SeatSpec
from ...session.names import SEAT_NAMES, fresh_name
from ...wording.text import colour_label, is_you
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import Button, Choice, draw_row, draw_tooltip

BOT_NAMES = SEAT_NAMES
KINDS = (("human", N_("Human")), ("easy", N_("Easy bot")), ("normal", N_("Normal bot")), ("hard", N_("Hard bot")))
BOOK_MODES = (("1", N_("Set 1")), ("2", N_("Set 2")), ("3", N_("Set 3")), ("4", N_("Set 4")), ("mix", N_("Per colour")),
              ("random", N_("Random")))


def _options(options: tuple[tuple[Any, str], ...]) -> list[tuple[Any, str]]:
    """Choice options with their labels in the player's language."""
    return [(value, _(label)) for value, label in options]


@dataclass
class SeatRow:
    name: str
    colour: str
    kind: str
    custom: bool = False  # the player typed the name (else the game names the seat: ``SetupModel.name_seats``)


def _typed(name: str) -> bool:
    """Whether a stored name (of a setup saved without the flag) is one the player typed."""
    return not (is_you(name) or name in SEAT_NAMES or name.strip().casefold() in
                {w.casefold() for w in in_every_language("Player")})


@dataclass
class SetupModel:
    seats: list[SeatRow] = field(default_factory=lambda: [
        SeatRow(_("You"), "amber", HUMAN), SeatRow("Hildegard", "teal", "normal"),
        SeatRow("Ottokar", "plum", "normal")])
    books: str = "1"
    mix: dict[str, int] = field(default_factory=lambda: {c.value: 1 for c in SET_COLOURS})
    variant: str = "standard"
    fortunes: bool = True
    starting_rubies: int = 1
    sequential: bool = False
    seed: str = ""

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": [[s.name, s.colour, s.kind, s.custom] for s in self.seats], "books": self.books,
            "mix": dict(self.mix),
            "variant": self.variant, "fortunes": self.fortunes, "starting_rubies": self.starting_rubies,
            "sequential": self.sequential,
        }

    @staticmethod
    def from_data(d: Any) -> SetupModel:
        m = SetupModel()
        try:
            seats = [SeatRow(str(n)[:14] or _("Player"), c if c in PLAYER_COLOURS else "amber",
                             k if k in dict(KINDS) else HUMAN,
                             bool(rest[0]) if rest else _typed(str(n))) for n, c, k, *rest in d["seats"]]
            if 2 <= len(seats) <= 4:
                m.seats = seats
                m.name_seats()
            if d.get("books") in dict(BOOK_MODES):
                m.books = d["books"]
            mix = d.get("mix") or {}
            for c in SET_COLOURS:
                if mix.get(c.value) in (1, 2, 3, 4):
                    m.mix[c.value] = mix[c.value]
            m.variant = d.get("variant") if d.get("variant") in ("standard", "test-tubes") else "standard"
            m.fortunes = bool(d.get("fortunes", True))
            m.starting_rubies = 0 if d.get("starting_rubies") == 0 else 1
            m.sequential = bool(d.get("sequential", False))
        except (KeyError, TypeError, ValueError):
            return SetupModel()
        return m

    def name_seats(self) -> None:
        """Name the seats the player did not name: the only human is "You" (in the player's language); with two or
        more humans, or for a bot, a real name from ``SEAT_NAMES`` that no other seat has. A typed "You" becomes a
        real name too when another human plays: at a shared screen nobody is "you"."""
        humans = sum(s.kind == HUMAN for s in self.seats)
        for s in self.seats:
            if s.kind == HUMAN and humans == 1 and not s.custom:
                s.name = _("You")
        for i, s in enumerate(self.seats):
            if s.kind == HUMAN and humans == 1 and (not s.custom or is_you(s.name)):
                continue
            others = {o.name.casefold() for j, o in enumerate(self.seats) if j != i}
            real = s.name in SEAT_NAMES if not s.custom else not is_you(s.name)
            if not real or s.name.casefold() in others:
                s.name = fresh_name({o.name for j, o in enumerate(self.seats) if j != i})
                s.custom = False

    def build(self) -> MatchSetup:
        seed = int(self.seed) if self.seed.strip().isdigit() else random.SystemRandom().randrange(1, 10**9)
        rng = random.Random(seed)
        if self.books in ("1", "2", "3", "4"):
            books = {c: int(self.books) for c in SET_COLOURS}
        elif self.books == "mix":
            books = {c: self.mix[c.value] for c in SET_COLOURS}
        else:
            books = {c: rng.randint(1, 4) for c in SET_COLOURS}
        names: list[str] = []
        humans = sum(s.kind == HUMAN for s in self.seats)
        for s in self.seats:
            n = "".join(ch for ch in s.name.strip() if ch.isalnum() or ch in "-_ ")[:14] or _("Player")
            if is_you(n) and (humans > 1 or s.kind != HUMAN):  # nobody is "You" at a shared screen
                n = fresh_name({*names, *(o.name for o in self.seats)})
            while n in names:
                n += "+"
            names.append(n)
        house: dict[str, Any] = {}
        if self.starting_rubies == 0:
            house["starting-rubies"] = 0
        if self.sequential:
            house["sequential-brewing"] = True
        cfg = GameConfig(seats=tuple(names), books=books, variant=self.variant, fortunes=self.fortunes, house=house)
        specs = tuple(SeatSpec(n, s.colour, s.kind) for n, s in zip(names, self.seats))
        return MatchSetup(cfg, specs, seed)


class NewGameScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        last = getattr(app.settings, "last_setup", None)
        self.model = SetupModel.from_data(last) if last else SetupModel()
        self.model.name_seats()
        if not last:
            self.model.sequential = bool(getattr(app.settings, "sequential_brewing", False))
        self.widgets: list[Any] = []
        self.editing: int | None = None  # seat whose name is being typed
        self.seed_editing = False
        self.hover_text = ""
        self.focus_row = 0

    def enter(self) -> None:
        self.layout()

    # layout ------------------------------------------------------------------------------------------
    def layout(self) -> None:
        m = self.model
        self.widgets = []
        self.seat_buttons: list[tuple[Button, Button, Choice, Button | None]] = []
        x0, y = 160, 190
        # the seat kinds take more of the row's free width as the UI scale grows (their labels grow with it),
        # up to the right edge of the options below
        k = max(1.0, self.app.text.scale) - 1
        name_w = int(300 - 40 * k)  # still room for "Hildegard" at 200%
        col_w = int(150 + 120 * k)  # "Blauwgroen" too
        kind_x = x0 + 70 + name_w + 14 + col_w + 14
        kind_w = int(min(640 + 358 * k, x0 + 1620 - 74 - kind_x))
        for i, s in enumerate(m.seats):
            name_b = Button(pygame.Rect(x0 + 70, y, name_w, 60), s.name, on_click=partial(self.edit_name, i),
                            style="parchment", tooltip=_("Click and type a name (Enter to finish)."), size=24)
            col_b = Button(pygame.Rect(x0 + 84 + name_w, y, col_w, 60), _(T.PLAYER_LOOKS[s.colour].name),
                           on_click=partial(self.next_colour, i), style="dark",
                           tooltip=_("The seat's colour; each seat also shows its first letter."), size=22)
            kind = Choice(pygame.Rect(kind_x, y, kind_w, 60), _options(KINDS), s.kind,
                          on_change=partial(self.set_kind, i), size=21, by_label=True)
            rm = None
            if len(m.seats) > 2:
                rm = Button(pygame.Rect(kind_x + kind_w + 14, y, 60, 60), "x", on_click=partial(self.remove_seat, i),
                            style="danger", tooltip=_("Remove this seat."), size=24)
            self.seat_buttons.append((name_b, col_b, kind, rm))
            y += 76
        self.add_b = Button(pygame.Rect(x0 + 70, y, 300, 52), _("+ Add a seat"), on_click=self.add_seat,
                            enabled=len(m.seats) < 4, reason=_("At most 4 seats."), style="parchment", size=22)
        y = 560
        self.books_c = Choice(pygame.Rect(x0 + 300, y, 1100, 54), _options(BOOK_MODES), m.books,
                              on_change=self.set_books, size=21)
        self.mix_cs: list[Choice] = []
        if m.books == "mix":
            for k, c in enumerate(SET_COLOURS):
                ch = Choice(pygame.Rect(x0 + 300 + k * 220, y + 84, 200, 44), [(n, str(n)) for n in (1, 2, 3, 4)],
                            m.mix[c.value], on_change=partial(self.set_mix, c), size=18)
                self.mix_cs.append(ch)
        y2 = 720
        self.variant_c = Choice(pygame.Rect(x0 + 300, y2, 500, 54), (("standard", _("Standard pot")),
                                                                      ("test-tubes", _("Test tubes"))), m.variant,
                                on_change=lambda v: setattr(self.model, "variant", v), size=21)
        self.fortune_c = Choice(pygame.Rect(x0 + 1150, y2, 470, 54), ((True, _("Cards on")), (False, _("Cards off"))),
                                m.fortunes, on_change=lambda v: setattr(self.model, "fortunes", v), size=21)
        y3 = 792
        self.rubies_c = Choice(pygame.Rect(x0 + 300, y3, 500, 54),
                               ((1, _("Start with 1 ruby")), (0, _("Start with none"))),
                               m.starting_rubies, on_change=lambda v: setattr(self.model, "starting_rubies", v),
                               size=21)
        self.brew_c = Choice(pygame.Rect(x0 + 1150, y3, 470, 54), ((False, _("Stir together")),
                                                                     (True, _("One after another"))),
                             m.sequential, on_change=lambda v: setattr(self.model, "sequential", v), size=21)
        self.seed_b = Button(pygame.Rect(x0 + 300, 864, 300, 54), m.seed or _("random"), on_click=self.edit_seed,
                             style="parchment", tooltip=_("Type a number to replay the same luck; empty is random."),
                             size=22)
        canvas_w, canvas_h = canvas_rect().size
        self.start_b = Button(pygame.Rect(canvas_w - 430, canvas_h - 120, 330, 80), _("Start"), self.start,
                              hotkey_label=pgettext("key", "Enter"), size=32)
        self.back_b = Button(pygame.Rect(110, canvas_rect().h - 120, 220, 80), _("Back"), self.app.pop, style="dark",
                             hotkey_label=pgettext("key", "Esc"), size=26)

    def all_buttons(self) -> list[Any]:
        out: list[Any] = []
        for name_b, col_b, kind, rm in self.seat_buttons:
            out += [name_b, col_b, kind] + ([rm] if rm else [])
        out += [self.add_b, self.books_c, *self.mix_cs, self.variant_c, self.fortune_c, self.rubies_c, self.brew_c,
                self.seed_b, self.start_b, self.back_b]
        return out

    # model changes -------------------------------------------------------------------------------------
    def edit_name(self, i: int) -> None:
        self.editing = i
        self.seed_editing = False
        pygame.key.start_text_input()

    def edit_seed(self) -> None:
        self.seed_editing = True
        self.editing = None
        pygame.key.start_text_input()

    def next_colour(self, i: int) -> None:
        used = {s.colour for j, s in enumerate(self.model.seats) if j != i}
        cur = PLAYER_COLOURS.index(self.model.seats[i].colour)
        for k in range(1, 5):
            c = PLAYER_COLOURS[(cur + k) % 4]
            if c not in used:
                self.model.seats[i].colour = c
                break
        self.layout()

    def set_kind(self, i: int, v: str) -> None:
        self.model.seats[i].kind = v
        self.model.name_seats()
        self.layout()

    def _bot_name(self) -> str:
        return fresh_name({s.name for s in self.model.seats})

    def add_seat(self) -> None:
        m = self.model
        if len(m.seats) >= 4:
            return
        used = {s.colour for s in m.seats}
        colour = next(c for c in PLAYER_COLOURS if c not in used)
        m.seats.append(SeatRow(self._bot_name(), colour, "normal"))
        m.name_seats()
        self.layout()

    def remove_seat(self, i: int) -> None:
        if len(self.model.seats) > 2:
            self.model.seats.pop(i)
            self.model.name_seats()
            self.layout()

    def set_books(self, v: str) -> None:
        self.model.books = v
        self.layout()

    def set_mix(self, c: Colour, v: int) -> None:
        self.model.mix[c.value] = v

    def start(self) -> None:
        """Start the game (asking first while another game is unfinished: ``flows.ask_before_replacing``)."""
        from ..flows import ask_before_replacing, start_match

        self.finish_typing()
        try:
            setup = self.model.build()
        except ValueError as e:
            self.hover_text = str(e)
            return

        def go() -> None:
            self.app.settings.last_setup = self.model.to_data()
            start_match(self.app, setup, replace=True)

        ask_before_replacing(self.app, go)

    def finish_typing(self) -> None:
        if self.editing is not None:
            s = self.model.seats[self.editing]
            if not s.name.strip():  # a name typed away: the game names the seat again
                s.custom = False
                self.model.name_seats()
        if self.editing is not None or self.seed_editing:
            pygame.key.stop_text_input()
        self.editing = None
        self.seed_editing = False
        self.layout()

    # loop ----------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        typing = self.editing is not None or self.seed_editing
        if typing:
            if event.type == pygame.TEXTINPUT:
                if self.editing is not None:
                    s = self.model.seats[self.editing]
                    s.name = (s.name + "".join(ch for ch in event.text if ch.isalnum() or ch in "-_ "))[:14]
                    s.custom = True
                else:
                    if len(self.model.seed) < 9:
                        self.model.seed += "".join(ch for ch in event.text if ch.isdigit())
                self.layout()
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    if self.editing is not None:
                        self.model.seats[self.editing].name = self.model.seats[self.editing].name[:-1]
                        self.model.seats[self.editing].custom = True
                    else:
                        self.model.seed = self.model.seed[:-1]
                    self.layout()
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                    self.finish_typing()
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key == pygame.K_b:
                self.books_c.step(1)
                return
            if event.key == pygame.K_p:
                self.variant_c.step(1)
                return
            if event.key == pygame.K_a:
                self.add_seat()
                return
            if event.key == pygame.K_e:  # edit the names from the keyboard, one seat after the other
                self._next_name = (getattr(self, "_next_name", -1) + 1) % len(self.model.seats)
                self.edit_name(self._next_name)
                return
            if event.key == pygame.K_c:
                self.fortune_c.step(1)
                return
            if event.key == pygame.K_r:
                self.rubies_c.step(1)
                return
            if event.key == pygame.K_s:
                self.brew_c.step(1)
                return
            if event.key == pygame.K_DELETE and len(self.model.seats) > 2:
                self.remove_seat(len(self.model.seats) - 1)
                return
            if pygame.K_1 <= event.key <= pygame.K_4:
                i = event.key - pygame.K_1
                if i < len(self.model.seats):
                    for _, _, kind, _ in self.seat_buttons[i:i + 1]:
                        kind.step(1)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and typing:
            self.finish_typing()
        if event.type == pygame.MOUSEMOTION:
            self.hover_text = ""
            for w in self.all_buttons():
                for b in getattr(w, "buttons", [w]):
                    if b.rect.collidepoint(event.pos) and b.help_text():
                        self.hover_text = b.help_text()
        for w in list(self.all_buttons()):
            if w.handle(event):
                break

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        art.panel(surf, pygame.Rect(100, 60, canvas_rect().w - 200, canvas_rect().h - 200), seed=5)
        with te.roomy():
            self._draw(surf)
        if self.hover_text:
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)

    def _draw(self, surf: pygame.Surface) -> None:
        """Every label fits the place left for it beside its controls."""
        te = self.app.text

        left = pygame.Rect(160, 0, self.books_c.rect.x - 20 - 160, 0)
        middle = pygame.Rect(self.variant_c.rect.right + 20, 0, self.fortune_c.rect.x - 20 - self.variant_c.rect.right
                             - 20, 0)
        # the labels of the settings share one size: the largest at which each fits beside its controls
        boxes = [(_("Ingredient books"), self.books_c.rect, left), (_("Pot side"), self.variant_c.rect, left),
                 (_("House rules"), self.rubies_c.rect, left), (_("Seed (optional)"), self.seed_b.rect, left),
                 (_("Fortune cards"), self.fortune_c.rect, middle), (_("Brewing"), self.brew_c.rect, middle)]
        size = min(te.fit_label(t, "sans-bold", 22, pygame.Rect(c.x, r.y, c.w, r.h))[0] for t, r, c in boxes)

        def label(text: str, box: pygame.Rect, size: int = size, anchor: str = "midleft") -> None:
            te.blit_fit(surf, text, box, "sans-bold", size, T.INK_SOFT, anchor=anchor)

        te.blit_fit(surf, _("New game"), pygame.Rect(160, 74, 1200, 78), "serif-bold", 56, T.INK, anchor="midleft",
                    lines=1)
        label(_("Seats"), pygame.Rect(160, 150, 600, 36), 22)
        y = 190
        for i, (name_b, col_b, kind, rm) in enumerate(self.seat_buttons):
            s = self.model.seats[i]
            mk = art.marker(s.colour, (s.name[:1] or "?").upper(), 52)
            surf.blit(mk, mk.get_rect(center=(195, y + 30)))
            if self.editing == i:
                name_b.label = s.name + "|"
                name_b.selected = True
            name_b.draw(surf)
            col_b.draw(surf)
            kind.draw(surf)
            if rm:
                rm.draw(surf)
            y += 76
        self.add_b.draw(surf)

        def row(text: str, ref: pygame.Rect) -> None:
            label(text, pygame.Rect(left.x, ref.y, left.w, ref.h))

        row(_("Ingredient books"), self.books_c.rect)
        self.books_c.draw(surf)
        if self.model.books == "mix":
            for k, c in enumerate(SET_COLOURS):
                ch = self.mix_cs[k].rect
                te.blit_fit(surf, colour_label(c), pygame.Rect(ch.x, ch.y - 30, ch.w, 28), "sans-semibold",
                            16, T.INK_SOFT, anchor="midleft", lines=1)
                self.mix_cs[k].draw(surf)
        row(_("Pot side"), self.variant_c.rect)
        label(_("Fortune cards"), pygame.Rect(middle.x, self.fortune_c.rect.y, middle.w, self.fortune_c.rect.h),
              anchor="midright")
        row(_("House rules"), self.rubies_c.rect)
        label(_("Brewing"), pygame.Rect(middle.x, self.brew_c.rect.y, middle.w, self.brew_c.rect.h), anchor="midright")
        # the four rows of options read as one block: their labels at one size
        draw_row(surf, [b for c in (self.variant_c, self.fortune_c, self.rubies_c, self.brew_c) for b in c.buttons])
        row(_("Seed (optional)"), self.seed_b.rect)
        self.seed_b.label = (self.model.seed + "|") if self.seed_editing else (self.model.seed or _("random"))
        self.seed_b.draw(surf)
        self.start_b.draw(surf)
        self.back_b.draw(surf)
        back, start = self.back_b.rect, self.start_b.rect
        foot = pygame.Rect(back.right + 30, back.y, start.x - 30 - back.right - 30, back.h)
        te.blit_fit(surf, _("Enter start · Esc back · 1-4 seat kind · E names · A add / Del remove seat · B books · "
                            "P pot · C cards · R rubies · S brewing"), foot, "sans", 18, T.PARCHMENT_DARK)
