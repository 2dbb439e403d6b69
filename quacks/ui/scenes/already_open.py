"""A second game window on the same home: it says that another Quacks is open, and plays only once that one has
closed (storage/locks.py: one game per home; two would write over each other's autosave and statistics)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _, pgettext, verbatim
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import Button


class AlreadyOpenScene(Scene):
    """Quacks is open already: "Try again" plays here once the other window is closed; "Quit" closes this one."""

    def __init__(self, app: App, folder: str, try_again: Callable[[], bool]) -> None:
        super().__init__(app)
        self.folder = folder
        self.try_again = try_again  # True once the lock is ours (the caller then shows the title)
        self.message = ""
        self.layout()

    def layout(self) -> None:
        w, h = canvas_rect().size
        self.retry_b = Button(pygame.Rect(w - 630, h - 230, 500, 80), _("Try again"), self.retry,
                              hotkey_label=pgettext("key", "Enter"), size=26)
        self.quit_b = Button(pygame.Rect(130, h - 230, 300, 80), _("Quit"), self.app.quit, style="dark",
                             hotkey_label=pgettext("key", "Esc"), size=26)

    def retry(self) -> None:
        if not self.try_again():
            self.message = _("Quacks is still open in the other window.")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.retry()
                return True
        return self.retry_b.handle(event) or self.quit_b.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        panel = pygame.Rect(100, 80, canvas_rect().w - 200, canvas_rect().h - 200)
        art.panel(surf, panel, seed=21)
        with te.roomy():
            te.blit_fit(surf, _("Quacks is open already"), pygame.Rect(160, 110, canvas_rect().w - 320, 90),
                        "serif-bold", 56, T.INK, anchor="midleft", lines=1)
            y = 230
            text = _("Another Quacks window is open on this computer. It uses the same saves, statistics and "
                     "settings, so two at once would write over each other's games. Play on in that window, or close "
                     "it and choose Try again.")
            bottom = min(self.retry_b.rect.y, self.quit_b.rect.y) - 24 - (100 if self.message else 0)
            folder = _("The games are kept in {folder}").format(folder=verbatim(self.folder))
            folder_h = te.height("sans", 20, len(te.wrap(folder, "sans", 20, canvas_rect().w - 320)))
            box = pygame.Rect(160, y, canvas_rect().w - 320, bottom - folder_h - 24 - y)
            size, _rows = te.fit_block(text, "serif", 28, box)
            y += te.blit_wrapped(surf, text, box, "serif", size, T.INK) + 24
            te.blit_wrapped(surf, folder, pygame.Rect(160, y, canvas_rect().w - 320, folder_h), "sans", 20, T.INK_SOFT)
            if self.message:
                te.blit_fit(surf, self.message, pygame.Rect(160, canvas_rect().h - 330, canvas_rect().w - 320, 70),
                            "sans-semibold", 22, T.RUBY, anchor="midleft")
            self.retry_b.draw(surf)
            self.quit_b.draw(surf)
