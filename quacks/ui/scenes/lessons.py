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

from ...i18n import _
from ...tutorial import script
from ...tutorial.script import Lesson, ScriptError, lesson_words
from ...wording.data_text import step_text
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..flows import ask_before_replacing, start_tutorial
from ..keys import Act, Binding
from ..menu import FocusRing
from ..widgets import Button, button_bindings

COLUMNS = (2, 3)  # the lessons' cards in two columns, or three when that gives their words more room


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
                             _("Back"), self.app.pop, style="dark", key=Act.BACK, size=26)
        grid = pygame.Rect(panel.x + 60, self.intro.bottom + 16, panel.w - 120,
                           self.back_b.rect.y - 20 - (self.intro.bottom + 16))
        best: tuple[tuple[bool, int], int, int, list[tuple[Button, Lesson]]] | None = None
        for columns in COLUMNS:  # the arrangement in which the cards' words fit, and come out largest
            cards = self._cards(grid, columns, k)
            title, about, fits = self.sizes(cards)
            rank = (fits, min(title, about))
            if best is None or rank > best[0]:
                best = (rank, title, about, cards)
        assert best is not None
        _rank, self.title_size, self.about_size, self.cards = best
        self.focus.set([self.start_b] + [b for b, _l in self.cards] + [self.back_b])
        if self.focus.index < 0:
            self.focus.index = 0

    def _cards(self, grid: pygame.Rect, columns: int, k: float) -> list[tuple[Button, Lesson]]:
        rows = max(1, -(-len(self.lessons) // columns))
        gap = 12
        w = (grid.w - gap * (columns - 1)) // columns
        h = min(int(110 * (1 + 0.6 * k)), (grid.h - gap * (rows - 1)) // rows)
        cards = []
        for i, lesson in enumerate(self.lessons):
            col, row = divmod(i, rows)
            r = pygame.Rect(grid.x + col * (w + gap), grid.y + row * (h + gap), w, h)
            cards.append((Button(r, "", partial(self.start, lesson.id), style="parchment",
                                 tooltip=lesson_about(lesson)), lesson))
        return cards

    def texts(self, cards: list[tuple[Button, Lesson]]) -> list[tuple[str, str]]:
        return [(_("{n}. {title}").format(n=i + 1, title=lesson_title(ls)), lesson_about(ls))
                for i, (_b, ls) in enumerate(cards)]

    def sizes(self, cards: list[tuple[Button, Lesson]]) -> tuple[int, int, bool]:
        """One size for every card's title (one line) and one for every card's line (up to two lines): the
        largest at which each fits its card, down to the size drawn 14 pixels high; and whether they fit."""
        te = self.app.text
        texts = self.texts(cards)
        boxes = [self.card_boxes(b) for b, _l in cards]
        with te.roomy():
            low = te.floor(14)

            def fits_title(size: int) -> bool:
                return all(te.size(t, "sans-semibold", size)[0] <= tb.w and te.height("sans-semibold", size) <= tb.h
                           for (t, _a), (tb, _ab) in zip(texts, boxes))

            def fits_about(size: int) -> bool:
                for (_t, a), (_tb, ab) in zip(texts, boxes):
                    lines = te.wrap(a, "sans", size, ab.w)
                    if len(lines) > 2 or te.height("sans", size, len(lines), lines[-1]) > ab.h:
                        return False
                return True

            title = next((z for z in range(22, low - 1, -1) if fits_title(z)), None)
            about = next((z for z in range(18, low - 1, -1) if fits_about(z)), None)
        return title or low, about or low, title is not None and about is not None

    def card_boxes(self, b: Button) -> tuple[pygame.Rect, pygame.Rect]:
        """Where a lesson's card has its title and its line."""
        te = self.app.text
        inside = b.rect.inflate(-28, -12)
        with te.roomy():
            title_h = min(te.height("sans-semibold", 22), inside.h // 2)
        return (pygame.Rect(inside.x, inside.y, inside.w, title_h),
                pygame.Rect(inside.x, inside.y + title_h, inside.w, inside.h - title_h))

    def canvas_changed(self) -> None:
        self.layout()

    def language_changed(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    # ------------------------------------------------------------------------------------------------
    def start(self, lesson: str | None) -> None:
        """Start the guided game (at ``lesson``'s moment), asking first while another game is unfinished."""
        def go() -> None:
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

        # the guided game this lesson takes the place of is no other game: replacing it asks nothing (it is kept)
        ask_before_replacing(self.app, go, keep=getattr(self.replace, "game_id", None))

    def buttons(self) -> list[Button]:
        return [self.start_b] + [b for b, _l in self.cards] + [self.back_b]

    def bindings(self) -> list[Binding]:
        """Esc back; Up/Down move the mark (Tab too, from the title), Enter starts the marked one."""
        self.focus.tabs = self.replace is None  # over a guided game's table Tab skips ahead
        return button_bindings([self.back_b]) + self.focus.bindings()

    def handle(self, event: pygame.event.Event) -> None:
        self.focus.hover(event)
        if self.press(event):
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
            for (b, _l), (title, about) in zip(self.cards, self.texts(self.cards)):
                tb, ab = self.card_boxes(b)
                b.draw(surf)
                te.blit_fit(surf, title, tb, "sans-semibold", self.title_size, T.INK, anchor="midleft", lines=1)
                lines = te.wrap(about, "sans", self.about_size, ab.w)
                if len(lines) <= 2 and te.height("sans", self.about_size, len(lines), lines[-1]) <= ab.h:
                    lh = te.linesize("sans", self.about_size)
                    y = ab.centery - lh * len(lines) // 2
                    with te.within(ab):
                        for line in lines:
                            te.blit(surf, line, (ab.x, y), "sans", self.about_size, T.INK_SOFT)
                            y += lh
                else:  # no size lets every card's line fit: this one as small as it must be
                    te.blit_fit(surf, about, ab, "sans", self.about_size, T.INK_SOFT, anchor="midleft")
            self.back_b.draw(surf)
        self.focus.draw(surf)
