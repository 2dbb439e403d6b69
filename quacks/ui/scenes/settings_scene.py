"""Settings in three groups under their headings: the game (language, bot pace, brewing, explosion odds), the table
and the window (UI scale, fullscreen, colour-blind chips, reduced motion), the sound (volume, mute); under them
what the row in focus does.

The language takes effect at once: the App rebuilds the words of every scene (``App.set_language``)."""

from __future__ import annotations

from typing import Any

import pygame

from ... import i18n
from ...i18n import N_, _
from .. import art
from .. import theme as T
from ..app import App, Scene
from ..flows import save_settings
from ..keys import Act, Binding
from ..keys import label as key_label
from ..widgets import Button, Choice, Slider, button_bindings, draw_tooltip
from .frame import PAD, frame

ON_OFF = ((False, N_("Off")), (True, N_("On")))
GROUP = ("serif-bold", 26)  # a group's heading ("title" in docs/look.md)
ABOUT = ("sans", 17)  # what the row in focus does, under the rows ("body")


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[tuple[str, str, Any]] = []
        self.row = 0
        self.hover_text = ""

    def enter(self) -> None:
        self.layout()

    def layout(self) -> None:
        """The rows in a page as tall as they are (centred with the Back button), under their groups' headings, each
        title in a column as wide as the longest (at most 42% of the page), the controls beside them, and what the
        row in focus does under them. A window too short for all of it keeps the rows (closer together) and leaves
        out the headings and the line under them (hovering still explains a row)."""
        te = self.app.text
        st = self.app.settings
        self.hover_text = ""  # the widgets move: what the mouse is over is found again as it moves
        specs: list[tuple[str, str, Any, Any, Any]] = []  # (title, tip, options or None for the slider, value, setter)

        def choice(title: str, tip: str, options: Any, value: Any, setter: Any, translate: bool = True) -> None:
            options = [(v, _(label) if translate and not label.endswith("%") else label) for v, label in options]
            specs.append((_(title), _(tip).format(skip=key_label(Act.SKIP)), options, value, setter))

        def group(title: str) -> None:
            starts[len(specs)] = _(title)

        starts: dict[int, str] = {}  # the row each group begins at: its heading

        # in groups, as a player looks for them: the game, the table and the window, the sound
        group(N_("Game"))
        # each language's name in its own language (never translated)
        choice(N_("Language"), N_("The language of the game; it changes at once."),
               tuple((code, i18n.LANGUAGE_NAMES[code]) for code in i18n.LANGUAGES),
               i18n.language() if i18n.language() in i18n.LANGUAGES else "en", self.set_language, translate=False)
        choice(N_("Bot pace"), N_("How fast bots play their moves. {skip} at the table skips to your turn."),
               (("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")), ("instant", N_("Instant"))),
               st.pace, lambda v: self.set("pace", v))
        choice(N_("Brewing in new games"),
               N_("Stir together (everyone decides, then all is revealed) or one after another."),
               ((False, N_("Stir together")), (True, N_("One after another"))), st.sequential_brewing,
               lambda v: self.set("sequential_brewing", v))
        choice(N_("Show explosion odds"),
               N_("Show, for every brewing seat, the chance that its next draw explodes the pot."),
               ON_OFF, st.show_risk, lambda v: self.set("show_risk", v))
        group(N_("Table and window"))
        choice(N_("UI scale"), N_("Larger text and controls."),
               tuple((n, f"{n}%") for n in (100, 125, 150, 175, 200)), st.ui_scale, lambda v: self.set("ui_scale", v))
        choice(N_("Fullscreen"), N_("Also with F11."), ON_OFF, st.fullscreen, lambda v: self.set("fullscreen", v))
        choice(N_("Colour-blind chips"), N_("Every chip shows a symbol for its colour; markers show a letter."), ON_OFF,
               st.colour_blind, lambda v: self.set("colour_blind", v))
        choice(N_("Reduced motion"), N_("Chips and markers jump to their place instead of flying."), ON_OFF,
               st.reduced_motion, lambda v: self.set("reduced_motion", v))
        group(N_("Sound"))
        specs.append((_("Sound volume"), _("Volume of the sound effects."), None, st.volume,
                      lambda v: self.set("volume", v)))
        choice(N_("Mute"), N_("Silence every sound."), ON_OFF, st.mute, lambda v: self.set("mute", v))
        self.back_b = Button(pygame.Rect(0, 0, 0, 0), _("Back"), self.back, style="dark", key=Act.BACK, size=26)
        with te.roomy():
            ctrl_h = max(56, te.height("sans-semibold", 21) + 16)
            title_w = max(te.size(title, "sans-bold", 24)[0] for title, *_rest in specs)
            # the controls as wide as their labels want (no 900-pixel "On" in a large window)
            ctrl_w = max(sum(te.size(label, "sans-semibold", 21)[0] + 48 for _v, label in options) +
                         Choice.GAP * (len(options) - 1) for _t, _tip, options, _v, _s in specs if options)
            head_h = te.linesize(*GROUP) + 12
            about_h = te.linesize(*ABOUT) * 2 + 12
        step = ctrl_h + 16
        width = 2 * PAD + 20 + title_w + 48 + max(760, ctrl_w)
        extra = len(starts) * head_h + about_h
        self.frame = frame(te, [self.back_b], hint=self.hint(), width=width, hug=len(specs) * step + extra)
        body = self.frame.body
        if (body.h - extra) // len(specs) < min(step, 40 + 8):  # a short window at a large scale: rows come first
            head_h = about_h = extra = 0
        step = min(step, (body.h - extra) // len(specs))  # ... and close up
        ctrl_h = min(ctrl_h, step - 8)
        self.title_w = min(title_w + 24, int(body.w * 0.42))
        x = body.x + self.title_w + 24
        w = body.right - x
        rows: list[tuple[str, str, Any]] = []
        self.boxes: list[pygame.Rect] = []  # each row's title
        self.heads: list[tuple[str, pygame.Rect]] = []  # each group's heading
        top = body.y
        for k, (title, tip, options, value, setter) in enumerate(specs):
            if k in starts and head_h:
                self.heads.append((starts[k], pygame.Rect(body.x, top, body.w, head_h)))
                top += head_h
            y = top + (step - ctrl_h) // 2
            if options is None:
                with te.roomy():
                    pct_w = te.size("100%", "sans-semibold", 22)[0] + 40
                widget: Any = Slider(pygame.Rect(x + 10, y + ctrl_h // 2 - 8, w - 10 - pct_w - 20, 16), value,
                                     on_change=setter)
            else:
                widget = Choice(pygame.Rect(x, y, w, ctrl_h), options, value, on_change=setter, size=21,
                                by_label=True)
            rows.append((title, tip, widget))
            self.boxes.append(pygame.Rect(body.x + 20, top + 2, self.title_w - 20, step - 4))
            top += step
        self.rows = rows
        # what the row in focus does, under the rows (the keyboard's answer to hovering)
        self.about = pygame.Rect(body.x + 20, top + 12, body.w - 20, about_h - 12) if about_h else None

    @staticmethod
    def hint() -> str:
        return _("{up}/{down} choose · {left}/{right} change · {back} back (saved)").format(
            up=key_label(Act.UP), down=key_label(Act.DOWN), left=key_label(Act.LEFT), right=key_label(Act.RIGHT),
            back=key_label(Act.BACK))

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
            self.canvas_changed()  # every row grows or shrinks with its words (the screens below, as they resume)
        if key in ("colour_blind",):
            art.chip.cache_clear()
        if self.app.sound is not None and key in ("volume", "mute"):
            self.app.sound.apply_settings(st)

    def back(self) -> None:
        save_settings(self.app)
        self.app.pop()

    def bindings(self) -> list[Binding]:
        """Esc back; Up/Down a row; Left/Right change its value (no Tab: opened over the table, Tab skips ahead)."""
        return button_bindings([self.back_b]) + [
            Binding(Act.DOWN, lambda: self.move(1), target="row"), Binding(Act.UP, lambda: self.move(-1), target="row"),
            Binding(Act.RIGHT, lambda: self.change(1), target="value"),
            Binding(Act.LEFT, lambda: self.change(-1), target="value")]

    def move(self, d: int) -> None:
        self.row = (self.row + d) % len(self.rows)

    def change(self, d: int) -> None:
        w = self.rows[self.row][2]
        if isinstance(w, Choice):
            w.step(d)
        else:
            w.set(w.value + 0.1 * d)

    def handle(self, event: pygame.event.Event) -> None:
        if self.press(event):
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
        self.frame.draw(surf, te, _("Settings"), self.hint(), seed=9)
        with te.roomy():
            # the rows' titles share one size, the largest at which each fits its box (on two lines if need be)
            size = min(te.fit_label(title, "sans-bold", 24, box, 14, 2)[0] for (title, _tip, _w), box in
                       zip(self.rows, self.boxes))
            for i, ((title, _tip, w), box) in enumerate(zip(self.rows, self.boxes)):
                y = box.centery
                col = T.BRASS_DARK if i == self.row else T.INK
                te.blit_fit(surf, title, box, "sans-bold", size, col, anchor="midleft")
                if i == self.row:
                    arrow = [(box.x - 26, y - 10), (box.x - 10, y), (box.x - 26, y + 10)]
                    pygame.draw.polygon(surf, T.BRASS_DARK, arrow)
                w.draw(surf)
                if isinstance(w, Slider):
                    pct = pygame.Rect(w.rect.right + 20, box.y, self.frame.body.right - w.rect.right - 20, box.h)
                    te.blit_fit(surf, f"{int(w.value * 100)}%", pct, "sans-semibold", 22, T.INK, anchor="midleft",
                                lines=1)
            for heading, hr in self.heads:
                drawn = te.blit_fit(surf, heading, hr, *GROUP, T.INK, anchor="midleft", lines=1)
                y = drawn.centery + 2
                pygame.draw.line(surf, T.PARCHMENT_EDGE, (drawn.right + 16, y), (hr.right, y), 2)
            if self.about is not None:
                te.blit_fit(surf, self.rows[self.row][1], self.about, *ABOUT, T.INK_SOFT, min_size=14,
                            anchor="midleft")
            self.back_b.draw(surf)
        if self.hover_text and self.app.scene is self:  # not under a dialog opened on top (issue 30)
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)
