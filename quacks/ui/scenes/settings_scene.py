"""Settings: language, bot pace, explosion odds, motion, sound, UI scale, colour-blind help, fullscreen, brewing.

The language takes effect at once: the App rebuilds the words of every scene (``App.set_language``)."""

from __future__ import annotations

from typing import Any

import pygame

from ... import i18n
from ...i18n import N_, _, pgettext
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import Button, Choice, Slider, draw_tooltip

ON_OFF = ((False, N_("Off")), (True, N_("On")))


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[tuple[str, str, Any]] = []
        self.row = 0
        self.hover_text = ""

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        st = self.app.settings
        x, y, w = 760, 184, 860
        step = 72
        rows: list[tuple[str, str, Any]] = []

        def choice(title: str, tip: str, options: Any, value: Any, setter: Any, translate: bool = True) -> None:
            nonlocal y
            options = [(v, _(label) if translate and not label.endswith("%") else label) for v, label in options]
            rows.append((_(title), _(tip), Choice(pygame.Rect(x, y, w, 56), options, value, on_change=setter,
                                                  size=21)))
            y += step

        # each language's name in its own language (never translated)
        choice(N_("Language"), N_("The language of the game; it changes at once."),
               tuple((code, i18n.LANGUAGE_NAMES[code]) for code in i18n.LANGUAGES),
               i18n.language() if i18n.language() in i18n.LANGUAGES else "en", self.set_language, translate=False)
        choice(N_("Bot pace"), N_("How fast bots play their moves. Tab at the table skips to your turn."),
               (("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")), ("instant", N_("Instant"))),
               st.pace, lambda v: self.set("pace", v))
        choice(N_("Show explosion odds"),
               N_("Show, for every brewing seat, the chance that its next draw explodes the pot."),
               ON_OFF, st.show_risk, lambda v: self.set("show_risk", v))
        choice(N_("Reduced motion"), N_("Chips and markers jump to their place instead of flying."), ON_OFF,
               st.reduced_motion, lambda v: self.set("reduced_motion", v))
        rows.append((_("Sound volume"), _("Volume of the sound effects."),
                     Slider(pygame.Rect(x, y + 20, w - 240, 16), st.volume, on_change=lambda v: self.set("volume", v))))
        y += step
        choice(N_("Mute"), N_("Silence every sound."), ON_OFF, st.mute, lambda v: self.set("mute", v))
        choice(N_("UI scale"), N_("Larger text and controls."),
               tuple((n, f"{n}%") for n in (100, 125, 150, 175, 200)), st.ui_scale, lambda v: self.set("ui_scale", v))
        choice(N_("Colour-blind chips"), N_("Every chip shows a symbol for its colour; markers show a letter."), ON_OFF,
               st.colour_blind, lambda v: self.set("colour_blind", v))
        choice(N_("Fullscreen"), N_("Also with F11."), ON_OFF, st.fullscreen, lambda v: self.set("fullscreen", v))
        choice(N_("Brewing in new games"),
               N_("Stir together (everyone decides, then all is revealed) or one after another."),
               ((False, N_("Stir together")), (True, N_("One after another"))), st.sequential_brewing,
               lambda v: self.set("sequential_brewing", v))
        self.rows = rows
        self.back_b = Button(pygame.Rect(110, canvas_rect().h - 120, 240, 80), _("Back"), self.back, style="dark",
                             hotkey_label=pgettext("key", "Esc"), size=26)

    def set_language(self, code: str) -> None:
        """Remember the language and show it at once (every scene on the stack rebuilds its words)."""
        self.app.settings.language = code
        self.app.set_language(code)

    def set(self, key: str, value: Any) -> None:
        st = self.app.settings
        setattr(st, key, value)
        if key == "fullscreen":
            self.app.toggle_fullscreen()
        if key == "ui_scale":
            self.app.text.set_scale(value / 100)
        if key in ("colour_blind",):
            from .. import art as _art

            _art.chip.cache_clear()
        if self.app.sound is not None and key in ("volume", "mute"):
            self.app.sound.apply_settings(st)

    def back(self) -> None:
        from ..flows import save_settings

        save_settings(self.app)
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.row = (self.row + 1) % len(self.rows)
                return
            if event.key == pygame.K_UP:
                self.row = (self.row - 1) % len(self.rows)
                return
            w = self.rows[self.row][2]
            if event.key in (pygame.K_RIGHT, pygame.K_LEFT):
                d = 1 if event.key == pygame.K_RIGHT else -1
                if isinstance(w, Choice):
                    w.step(d)
                else:
                    w.set(w.value + 0.1 * d)
                return
        if event.type == pygame.MOUSEMOTION:
            self.hover_text = ""
            for _, tip, w in self.rows:
                if w.rect.inflate(0, 20).collidepoint(event.pos):
                    self.hover_text = tip
        for i, (_, _, w) in enumerate(self.rows):
            if w.handle(event):
                self.row = i
                return
        self.back_b.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        art.panel(surf, pygame.Rect(100, 60, canvas_rect().w - 200, canvas_rect().h - 200), seed=9)
        with te.roomy():
            te.blit_fit(surf, _("Settings"), pygame.Rect(160, 72, 1200, 90), "serif-bold", 56, T.INK,
                        anchor="midleft", lines=1)
            # every row's title has a row's height (the slider's too: it is thinner than its row), and they share
            # one size, the largest at which each fits on one line
            boxes = [pygame.Rect(180, w.rect.centery - 34, 760 - 20 - 180, 68) for _t, _tip, w in self.rows]
            size = min(te.fit_label(title, "sans-bold", 24, box, 14, 1)[0]
                       for (title, _tip, _w), box in zip(self.rows, boxes))
            for i, ((title, _tip, w), box) in enumerate(zip(self.rows, boxes)):
                y = w.rect.centery
                col = T.BRASS_DARK if i == self.row else T.INK
                te.blit_fit(surf, title, box, "sans-bold", size, col, anchor="midleft")
                if i == self.row:
                    pygame.draw.polygon(surf, T.BRASS_DARK, [(150, y - 10), (166, y), (150, y + 10)])
                w.draw(surf)
                if isinstance(w, Slider):
                    te.blit_fit(surf, f"{int(w.value * 100)}%", pygame.Rect(w.rect.right + 30, w.rect.y - 20, 200, 56),
                                "sans-semibold", 22, T.INK, anchor="midleft", lines=1)
            self.back_b.draw(surf)
            back = self.back_b.rect
            te.blit_fit(surf, _("Up/Down choose · Left/Right change · Esc back (saved)"),
                        pygame.Rect(back.right + 30, back.y, canvas_rect().w - 2 * (back.right + 30), back.h), "sans",
                        18, T.PARCHMENT_DARK)
        if self.hover_text:
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)
