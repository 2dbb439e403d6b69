"""Learn to play: the guided game from the start, or any one of its lessons replayed.

A lesson is a group of the guide's steps (``data/tutorial.yaml``, ``lessons``). Replaying one starts the guided
game at the moment that lesson begins in it (``tutorial.lessons``): the seeded game, played on to where the
lesson's first words come, with the board as it is then. A player who asks to see the shop again expects to
shop, with the guide beside them, not to read a page: the guide's words speak of what is on the table ("the
Flask button is ready"), so they belong at the table; and from there the game goes on, the later lessons
coming as they come. Reached from "Learn to play" on the title screen, and from the menu (Esc) of a guided
game, where a lesson takes that game's place.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ...i18n import _, pgettext
from ...tutorial.script import Lesson, ScriptError, lesson_words
from ...wording.data_text import step_text
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..menu import FocusRing
from ..widgets import Button

COLUMNS = 2


def lesson_title(lesson: Lesson) -> str:
    """The lesson's title in the player's language (``data/i18n``: ``tutorial.lesson.<id>``)."""
    return step_text(lesson_words(lesson)[0])


def lesson_about(lesson: Lesson) -> str:
    """Its line: what it teaches (``tutorial.lesson.<id>.about``)."""
    return step_text(lesson_words(lesson)[1])


class LessonsScene(Scene):
    def __init__(self, app: App, replace: Any = None) -> None:
        """``replace``: the guided game's table a choice here takes the place of (None: from the title)."""
        super().__init__(app)
        self.replace = replace
        self.message = ""
        from ...tutorial import script

        try:
            self.lessons: tuple[Lesson, ...] = script.load_script().lessons
        except ScriptError:
            self.lessons = ()
            self.message = _("The guided game cannot start: its script is damaged (details in the log).")
        self.focus = FocusRing()
        self.cards: list[tuple[Button, Lesson]] = []
        self.layout()

    # ------------------------------------------------------------------------------------------------
    def panel(self) -> pygame.Rect:
        c = canvas_rect()
        return pygame.Rect(80, 40, c.w - 160, c.h - 80)

    def layout(self) -> None:
        """The heading with the start button beside it, a line under them, then the lessons in two columns (each a
        card with its title and what it teaches), and Back at the bottom."""
        te = self.app.text
        panel = self.panel()
        k = max(1.0, te.scale) - 1
        with te.roomy():
            head_h = te.height("serif-bold", 56)
            intro_h = te.height("sans", 20, 2)
        start_h = int(70 + 20 * k)
        start_w = min(int(panel.w * 0.45), int(560 * (1 + 0.3 * k)))
        top = panel.y + 30
        self.head = pygame.Rect(panel.x + 60, top, panel.w - 120 - start_w - 30, max(head_h, start_h))
        self.start_b = Button(pygame.Rect(panel.right - 60 - start_w, top + (self.head.h - start_h) // 2, start_w,
                                          start_h), _("Play the guided game from the start"), partial(self.start, None),
                              size=24, tooltip=_("A whole game with the guide, who explains each idea as it comes up."))
        self.intro = pygame.Rect(panel.x + 60, self.head.bottom + 10, panel.w - 120, intro_h)
        back_h = int(70 + 16 * k)
        self.back_b = Button(pygame.Rect(panel.x + 30, panel.bottom - back_h - 24, int(240 * (1 + 0.3 * k)), back_h),
                             _("Back"), self.app.pop, style="dark", hotkey_label=pgettext("key", "Esc"), size=26)
        grid = pygame.Rect(panel.x + 60, self.intro.bottom + 16, panel.w - 120,
                           self.back_b.rect.y - 20 - (self.intro.bottom + 16))
        rows = max(1, -(-len(self.lessons) // COLUMNS))
        gap = 12
        w = (grid.w - gap * (COLUMNS - 1)) // COLUMNS
        h = min(int(110 * (1 + 0.6 * k)), (grid.h - gap * (rows - 1)) // rows)
        self.cards = []
        for i, lesson in enumerate(self.lessons):
            col, row = divmod(i, rows)
            r = pygame.Rect(grid.x + col * (w + gap), grid.y + row * (h + gap), w, h)
            self.cards.append((Button(r, "", partial(self.start, lesson.id), style="parchment",
                                      tooltip=lesson_about(lesson)), lesson))
        self.focus.set([self.start_b] + [b for b, _l in self.cards] + [self.back_b])
        if self.focus.index < 0:
            self.focus.index = 0

    def canvas_changed(self) -> None:
        self.layout()

    def language_changed(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    # ------------------------------------------------------------------------------------------------
    def start(self, lesson: str | None) -> None:
        from ..flows import start_tutorial

        replace = self.replace
        if replace is not None and replace in self.app.scenes:
            self.app.pop(self)  # the lessons leave; the new table takes the old one's place
            err = start_tutorial(self.app, lesson, replace=replace)
        else:
            err = start_tutorial(self.app, lesson)
        if err:
            self.message = err
            if self not in self.app.scenes:
                self.app.push(self)

    def buttons(self) -> list[Button]:
        return [self.start_b] + [b for b, _l in self.cards] + [self.back_b]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.focus.handle(event):
            return
        for b in self.buttons():
            if b.handle(event):
                return

    def busy(self) -> bool:
        return False

    # ------------------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        panel = self.panel()
        art.panel(surf, panel, seed=27)
        with te.roomy():
            te.blit_fit(surf, _("Learn to play"), self.head, "serif-bold", 56, T.INK, anchor="midleft", lines=1)
            te.blit_fit(surf, self.message or _("Play a whole game with the guide, or replay one lesson: the guided "
                                                "game starts again at the moment that lesson comes up."),
                        self.intro, "sans", 20, T.RUBY_LIGHT if self.message else T.INK_SOFT, anchor="midleft")
            self.start_b.draw(surf)
            for i, (b, lesson) in enumerate(self.cards):
                b.draw(surf)
                inside = b.rect.inflate(-28, -12)
                title_h = min(te.height("sans-semibold", 22), inside.h // 2)
                title = _("{n}. {title}").format(n=i + 1, title=lesson_title(lesson))
                te.blit_fit(surf, title, pygame.Rect(inside.x, inside.y, inside.w, title_h), "sans-semibold", 22,
                            T.INK, anchor="midleft", lines=1)
                about = pygame.Rect(inside.x, inside.y + title_h, inside.w, inside.h - title_h)
                te.blit_fit(surf, lesson_about(lesson), about, "sans", 18, T.INK_SOFT, anchor="midleft")
            self.back_b.draw(surf)
        self.focus.draw(surf)
