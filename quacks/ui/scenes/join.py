"""Join a game played across computers (issue 22).

On the left, the games found on the LAN (``net.discovery.Browser``, browsing while the screen is open): who hosts,
free seats of seats, the books. Choosing one fills its address in and asks for the join key its host shows. When
nothing is found after a few seconds the screen says so, and that the room code always works (multicast may be
blocked). On the right, a field for the room code or the host's address (``host:port``) and the join key, and the
players at this computer: one, or two taking turns (hot-seat on a client), each with a name and a colour.

Join checks everything first (a mistyped code or key, a name that cannot be one: a sentence in the player's
language, never the reader's English), then opens the link and the lobby (``scenes/lobby.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from ...i18n import N_, _, verbatim
from ...names import name_problem
from ...session.setup import PLAYER_COLOURS
from .. import art
from .. import theme as T
from ..app import App, Scene, text_engine
from ..keys import Act, Binding
from ..keys import label as key_label
from ..netplay import JoiningLink, joining_link, remember_joined, typo_text
from ..screens import Screen, replace_scene
from ..widgets import Button, Choice, draw_row, draw_tooltip, offer
from .frame import Frame, frame

if TYPE_CHECKING:  # pragma: no cover
    from ...net.discovery import FoundGame

NOTHING_AFTER = 4.0  # seconds of browsing with nothing found before the screen says so
POLL = 0.5  # seconds between two looks at what the browser found
KEY_EXAMPLE = "7F2M-9XHD-C"  # what a join key looks like (``net.roomcode.join_key``)


class GameBrowser(Protocol):
    """What the join screen uses of ``net.discovery.Browser`` (a test or a layout case gives a fake)."""

    problem: str | None

    def start(self) -> bool: ...

    def found(self) -> list[FoundGame]: ...

    def stop(self) -> None: ...


def _browser() -> GameBrowser:
    from ...net.discovery import Browser

    return Browser()


def books_words(books: str) -> str:
    """A found game's books (the host's short English text, ``commands.books_text``) in the player's words."""
    m = re.fullmatch(r"all set (\d)", books.strip())
    if m:
        return _("Set {n}").format(n=m.group(1))
    return _("Books per colour")


@dataclass
class Field:
    """A line of text the player types into (click it, or Tab to it); ``allowed`` filters what is typed."""

    rect: pygame.Rect
    text: str = ""
    placeholder: str = ""
    max_len: int = 40
    allowed: Callable[[str], bool] = field(default_factory=lambda: str.isprintable)
    editing: bool = False

    def add(self, typed: str) -> None:
        self.text = (self.text + "".join(ch for ch in typed if self.allowed(ch)))[:self.max_len]

    def draw(self, surf: pygame.Surface) -> None:
        te = text_engine()
        r = self.rect
        pygame.draw.rect(surf, T.CREAM if self.editing else (246, 236, 212), r, border_radius=8)
        pygame.draw.rect(surf, T.BRASS_DARK if self.editing else T.PARCHMENT_EDGE, r, 3 if self.editing else 2,
                         border_radius=8)
        box = r.inflate(-24, -6)
        if self.text or self.editing:
            shown = verbatim(self.text) + ("|" if self.editing else "")
            te.blit_fit(surf, shown, box, "sans-semibold", 24, T.INK, lines=1, anchor="midleft")
        elif self.placeholder:
            hint = verbatim(self.placeholder) if self.placeholder == KEY_EXAMPLE else self.placeholder
            te.blit_fit(surf, hint, box, "sans", 20, T.INK_SOFT, lines=1, anchor="midleft")


def _name_char(ch: str) -> bool:
    return ch.isalnum() or ch in "-_ '."


def _code_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "-.:[] /")  # "/": a relay code (relay:port/join key)


class JoinScene(Scene):
    """The join screen; ``browse`` and ``make_link`` make the LAN browser and the link (tests give fakes)."""

    def __init__(self, app: App, browse: Callable[[], GameBrowser] | None = None,
                 make_link: Callable[[], JoiningLink] | None = None) -> None:
        super().__init__(app)
        self.browse = browse or _browser
        self.make_link = make_link or joining_link
        self.browser: GameBrowser | None = None
        self.found: list[FoundGame] = []
        self.browsing = 0.0  # seconds since the browser started
        self.players = 1
        self.target = Field(pygame.Rect(0, 0, 0, 0), max_len=60, allowed=_code_char)
        self.key = Field(pygame.Rect(0, 0, 0, 0), max_len=20, allowed=_code_char)
        self.names = [Field(pygame.Rect(0, 0, 0, 0), max_len=14, allowed=_name_char) for _n in range(2)]
        self.colours = list(PLAYER_COLOURS[:2])
        self.message = ""
        self.message_bad = False
        self.hover_text = ""
        self.game_rows: list[tuple[FoundGame, Button]] = []

    # ------------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.browser = self.browse()
        if not self.browser.start():
            self.browsing = NOTHING_AFTER  # nothing will be found: say so at once
        self.layout()

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    def fields(self) -> list[Field]:
        return [self.target, self.key, *self.names[:self.players]]

    @staticmethod
    def hint() -> str:
        return _("{join} join · {tab} next field · {paste} paste · {back} back").format(
            join=key_label(Act.CONFIRM), tab=key_label(Act.NEXT_FIELD), paste=key_label(Act.PASTE),
            back=key_label(Act.BACK))

    def layout(self) -> None:
        te = self.app.text
        self.hover_text = ""
        z = pygame.Rect(0, 0, 0, 0)
        self.back_b = Button(z, _("Back"), self.app.pop, style="dark", key=Act.BACK, size=26)
        self.join_b = Button(z.copy(), _("Join"), self.join, key=Act.CONFIRM, size=32)
        with te.roomy():
            ctl_h = max(54, te.height("sans-semibold", 21) + 16)
            lab_h = te.height("sans-bold", 20) + 4
            row_h = max(ctl_h + 8, te.height("sans-semibold", 22) + te.height("sans", 17) + 12)
        # the page as tall as the form with two players, or three games found (it does not grow as games come)
        form_h = 2 * (lab_h + ctl_h) + 12 + 18 + 3 * (ctl_h + 12)
        need = max(form_h, lab_h + 6 + 3 * (row_h + 10))
        self.frame: Frame = frame(te, [self.back_b], [self.join_b], self.hint(), width=1560, message=True, hug=need)
        body = self.frame.body
        self.ctl_h, self.lab_h = ctl_h, lab_h
        self.left = pygame.Rect(body.x, body.y, body.w * 9 // 20, body.h)
        self.right = pygame.Rect(self.left.right + 48, body.y, body.right - self.left.right - 48, body.h)
        # the games found: as many rows as fit under the heading
        self.game_rows = []
        y = self.left.y + lab_h + 6
        for g in self.found:
            if y + row_h > self.left.bottom:
                break
            b = Button(pygame.Rect(self.left.x, y, self.left.w, row_h), g.host_name, partial(self.choose, g),
                       style="parchment", size=22, tooltip=_("Join this game: then type the join key its host "
                                                             "shows."))
            self.game_rows.append((g, b))
            y += row_h + 10
        # the form on the right: the code or address, the key, the players
        r = self.right
        y = r.y
        self.target_label = pygame.Rect(r.x, y, r.w, lab_h)
        self.target.rect = pygame.Rect(r.x, y + lab_h, r.w, ctl_h)
        self.target.placeholder = _("e.g. {code} or {address}").format(code=verbatim("00H8-RB2C-DJ6A-R"),
                                                                      address="192.168.1.20")
        y += lab_h + ctl_h + 12
        self.key_label = pygame.Rect(r.x, y, r.w, lab_h)
        with te.roomy():
            key_w = min(r.w, max(r.w // 2, te.size("7F2M-9XHD-C|", "sans-semibold", 24)[0] + 60))
        self.key.rect = pygame.Rect(r.x, y + lab_h, key_w, ctl_h)
        self.key.placeholder = KEY_EXAMPLE
        y += lab_h + ctl_h + 18
        with te.roomy():
            count_w = 2 * (te.size("2", "sans-semibold", 21)[0] + 60) + Choice.GAP
        self.count_label = pygame.Rect(r.x, y, r.w - count_w - 16, ctl_h)
        self.count_c = Choice(pygame.Rect(r.right - count_w, y, count_w, ctl_h), [(1, "1"), (2, "2")], self.players,
                              on_change=self.set_players, size=21)
        y += ctl_h + 12
        with te.roomy():
            col_w = max(te.size(_(look.name), "sans-semibold", 22)[0] for look in T.PLAYER_LOOKS.values()) + 40
        mark_w = ctl_h
        self.player_rows: list[tuple[pygame.Rect, Field, Button]] = []
        for n in range(self.players):
            name = self.names[n]
            name.placeholder = _("Your name") if n == 0 else _("Second player's name")
            name.rect = pygame.Rect(r.x + mark_w + 12, y, r.w - mark_w - 12 - col_w - 12, ctl_h)
            col_b = Button(pygame.Rect(r.right - col_w, y, col_w, ctl_h), _(T.PLAYER_LOOKS[self.colours[n]].name),
                           partial(self.next_colour, n), style="dark", size=22,
                           tooltip=_("Your colour at the table (the host's seat colours come first if two are "
                                     "the same)."))
            self.player_rows.append((pygame.Rect(r.x, y, mark_w, ctl_h), name, col_b))
            y += ctl_h + 12

    def buttons(self) -> list[Button]:
        return [self.back_b, self.join_b, *(b for _g, b in self.game_rows), *self.count_c.buttons,
                *(b for _m, _f, b in self.player_rows)]

    # ------------------------------------------------------------------------------------------------
    # actions

    def say(self, text: str, bad: bool = True) -> None:
        self.message, self.message_bad = text, bad

    def edit(self, f: Field | None) -> None:
        was = any(x.editing for x in self.fields())
        for x in self.fields():
            x.editing = x is f
        if f is not None and not was:
            pygame.key.start_text_input()
        elif f is None and was:
            pygame.key.stop_text_input()

    def editing(self) -> Field | None:
        return next((x for x in self.fields() if x.editing), None)

    def choose(self, game: FoundGame) -> None:
        """A game found on the LAN: its address goes into the field, and the player types its join key."""
        self.target.text = f"{game.address}:{game.port}"
        self.key.text = ""
        self.edit(self.key)
        self.say(_("Now type the join key that {host}'s screen shows.").format(host=verbatim(game.host_name)),
                 bad=False)

    def set_players(self, n: int) -> None:
        if self.names[1].editing:
            self.edit(None)
        self.players = n
        if self.colours[1] == self.colours[0]:
            self.next_colour(1)
        self.layout()

    def next_colour(self, n: int) -> None:
        others = {c for k, c in enumerate(self.colours[:self.players]) if k != n}
        at = PLAYER_COLOURS.index(self.colours[n])
        for step in range(1, len(PLAYER_COLOURS) + 1):
            c = PLAYER_COLOURS[(at + step) % len(PLAYER_COLOURS)]
            if c not in others:
                self.colours[n] = c
                break
        self.layout()

    def target_of(self) -> tuple[str, int, str | None]:
        """(host, port, join secret in hex or None) of what was typed; ValueError with a sentence to show."""
        from ...net.commands import secret_hex
        from ...net.relaycode import looks_like_relay_code, read_relay_code
        from ...net.roomcode import looks_like_code, parse_address, read_code

        text = self.target.text.strip()
        if not text:
            raise ValueError(_("Type the room code, or the host's address such as 192.168.1.20."))
        try:
            if looks_like_relay_code(text):  # a room on a relay: relay.example.org:47480/7F2M-9XHD-C
                relayed = read_relay_code(text)
                return relayed.relay, relayed.port, relayed.secret.hex()
            if looks_like_code(text):
                code = read_code(text)
                return code.address, code.port, code.secret.hex()
            host, port = parse_address(text)
            key = self.key.text.strip()
            return host, port, secret_hex(key) if key else None
        except ValueError as e:
            raise ValueError(typo_text(e)) from None

    def players_of(self) -> list[tuple[str, str | None]]:
        """The players at this computer (name, colour); ValueError with a sentence if a name cannot be one."""
        out: list[tuple[str, str | None]] = []
        for n in range(self.players):
            name = self.names[n].text.strip()
            problem = name_problem(name, what=N_("your name") if n == 0 else N_("the second player's name"))
            if problem:
                raise ValueError(problem[:1].upper() + problem[1:] + ".")
            out.append((name, self.colours[n]))
        if len(out) == 2 and out[0][0].casefold() == out[1][0].casefold():
            raise ValueError(_("The two players at this computer need different names."))
        return out

    def join(self) -> None:
        self.edit(None)
        try:
            host, port, secret = self.target_of()
            players = self.players_of()
        except ValueError as e:
            self.say(str(e))
            return
        link = self.make_link()
        relayed = "/" in self.target.text  # a relay code (target_of read it): the relay finds the room by its secret
        link.join(host, port, secret, players, relay=relayed)
        remember_joined(self.app, host, port, secret, players, relay=relayed)
        replace_scene(self.app, Screen.LOBBY, link)

    def paste(self) -> None:
        f = self.editing()
        if f is None:
            return
        try:
            text = pygame.scrap.get_text()
        except (pygame.error, AttributeError):
            text = ""
        f.add(text.strip())

    # ------------------------------------------------------------------------------------------------
    # loop

    def update(self, dt: float) -> None:
        self.browsing += dt
        if self.browser is not None:
            found = self.browser.found()
            if found != self.found:
                self.found = found
                self.layout()

    def wake_in(self) -> float | None:
        return POLL if self.browser is not None else None

    def nothing_found(self) -> str:
        """What the left column says when it lists no game (or "" while it is still looking)."""
        if self.found:
            return ""
        if self.browser is not None and self.browser.problem:
            return _("This computer cannot search the local network. The room code always works: ask the host "
                     "for it.")
        if self.browsing < NOTHING_AFTER:
            return _("Looking for games on this network…")
        return _("No games found on this network (it may block the search). The room code always works: ask the "
                 "host for it.")

    def bindings(self) -> list[Binding]:
        """Ctrl+V pastes, Tab and Shift+Tab go from field to field, Backspace erases (while a field is typed in),
        Enter joins, Esc ends the typing or goes back."""
        f = self.editing()
        out = [Binding(Act.PASTE, self.paste, target="paste"),
               Binding(Act.NEXT_FIELD, lambda: self.next_field(1), target="field"),
               Binding(Act.PREV_FIELD, lambda: self.next_field(-1), target="field"),
               Binding(Act.CONFIRM, self.join, target="join"),
               Binding(Act.BACK, lambda: self.edit(None) if self.editing() is not None else self.app.pop(),
                       target="back")]
        if f is not None:
            out.append(Binding(Act.ERASE, self.erase, target="erase"))
        return out

    def next_field(self, d: int) -> None:
        order = self.fields()
        f = self.editing()
        at = order.index(f) if f is not None else -1
        self.edit(order[(at + d) % len(order)])

    def erase(self) -> None:
        f = self.editing()
        if f is not None:
            f.text = f.text[:-1]

    def handle(self, event: pygame.event.Event) -> bool:
        f = self.editing()
        if event.type == pygame.TEXTINPUT and f is not None:
            f.add(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self.press(event) or f is not None  # typing: letters are text, not keys
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((x for x in self.fields() if x.rect.collidepoint(event.pos)), None)
            if hit is not None or f is not None:
                self.edit(hit)
            if hit is not None:
                return True
        taken, self.hover_text = offer(self.buttons(), event, self.hover_text)
        return taken

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        fr = self.frame
        fr.draw(surf, te, _("Join a game"), self.hint(), seed=11)
        with te.roomy():
            self._draw_found(surf)
            self._draw_form(surf)
            fr.draw_message(surf, te, self.message, (150, 40, 30) if self.message_bad else T.INK_SOFT)
            self.back_b.draw(surf)
            self.join_b.draw(surf)
        if self.hover_text and self.app.scene is self:  # not under a dialog opened on top (issue 30)
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)

    def _draw_found(self, surf: pygame.Surface) -> None:
        te = self.app.text
        lft = self.left
        te.blit_fit(surf, _("Games on this network"), pygame.Rect(lft.x, lft.y, lft.w, self.lab_h), "sans-bold", 20,
                    T.INK_SOFT, anchor="midleft", lines=1)
        name_h = te.height("sans-semibold", 22)
        line_h = te.height("sans", 17)
        rows = []  # each game's two lines and their boxes: the names at one size, the seats and books at another
        chosen = self.target.text.strip()
        for g, b in self.game_rows:
            inner = b.rect.inflate(-28, -8)
            top = inner.y + max(0, (inner.h - name_h - line_h) // 2)
            seats = _("{free} of {seats} seats free").format(free=g.free_seats, seats=g.seats)
            rows.append((verbatim(g.host_name), pygame.Rect(inner.x, top, inner.w, name_h),
                         f"{seats} · {books_words(g.books)}", pygame.Rect(inner.x, top + name_h, inner.w, line_h)))
            b.label = ""  # the row draws its own two lines
            b.selected = chosen == f"{g.address}:{g.port}"
            b.draw(surf)
        if rows:
            size = min(te.fit_label(n, "sans-semibold", 22, box, lines=1)[0] for n, box, _l, _b in rows)
            small = min(te.fit_label(line, "sans", 17, box, lines=1)[0] for _n, _b, line, box in rows)
            for name, name_box, line, line_box in rows:
                te.blit_fit(surf, name, name_box, "sans-semibold", size, T.INK, lines=1, anchor="midleft")
                te.blit_fit(surf, line, line_box, "sans", small, T.INK_SOFT, lines=1, anchor="midleft")
        text = self.nothing_found()
        if text:
            y = self.left.y + self.lab_h + 6
            box = pygame.Rect(lft.x, y, lft.w, lft.bottom - y)
            size, _lines = te.fit_block(text, "sans-semibold", 21, box)
            te.blit_wrapped(surf, text, box, "sans-semibold", size, T.INK_SOFT)

    def _draw_form(self, surf: pygame.Surface) -> None:
        te = self.app.text
        te.blit_fit(surf, _("Room code, or the host's address"), self.target_label, "sans-bold", 20, T.INK_SOFT,
                    anchor="midleft", lines=1)
        self.target.draw(surf)
        te.blit_fit(surf, _("Join key (with an address)"), self.key_label, "sans-bold", 20, T.INK_SOFT,
                    anchor="midleft", lines=1)
        self.key.draw(surf)
        te.blit_fit(surf, _("Players at this computer"), self.count_label, "sans-bold", 20, T.INK_SOFT,
                    anchor="midleft", lines=1)
        self.count_c.draw(surf)
        for n, (mark, name, _col_b) in enumerate(self.player_rows):
            letter = (name.text.strip()[:1] or str(n + 1)).upper()
            mk = art.marker(self.colours[n], letter, mark.h - 6)
            surf.blit(mk, mk.get_rect(center=mark.center))
            name.draw(surf)
        draw_row(surf, [b for _m, _f, b in self.player_rows])
