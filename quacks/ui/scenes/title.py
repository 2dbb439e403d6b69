"""The title screen: New game, Continue, Load, Rules, Statistics, Settings, Quit."""

from __future__ import annotations

import math

import pygame

from ...i18n import _
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..menu import FocusRing
from ..widgets import Button, draw_tooltip


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
        self.focus = FocusRing()
        self.message = ""
        self.hover_text = ""

    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def build(self) -> None:
        from ..flows import has_autosave

        cx = canvas_rect().w // 2 + 420
        items: list[tuple[str, object, bool, str]] = [
            (_("New game"), self.new_game, True, _("Set up seats, books and rules, then play.")),
            (_("Learn to play"), self.learn, True, _("A first game with a guide who explains each idea as it comes "
                                                    "up.")),
        ]
        can_continue, why = has_autosave()
        items.insert(0, (_("Continue"), self.continue_game, can_continue,
                         why or _("Resume the game in progress exactly where it was.")))
        items += [
            (_("Load"), self.load, True, _("Named saves and replays.")),
            (_("Rules"), self.rules, True, _("How a round goes, and every book and card.")),
            (_("Statistics"), self.stats, True, _("Your games, wins and best pots.")),
            (_("Settings"), self.settings, True, _("Pace, sound, scale, colour-blind help, fullscreen.")),
            (_("Quit"), self.app.quit, True, _("Close the game (your game in progress is saved).")),
        ]
        # the column of buttons starts under the title (taller at larger UI scales) and ends above the footer
        y = self.header_bottom() + 24
        step = min(80, (canvas_rect().h - 100 - y) // len(items))
        w = int(380 * (1 + 0.3 * (self.app.text.scale - 1)))
        self.buttons = []
        for label, fn, enabled, tip in items:
            b = Button(pygame.Rect(cx - w // 2, y, w, step - 12), label, on_click=fn, enabled=enabled,  # type: ignore[arg-type]
                       reason=tip if not enabled else "", tooltip=tip, size=28)
            self.buttons.append(b)
            y += step
        # About and licences: a small button in the corner (the column of main buttons is full)
        self.buttons.append(Button(pygame.Rect(24, canvas_rect().h - 84, 300, 60), _("About & licences"),
                                   on_click=self.about, style="parchment",
                                   tooltip=_("Who made what, and the licences of everything the game ships."), size=22))
        self.focus.set(self.buttons)
        if self.focus.index < 0:
            self.focus.move(1)

    def header(self) -> list[tuple[str, str, int, tuple[int, int, int]]]:
        """The title's lines: (text, face, size, colour)."""
        return [("Quacks", "serif-bold", 150, T.BRASS_LIGHT), (_("of Quedlinburg"), "serif-italic", 46, T.PARCHMENT),
                (_("a bag-building game by Wolfgang Warsch"), "sans", 20, T.PARCHMENT_DARK)]

    def header_bottom(self) -> int:
        te = self.app.text
        with te.roomy():
            return 30 + sum(te.height(face, size, 1, text) for text, face, size, _c in self.header())

    # actions -----------------------------------------------------------------------------------------
    def new_game(self) -> None:
        from .newgame import NewGameScene

        self.app.push(NewGameScene(self.app))

    def learn(self) -> None:
        from ..flows import start_tutorial

        err = start_tutorial(self.app)
        if err:
            self.message = err

    def continue_game(self) -> None:
        from ..flows import continue_autosave

        err = continue_autosave(self.app)
        if err:
            self.message = err

    def load(self) -> None:
        from .load import LoadScene

        self.app.push(LoadScene(self.app))

    def rules(self) -> None:
        from .rules_scene import RulesScene

        self.app.push(RulesScene(self.app))

    def stats(self) -> None:
        from .stats_scene import StatsScene

        self.app.push(StatsScene(self.app))

    def settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def about(self) -> None:
        from .credits import CreditsScene

        self.app.push(CreditsScene(self.app))

    # loop --------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.focus.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
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
        # a cauldron with bubbles on the left: the board's own printed numbers (coins), as on the table
        spaces = _printed_pot()
        cx, cy = 560, 560
        if spaces:
            pot = art.cauldron(300, spaces, False)
            surf.blit(pot, pot.get_rect(center=(cx, cy)))
        rm = self.app.settings.reduced_motion
        for k in range(14):
            phase = (self.t * (0.35 + 0.05 * (k % 4)) + k * 0.37) % 1.0 if not rm else (k * 0.37) % 1.0
            ang = k * 2.4
            rad = 60 + (k * 37) % 200
            x = cx + rad * math.cos(ang)
            y = cy + rad * math.sin(ang) - phase * 40
            r = 6 + (k % 5) * 3
            alpha = int(200 * (1 - phase))
            ring = pygame.Surface((r * 2 + 4, r * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (200, 240, 190, alpha), (r + 2, r + 2), r, 2)
            surf.blit(ring, (x - r, y - r))
        for i, (col, val) in enumerate((("orange", 1), ("blue", 2), ("red", 4), ("yellow", 2), ("green", 1),
                                        ("purple", 1), ("white", 3), ("black", 1))):
            a = i / 8 * 2 * math.pi + (0 if rm else self.t * 0.15)
            ch = art.chip(col, val, 30, self.app.settings.colour_blind)
            surf.blit(ch, ch.get_rect(center=(cx + 380 * math.cos(a), cy + 380 * math.sin(a))))
        # title
        with te.roomy():
            title_x = canvas_rect().w // 2 + 420
            y = 30
            column = pygame.Rect(title_x - 480, 0, 960, canvas_rect().h)
            for k, (text, face, size, colour) in enumerate(self.header()):
                h = te.height(face, size, 1, text)
                box = pygame.Rect(column.x, y, column.w, h)
                if k == 0:
                    te.blit(surf, text, (title_x + 4, y + 4), face, size, T.SHADOW, "midtop")
                te.blit_fit(surf, text, box, face, size, colour, lines=1)
                y += h
            for b in self.buttons:
                b.draw(surf)
            self.focus.draw(surf)
            foot = _("F11 fullscreen  ·  arrows and Enter to choose")
            about = self.buttons[-1].rect
            cw, ch = canvas_rect().size
            foot_box = pygame.Rect(about.right + 40, ch - 20 - te.height("sans", 16, 2), cw - 24 - about.right - 40,
                                   te.height("sans", 16, 2))
            te.blit_fit(surf, foot, foot_box, "sans", 16, T.PARCHMENT_DARK, anchor="midright")
            if self.message:
                last = self.buttons[-2].rect
                te.blit_fit(surf, self.message, pygame.Rect(column.x, last.bottom + 6, column.w,
                                                            foot_box.y - 4 - last.bottom - 6),
                            "sans-semibold", 20, T.RUBY_LIGHT)
        if self.hover_text:
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)
