"""New game: 2-4 seats (human or a bot level, name and colour), books, pot side, house rules, seed.

In its online mode (issue 22: "Host a game") a seat may also be *online*, a player on another computer (a human
seat is a player at this screen, as in hot-seat); at least one seat must be online, and the game is found on the
LAN unless the host says no. Start serves the game (``net.link.NetLink.host``) and opens the lobby.

The defaults make "New game, Start" two clicks: you against two Normal bots, Set 1. A seat the player did not
name is "You" when it is the only human, and has a real name otherwise (``quacks/names.py``): two humans at one
screen are never "You" (issue 19).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from ...ai.levels import LADDER
from ...content.bot_strength import Strength, StrengthError, load_strength, shown_strength
from ...i18n import N_, _, in_every_language
from ...names import SEAT_NAMES, fresh_name
from ...rules.chips import SET_COLOURS, Colour
from ...rules.config import GameConfig
from ...session.match import HUMAN, PLAYER_COLOURS, MatchSetup, SeatSpec
from ...session.setup import REMOTE
from ...wording.text import LEVEL_NAMES, bot_name, colour_label, is_you, strength_text
from .. import art
from .. import theme as T
from ..app import App, Scene
from ..keys import Act, Binding
from ..keys import label as key_label
from ..widgets import Button, Choice, button_bindings, draw_row, draw_tooltip
from .frame import PAD, frame

BOT_NAMES = SEAT_NAMES
#: a seat's kinds: a human, or a bot of each level of the ladder (``ai.levels.LADDER``, named in the wording: the
#: level's name on its button, "Expert bot" and its measured strength in its tooltip), so that five kinds stay on
#: the seat's line at 200%
KINDS = ((HUMAN, N_("Human")), *((level, LEVEL_NAMES[level]) for level in LADDER))
#: the seat kinds of a hosted game: a player at this screen, a player on another computer, or a bot
ONLINE_KINDS = ((HUMAN, N_("Here")), (REMOTE, N_("Online")), *KINDS[1:])
STRENGTH_SIZE = 19  # the strength lines' text size
BOOK_MODES = (("1", N_("Set 1")), ("2", N_("Set 2")), ("3", N_("Set 3")), ("4", N_("Set 4")), ("mix", N_("Per colour")),
              ("random", N_("Random")))


log = logging.getLogger("quacks.ui")


def measured_strength(path: Path | None = None) -> dict[str, Strength]:
    """The measured strength of the ladder's levels (``data/bot_strength.yaml`` if ``path`` is None), by level;
    none if the file is missing or damaged (said in the log: the screen then shows no strength)."""
    try:
        return shown_strength(load_strength(path, LADDER))
    except StrengthError as e:
        log.warning("%s The new-game screen shows no bots' strength.", e)
        return {}


def strength_lines(kinds: Iterable[str], strength: Mapping[str, Strength]) -> list[str]:
    """A line for each bot level among ``kinds`` (the seats' kinds) that has a measured strength, weakest first:
    "Hard wins 84% of its games against Normal (400 games)"."""
    seated = set(kinds)
    return [strength_text(strength[level]) for level in LADDER
            if level in seated and level in strength and strength[level].measured]


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
    online: bool = False  # a hosted game (issue 22): seats may be REMOTE, one at least
    lan: bool = True  # (online) the game is shown to others on the LAN

    def kinds(self) -> tuple[tuple[str, str], ...]:
        """The kinds a seat may have here (the online ones in a hosted game)."""
        return ONLINE_KINDS if self.online else KINDS

    def start_problem(self) -> str:
        """Why the game cannot start as set up ("" if it can): a hosted game needs a seat for a remote player."""
        if self.online and not any(s.kind == REMOTE for s in self.seats):
            return _("Make at least one seat Online: a seat for a player on another computer.")
        return ""

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": [[s.name, s.colour, s.kind, s.custom] for s in self.seats], "books": self.books,
            "mix": dict(self.mix),
            "variant": self.variant, "fortunes": self.fortunes, "starting_rubies": self.starting_rubies,
            "sequential": self.sequential, **({"lan": self.lan} if self.online else {}),
        }

    @staticmethod
    def from_data(d: Any, online: bool = False) -> SetupModel:
        m = SetupModel(online=online)
        kinds = dict(m.kinds())
        try:
            seats = [SeatRow(str(n)[:14] or _("Player"), c if c in PLAYER_COLOURS else "amber",
                             k if k in kinds else HUMAN,
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
            m.lan = bool(d.get("lan", True))
        except (KeyError, TypeError, ValueError):
            return SetupModel(online=online)
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
    def __init__(self, app: App, online: bool = False, bot_level: str | None = None) -> None:
        """``bot_level``: every bot seat plays at that level (the ladder's next step, offered after a game)."""
        super().__init__(app)
        # a hosted game starts from the last hosted game's choices (the same friends, the same seats)
        last = getattr(app.settings, "last_online_setup" if online else "last_setup", None)
        self.model = SetupModel.from_data(last, online) if last else SetupModel(online=online)
        if online and not any(s.kind == REMOTE for s in self.model.seats):
            self.model.seats[1].kind = REMOTE  # a hosted game starts with a seat for the friend who joins
            self.model.seats[1].custom = False
        if bot_level is not None:
            self.bots_at(bot_level)
        self.model.name_seats()
        if not last:
            self.model.sequential = bool(getattr(app.settings, "sequential_brewing", False))
        self.strength = measured_strength()  # the levels' measured strength, shown for the seated bots
        self.widgets: list[Any] = []
        self.editing: int | None = None  # seat whose name is being typed
        self.seed_editing = False
        self.hover_text = ""
        self.focus_row = 0
        self.scroll = 0  # how far the form is scrolled up (where the window is too short for it)
        self.max_scroll = 0

    def bots_at(self, level: str) -> None:
        """Every bot seat at ``level`` (a level of the ladder); the default seats if no seat is a bot."""
        if level not in LADDER:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LADDER)}")
        if not any(s.kind in LADDER for s in self.model.seats):
            self.model = SetupModel(online=self.model.online)
        for s in self.model.seats:
            if s.kind in LADDER:
                s.kind = level

    def enter(self) -> None:
        self.layout()

    # layout ------------------------------------------------------------------------------------------
    def layout(self) -> None:
        """Lay the form out in the page's body: the seats, then the books and the options (in pairs where the
        width allows). The page is as tall as the form (centred with its buttons); where the window is too short
        for it, the page fills the height and the form scrolls under its title (the wheel, Page Up/Down)."""
        te = self.app.text
        self.hover_text = ""  # the widgets move: what the mouse is over is found again as it moves
        z = pygame.Rect(0, 0, 0, 0)
        problem = self.model.start_problem()
        self.start_b = Button(z, _("Start"), self.start, key=Act.CONFIRM, size=32, enabled=not problem, reason=problem)
        self.back_b = Button(z.copy(), _("Back"), self.app.pop, style="dark", key=Act.BACK, size=26)
        # the page as wide as the form wants with a little air (at most 1720), no wider: a wide window does not
        # stretch the seats' rows across it
        self._build(pygame.Rect(0, 0, 1720 - 2 * PAD, 0))
        width = min(1720, self.natural + 2 * PAD)
        fr = frame(te, [self.back_b], [self.start_b], self.hint(), width=width)
        height = self._build(pygame.Rect(0, 0, fr.body.w, 0))  # the form's height at the body's width
        self.frame = fr = frame(te, [self.back_b], [self.start_b], self.hint(), width=width, hug=height)
        # scrolled, the form starts at the top of one of its lines and shows only the lines wholly in view
        over = height - fr.body.h
        self.max_scroll = min(t for t in [*self.tops, height] if t >= over) if over > 0 else 0
        self.scroll = max([t for t in self.tops if t <= min(self.scroll, self.max_scroll)] + [0])
        self._build(pygame.Rect(fr.body.x, fr.body.y - self.scroll, fr.body.w, 0))

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
        fixed = mark_w + 3 * gap + (rm_w + gap if rm_w else 0)
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
        for i, s in enumerate(m.seats):
            x = at.x + mark_w + gap
            self.markers.append((at.x + mark_w // 2, y + ctl_h // 2, mark_w - 18))
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
                rm = Button(pygame.Rect(at.right - rm_w, y, rm_w, ctl_h), "x", on_click=partial(self.remove_seat, i),
                            style="danger", tooltip=_("Remove this seat."), size=24)
            if two_lines:  # the kinds under the name, as wide as they want (the row's width at most)
                x = at.x + mark_w + gap
                y += step
                kind_w = min(W - (mark_w + gap), kind_want * 5 // 4)
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
            y += step
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
                   _("Brewing"), _("Local network")]
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
            options = [
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
            self.variant_c, self.fortune_c, self.rubies_c, self.brew_c, *lan = made
            self.lan_c: Choice | None = lan[0] if lan else None
            if paired and self.lan_c is not None:  # alone on its row: the line ends after it
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
            [w.rect.y for row in self.seat_buttons for w in row if w is not None] + [self.seed_b.rect.y]
        self.tops = sorted({t - at.y for t in tops} | {0})
        return y - at.y

    def all_buttons(self) -> list[Any]:
        out: list[Any] = []
        for name_b, col_b, kind, rm in self.seat_buttons:
            out += [name_b, col_b, kind] + ([rm] if rm else [])
        out += [self.add_b, self.books_c, *self.mix_cs, self.variant_c, self.fortune_c, self.rubies_c, self.brew_c,
                self.seed_b, *([self.lan_c] if self.lan_c is not None else []), self.start_b, self.back_b]
        return out

    # model changes -------------------------------------------------------------------------------------
    def edit_name(self, i: int) -> None:
        self.editing = i
        self.seed_editing = False
        pygame.key.start_text_input()
        self.reveal(self.seat_buttons[i][0].rect)

    # scrolling -------------------------------------------------------------------------------------------
    def view(self) -> pygame.Rect:
        """The part of the page the form shows in (under the title, within the page's rim)."""
        fr = self.frame
        return pygame.Rect(fr.panel.x + 16, fr.body.y - 6, fr.panel.w - 32, fr.panel.bottom - 14 - (fr.body.y - 6))

    def scroll_by(self, dy: int) -> None:
        """Scroll by about ``dy``: to the next line's top in that direction at least (within the form)."""
        if not self.max_scroll or not dy:
            return
        want = self.scroll + dy
        if dy > 0:
            self.scroll = min([t for t in self.tops if t >= want] + [self.max_scroll])
        else:
            self.scroll = max([t for t in self.tops if t <= want] + [0])
        self.layout()

    def shown(self, r: pygame.Rect) -> bool:
        """Whether a part of the form at ``r`` is in view (a scrolled form shows whole lines only)."""
        return self.view().contains(r)

    def reveal(self, r: pygame.Rect) -> None:
        """Scroll as little as needed for ``r`` (a widget of the form) to be in view."""
        body = self.frame.body
        if r.top < body.top:
            self.scroll_by(r.top - body.top - 8)
        elif r.bottom > body.bottom:
            self.scroll_by(r.bottom - body.bottom + 8)

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
        problem = self.model.start_problem()
        if problem:
            self.hover_text = problem
            return
        try:
            setup = self.model.build()
        except ValueError as e:
            self.hover_text = str(e)
            return
        if self.model.online:
            from ..flows import save_settings

            self.app.settings.last_online_setup = self.model.to_data()
            save_settings(self.app)
            self.host(setup)
            return

        def go() -> None:
            self.app.settings.last_setup = self.model.to_data()
            start_match(self.app, setup, replace=True)

        ask_before_replacing(self.app, go)

    def host(self, setup: MatchSetup) -> None:
        """Serve the game (issue 22) and open its lobby in place of this screen."""
        from ...net import DEFAULT_PORT
        from ...net.commands import hosted_path, lan_address, tokens_path
        from ...net.link import NetLink
        from ..netplay import computer_name
        from .lobby import LobbyScene

        link = NetLink(tokens=tokens_path(), save_path=hosted_path())
        link.host(setup.game, setup.seats, bind="0.0.0.0", advertise_on=lan_address(), port=DEFAULT_PORT,
                  lan=self.model.lan, lan_name=computer_name())
        self.app.replace(LobbyScene(self.app, link, lan=self.model.lan))

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
    def bindings(self) -> list[Binding]:
        """While a name or the seed is typed: Backspace erases, Enter, Esc or Tab ends the typing. Else: Enter
        starts, Esc goes back, 1-4 change a seat's player (a list of one kind: the seats), and a letter for each
        setting (E names, A and Del seats, B books, P pot, C cards, R rubies, S brewing); PgUp/PgDn scroll."""
        if self.editing is not None or self.seed_editing:
            return [Binding(Act.ERASE, self.erase, target="erase")] + [
                Binding(act, self.finish_typing, target="done typing")
                for act in (Act.CONFIRM, Act.BACK, Act.NEXT_FIELD)]
        out = button_bindings([self.start_b, self.back_b])
        out += [Binding(Act.CHANGE_BOOKS, lambda: self.books_c.step(1), target="books"),
                Binding(Act.CHANGE_POT, lambda: self.variant_c.step(1), target="pot"),
                Binding(Act.ADD_SEAT, self.add_seat, target="add seat"),
                Binding(Act.EDIT_NAMES, self.edit_next_name, target="names"),
                Binding(Act.CHANGE_CARDS, lambda: self.fortune_c.step(1), target="cards"),
                Binding(Act.CHANGE_RUBIES, lambda: self.rubies_c.step(1), target="rubies"),
                Binding(Act.CHANGE_BREWING, lambda: self.brew_c.step(1), target="brewing"),
                Binding(Act.DELETE, lambda: self.remove_seat(len(self.model.seats) - 1), target="remove seat",
                        enabled=len(self.model.seats) > 2),
                Binding(Act.PAGE_DOWN, lambda: self.scroll_by(self.frame.body.h * 4 // 5), target="scroll"),
                Binding(Act.PAGE_UP, lambda: self.scroll_by(-self.frame.body.h * 4 // 5), target="scroll")]
        out += [Binding(Act.SEAT_KIND, partial(kind.step, 1), i + 1, target=f"seat {i + 1}", kind="seat")
                for i, (_a, _b, kind, _c) in enumerate(self.seat_buttons[:4])]
        return out

    def erase(self) -> None:
        """Backspace while typing: the last letter of the name or the seed."""
        if self.editing is not None:
            self.model.seats[self.editing].name = self.model.seats[self.editing].name[:-1]
            self.model.seats[self.editing].custom = True
        else:
            self.model.seed = self.model.seed[:-1]
        self.layout()

    def edit_next_name(self) -> None:
        """E: type the names from the keyboard, one seat after the other."""
        self._next_name = (getattr(self, "_next_name", -1) + 1) % len(self.model.seats)
        self.edit_name(self._next_name)

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
                self.press(event)
                return
        elif self.press(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and typing:
            self.finish_typing()
        widgets = list(self.all_buttons())
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            # the form's widgets scrolled out of view take no clicks
            widgets = [w for w in widgets if self.shown(w.rect) or w in (self.start_b, self.back_b)]
        if event.type == pygame.MOUSEMOTION:
            self.hover_text = ""
            for w in widgets:
                for b in getattr(w, "buttons", [w]):
                    if b.rect.collidepoint(event.pos) and b.help_text():
                        self.hover_text = b.help_text()
        for w in widgets:
            if w.handle(event):
                break

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        fr = self.frame
        fr.draw(surf, te, _("Host a game") if self.model.online else _("New game"), self.hint(), seed=5)
        clip = surf.get_clip()
        view = self.view()
        surf.set_clip(view)  # a scrolled form ends under the title and at the page's rim
        with te.roomy():
            self._draw(surf)
        surf.set_clip(clip)
        if self.max_scroll:  # where the form is, and how much of it shows
            body = fr.body
            track = pygame.Rect(fr.panel.right - PAD // 2 - 4, body.y, 8, body.h)
            pygame.draw.rect(surf, T.PARCHMENT_DARK, track, border_radius=4)
            total = body.h + self.max_scroll
            thumb = pygame.Rect(track.x, track.y + track.h * self.scroll // total, track.w,
                                max(24, track.h * body.h // total))
            pygame.draw.rect(surf, T.BRASS_DARK, thumb, border_radius=4)
        with te.roomy():
            self.start_b.draw(surf)
            self.back_b.draw(surf)
        if self.hover_text and self.app.scene is self:  # not under a dialog opened on top (issue 30)
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)

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
        for i, ((name_b, col_b, kind, rm), (mx, my, ms)) in enumerate(zip(self.seat_buttons, self.markers)):
            s = self.model.seats[i]
            if shown(name_b.rect):
                mk = art.marker(s.colour, (s.name[:1] or "?").upper(), ms)
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
        rows = [self.variant_c, self.fortune_c, self.rubies_c, self.brew_c, *([self.lan_c] if self.lan_c else [])]
        draw_row(surf, [b for c in rows for b in c.buttons], only=lambda b: shown(b.rect))
        self.seed_b.label = (self.model.seed + "|") if self.seed_editing else (self.model.seed or _("random"))
        if shown(self.seed_b.rect):
            self.seed_b.draw(surf)
