"""New game: 2-4 seats (human or a bot level, name and colour), books, pot side, house rules, seed.

In its online mode (issue 22: "Host a game") a seat may also be *online*, a player on another computer (a human
seat is a player at this screen, as in hot-seat); at least one seat must be online, and the game is found on the
LAN unless the host says no. Start serves the game (``net.link.NetLink.host``) and opens the lobby.

The defaults make "New game, Start" two clicks: you against two Normal bots, Set 1. A seat the player did not
name is "You" when it is the only human, and has a real name otherwise (``quacks/names.py``): two humans at one
screen are never "You" (issue 19).

The setup the screen edits, and the match it makes, are ``newgame_model``'s (no drawing); the form's widgets,
where they lie and their drawing are ``newgame_form``'s. Here: the screen itself, its page and scrolling, the
names and seed typed, the keys, and Start.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ...ai.levels import LADDER
from ...i18n import _
from ...names import fresh_name
from ...rules.chips import Colour
from ...session.match import PLAYER_COLOURS, MatchSetup
from ...session.setup import REMOTE
from .. import theme as T
from ..app import App, Scene
from ..flows import ask_before_replacing, save_settings, start_match
from ..keys import Act, Binding
from ..netplay import computer_name
from ..screens import Screen, replace_scene
from ..widgets import Button, button_bindings, draw_tooltip
from .frame import PAD, frame
from .newgame_form import NewGameForm
from .newgame_model import SeatRow, SetupModel, measured_strength


class NewGameScene(NewGameForm, Scene):
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
        self.asking = ""  # why a name is being typed (the host's, in a hosted game), said in place of the key hints
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
        self.finish_typing()
        problem = self.model.start_problem()
        if problem:
            unnamed = self.model.unnamed_host()
            if unnamed is not None:  # the name is asked where it is typed, and said where the keys are
                self.model.seats[unnamed].name = ""
                self.model.seats[unnamed].custom = True
                self.layout()
                self.edit_name(unnamed)
                self.asking = problem
                return
            self.hover_text = problem
            return
        try:
            setup = self.model.build()
        except ValueError as e:
            self.hover_text = str(e)
            return
        if self.model.online:
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

        link = NetLink(tokens=tokens_path(), save_path=hosted_path())
        link.host(setup.game, setup.seats, bind="0.0.0.0", advertise_on=lan_address(), port=DEFAULT_PORT,
                  lan=self.model.lan, lan_name=computer_name(), turn_clock=self.model.turn_clock,
                  router=True)  # the player's own router is asked to let friends in (issue 33 §4)
        replace_scene(self.app, Screen.LOBBY, link, lan=self.model.lan)

    def finish_typing(self) -> None:
        if self.editing is not None:
            s = self.model.seats[self.editing]
            if not s.name.strip():  # a name typed away: the game names the seat again
                s.custom = False
                self.model.name_seats()
        if self.editing is not None or self.seed_editing:
            pygame.key.stop_text_input()
        self.asking = ""
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
        fr.draw(surf, te, _("Host a game") if self.model.online else _("New game"), self.asking or self.hint(),
                seed=5)
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
