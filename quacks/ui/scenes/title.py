"""The title screen: Continue, New game, Play online (issue 22), Learn to play, Load, Rules, Statistics, Settings,
Quit."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...i18n import _
from .. import art, cauldron_art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..flows import continue_autosave, game_summary, has_autosave, settle_finished, unfinished_game
from ..keys import Act, Binding
from ..keys import label as key_label
from ..menu import FocusRing
from ..screens import Screen, open_scene
from ..widgets import Button, button_bindings, draw_tooltip


def _printed_pot() -> tuple[tuple[int, int, bool], ...]:
    """The pot's spaces as printed (coins, VP, ruby) from the game's data; none if the data cannot be read
    (the title stays usable; starting a game says what is wrong)."""
    from ...content.loader import DataLoadError, default_catalogue

    try:
        return tuple((sp.coins, sp.vp, sp.ruby) for sp in default_catalogue().pot.spaces)
    except DataLoadError:
        return ()


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.t = 0.0
        self.buttons: list[Button] = []
        self.focus = FocusRing(tabs=True)
        self.message = ""
        self.hover_text = ""

    @property
    def message(self) -> str:
        """What went wrong (a game that cannot be continued or started), under the buttons."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = text
        if getattr(self, "buttons", None):
            self.build()  # the column makes room for it

    def enter(self) -> None:
        settle_finished(self.app)  # a finished game not yet recorded (the disk was full): recorded now
        self.build()

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        items: list[tuple[str, Callable[[], None], bool, str]] = [
            (_("New game"), self.new_game, True, _("Set up seats, books and rules, then play.")),
            (_("Play online"), self.play_online, True, _("Host a game for friends on other computers, or join "
                                                         "theirs.")),
            (_("Learn to play"), self.learn, True, _("A first game with a guide who explains each idea as it comes "
                                                    "up, or any one of its lessons again.")),
        ]
        if getattr(self.app.settings, "joined_game", None) is not None:  # a game joined, not seen to end (a crash)
            items.insert(0, (_("Rejoin the online game"), self.rejoin, True,
                             _("Back to your seat in the game on another computer that you left or lost.")))
        can_continue, why = has_autosave()
        waiting = unfinished_game() if can_continue else None
        items.insert(0, (_("Continue"), self.continue_game, can_continue, why or (
            _("Resume the game last played exactly where it was: {game}.").format(game=game_summary(waiting))
            if waiting is not None else _("Resume the game in progress exactly where it was."))))
        items += [
            (_("Load"), self.load, True, _("Named saves and replays.")),
            (_("Rules"), self.rules, True, _("How a round goes, and every book and card.")),
            (_("Statistics"), self.stats, True, _("Your games, wins and best pots.")),
            (_("Settings"), self.settings, True, _("Pace, sound, scale, colour-blind help, fullscreen.")),
            (_("Quit"), self.app.quit, True, _("Close the game (your game in progress is saved).")),
        ]
        self.lay_out(items)

    def lay_out(self, items: list[tuple[str, Callable[[], None], bool, str]]) -> None:
        """The column of the title and the buttons on the right, centred in the height above the footer (the
        title smaller where the buttons need its room); the pot in the room on the left, as large as it fits.
        About in the bottom-left corner, the key hints in the bottom-right one."""
        te = self.app.text
        c = canvas_rect()
        self.hover_text = ""  # the buttons move: what the mouse is over is found again as it moves
        with te.roomy():
            about_h = max(60, te.height("sans-semibold", 22) + 20)
            about_w = max(300, te.size(_("About & licences"), "sans-semibold", 22)[0] + 40)
            least_step = te.height("sans-semibold", 28) + 18
            msg_h = te.height("sans-semibold", 20, 2) + 6 if self.message else 0
        about = Button(pygame.Rect(24, c.bottom - 24 - about_h, about_w, about_h), _("About & licences"),
                       on_click=self.about, style="parchment",
                       tooltip=_("Who made what, and the licences of everything the game ships."), size=22)
        top, bottom = 24, about.rect.y - 16  # the room of the column
        room = bottom - top - msg_h
        # the title at full size if the buttons keep steps of at least least_step under it, else smaller
        self.head_k = 1.0
        while self.head_k > 0.6 and self.header_height() + 24 + least_step * len(items) > room:
            self.head_k -= 0.05
        step = max(least_step * 0.8, min(90.0, (room - self.header_height() - 24) / len(items)))
        block = self.header_height() + 24 + int(step * len(items)) + msg_h
        self.top = top + max(0, (bottom - top - block) // 2)
        w = int(380 * (1 + 0.3 * (te.scale - 1)))
        with te.roomy():
            w = max(w, max(te.size(label, "sans-semibold", 28)[0] + 60 for label, *_rest in items))
        w = min(w, c.w // 2 - 60)
        # the column (the title's lines fit its width); a wide window keeps it nearer the middle
        self.column = pygame.Rect(0, 0, max(w, min(960, c.w * 9 // 20)), c.h)
        self.column.right = c.right - max(40, (c.w - 1920) // 4 + 60)
        cx = self.column.centerx
        y = float(self.top + self.header_height() + 24)
        self.buttons = []
        keyed = {self.rules: Act.RULES, self.settings: Act.SETTINGS, self.app.quit: Act.BACK}
        for label, fn, enabled, tip in items:
            b = Button(pygame.Rect(cx - w // 2, int(y), w, int(step) - 12), label, on_click=fn, enabled=enabled,
                       reason=tip if not enabled else "", tooltip=tip, size=28, key=keyed.get(fn))
            self.buttons.append(b)
            y += step
        # About and licences: a small button in the corner (the column of main buttons is full)
        self.buttons.append(about)
        # the pot: as large as the room left of the column allows (within 0.55 and 1.15 of its size at 1920x1080)
        left = pygame.Rect(0, 0, self.column.x - 20, about.rect.y - 8)
        self.pot_k = max(0.55, min(1.15, min(left.w, left.h) / (2 * 420)))
        self.pot_centre = left.center
        self.focus.set(self.buttons)
        if self.focus.index < 0:
            self.focus.move(1)

    def header(self) -> list[tuple[str, str, int, tuple[int, int, int]]]:
        """The title's lines: (text, face, size, colour), smaller where the buttons need the room (``head_k``)."""
        k = getattr(self, "head_k", 1.0)
        return [("Quacks", "serif-bold", int(150 * k), T.BRASS_LIGHT),
                (_("of Quedlinburg"), "serif-italic", int(46 * k), T.PARCHMENT),
                (_("a bag-building game by Wolfgang Warsch"), "sans", max(16, int(20 * k)), T.PARCHMENT_DARK)]

    def header_height(self) -> int:
        te = self.app.text
        with te.roomy():
            return sum(te.height(face, size, 1, text) for text, face, size, _c in self.header())

    # actions -----------------------------------------------------------------------------------------
    def new_game(self) -> None:
        open_scene(self.app, Screen.NEW_GAME)

    def play_online(self) -> None:
        open_scene(self.app, Screen.ONLINE_CHOICE)

    def rejoin(self) -> None:
        """The game this computer joined, joined again (issue 33 §3): its seat tokens bring its players back to
        their seats; its lobby turns into the table as soon as the host's game answers."""
        from ..netplay import joined_game, joined_through_relay, joining_link  # (loaded when it is wanted)

        found = joined_game(self.app)
        if found is None:
            self.message = _("That game cannot be found again: join it with its room code.")
            return
        host, port, secret, players = found
        link = joining_link()
        link.join(host, port, secret, players, relay=joined_through_relay(self.app))
        open_scene(self.app, Screen.LOBBY, link)

    def learn(self) -> None:
        open_scene(self.app, Screen.LESSONS)

    def continue_game(self) -> None:
        err = continue_autosave(self.app)
        if err:
            self.message = err

    def load(self) -> None:
        open_scene(self.app, Screen.LOAD)

    def rules(self) -> None:
        open_scene(self.app, Screen.RULES)

    def stats(self) -> None:
        open_scene(self.app, Screen.STATS)

    def settings(self) -> None:
        open_scene(self.app, Screen.SETTINGS)

    def about(self) -> None:
        open_scene(self.app, Screen.CREDITS)

    # loop --------------------------------------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        """Up/Down and Tab move the mark, Enter presses it; F1 the rules and O the settings (their keys everywhere);
        Esc quits (a game in progress is kept: Continue goes on with it)."""
        return self.focus.bindings() + button_bindings(self.buttons)

    def handle(self, event: pygame.event.Event) -> None:
        self.focus.hover(event)
        if self.press(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_text = ""
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    self.hover_text = b.help_text()
        for b in self.buttons:
            if b.handle(event):
                break

    def update(self, dt: float) -> None:
        self.t += dt

    def busy(self) -> bool:
        return False  # the title waits for input without drawing frames (idle CPU stays near zero)

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        # a cauldron with bubbles on the left, as large as its room allows (pot_k): the board's own printed
        # numbers (coins), as on the table
        k = self.pot_k
        spaces = _printed_pot()
        cx, cy = self.pot_centre
        if spaces:
            pot = cauldron_art.cauldron(int(300 * k), spaces, False)
            surf.blit(pot, pot.get_rect(center=(cx, cy)))
        rm = self.app.settings.reduced_motion
        for n in range(14):
            phase = (self.t * (0.35 + 0.05 * (n % 4)) + n * 0.37) % 1.0 if not rm else (n * 0.37) % 1.0
            ang = n * 2.4
            rad = (60 + (n * 37) % 200) * k
            x = cx + rad * math.cos(ang)
            y = cy + rad * math.sin(ang) - phase * 40 * k
            r = int((6 + (n % 5) * 3) * k)
            alpha = int(200 * (1 - phase))
            ring = pygame.Surface((r * 2 + 4, r * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (200, 240, 190, alpha), (r + 2, r + 2), r, 2)
            surf.blit(ring, (x - r, y - r))
        for i, (col, val) in enumerate((("orange", 1), ("blue", 2), ("red", 4), ("yellow", 2), ("green", 1),
                                        ("purple", 1), ("white", 3), ("black", 1))):
            a = i / 8 * 2 * math.pi + (0 if rm else self.t * 0.15)
            ch = art.chip(col, val, int(30 * k), self.app.settings.colour_blind)
            surf.blit(ch, ch.get_rect(center=(cx + 380 * k * math.cos(a), cy + 380 * k * math.sin(a))))
        # title
        with te.roomy():
            column = self.column
            title_x = column.centerx
            y = self.top
            for n, (text, face, size, colour) in enumerate(self.header()):
                h = te.height(face, size, 1, text)
                box = pygame.Rect(column.x, y, column.w, h)
                if n == 0:
                    te.blit(surf, text, (title_x + 4, y + 4), face, size, T.SHADOW, "midtop")
                te.blit_fit(surf, text, box, face, size, colour, lines=1)
                y += h
            for b in self.buttons:
                b.draw(surf)
            self.focus.draw(surf)
            foot = _("{fullscreen} fullscreen  ·  arrows and {enter} to choose").format(
                fullscreen=key_label(Act.FULLSCREEN), enter=key_label(Act.CONFIRM))
            about = self.buttons[-1].rect
            canvas_w, _canvas_h = canvas_rect().size
            foot_h = te.height("sans", 16, 2)
            foot_box = pygame.Rect(about.right + 40, about.centery - foot_h // 2, canvas_w - 24 - about.right - 40,
                                   foot_h)
            # the column can reach down to the foot in a short window with a long column (a game to rejoin at
            # 200%): the hint gives way there (the keys are on the buttons)
            if not any(foot_box.colliderect(b.rect) for b in self.buttons[:-1]):
                te.blit_fit(surf, foot, foot_box, "sans", 16, T.PARCHMENT_DARK, anchor="midright")
            if self.message:
                last = self.buttons[-2].rect
                te.blit_fit(surf, self.message, pygame.Rect(column.x, last.bottom + 6, column.w,
                                                            about.y - 16 - last.bottom - 6),
                            "sans-semibold", 20, T.RUBY_LIGHT)
        if self.hover_text and self.app.scene is self:  # never under (or over) a dialog opened on top (issue 30)
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)
