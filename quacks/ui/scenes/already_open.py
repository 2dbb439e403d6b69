"""A second game window on the same home: it says that another Quacks is open, and plays only once that one has
closed (storage/locks.py: one game per home; two would write over each other's autosave and statistics)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _, verbatim
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..keys import Act, Binding
from ..widgets import Button, button_bindings
from .frame import PAD, SIDE, frame, wrapped_height


class AlreadyOpenScene(Scene):
    """Quacks is open already: "Try again" plays here once the other window is closed; "Quit" closes this one."""

    def __init__(self, app: App, folder: str, try_again: Callable[[], bool]) -> None:
        super().__init__(app)
        self.folder = folder
        self.try_again = try_again  # True once the lock is ours (the caller then shows the title)
        self.message = ""
        self.layout()

    def text(self) -> str:
        return _("Another Quacks window is open on this computer. It uses the same saves, statistics and "
                 "settings, so two at once would write over each other's games. Play on in that window, or close "
                 "it and choose Try again.")

    def folder_text(self) -> str:
        return _("The games are kept in {folder}").format(folder=verbatim(self.folder))

    def layout(self) -> None:
        """A page no wider than reads well, as tall as its words (with room for a message), centred with its
        buttons."""
        te = self.app.text
        z = pygame.Rect(0, 0, 0, 0)
        self.retry_b = Button(z, _("Try again"), self.retry, key=Act.CONFIRM, size=26)
        self.quit_b = Button(z.copy(), _("Quit"), self.app.quit, style="dark", key=Act.BACK, size=26)
        width = 1400
        inner = min(width, canvas_rect().w - 2 * SIDE) - 2 * PAD
        with te.roomy():
            need = (wrapped_height(te, self.text(), "serif", 28, inner) + 24 +
                    wrapped_height(te, self.folder_text(), "sans", 20, inner) + 24 + te.height("sans-semibold", 22, 2))
        self.frame = frame(te, [self.quit_b], [self.retry_b], width=width, hug=need)

    def retry(self) -> None:
        if not self.try_again():
            self.message = _("Quacks is still open in the other window.")

    def bindings(self) -> list[Binding]:
        return button_bindings([self.retry_b, self.quit_b])

    def handle(self, event: pygame.event.Event) -> bool:
        if self.press(event):
            return True
        return self.retry_b.handle(event) or self.quit_b.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        fr = self.frame
        fr.draw(surf, te, _("Quacks is open already"), seed=21)
        body = fr.body
        with te.roomy():
            text, folder = self.text(), self.folder_text()
            msg_h = te.height("sans-semibold", 22, 2)
            folder_h = wrapped_height(te, folder, "sans", 20, body.w)
            box = pygame.Rect(body.x, body.y, body.w, body.h - msg_h - 24 - folder_h - 24)
            size, _rows = te.fit_block(text, "serif", 28, box)
            y = body.y + te.blit_wrapped(surf, text, box, "serif", size, T.INK) + 24
            te.blit_wrapped(surf, folder, pygame.Rect(body.x, y, body.w, folder_h), "sans", 20, T.INK_SOFT)
            if self.message:
                te.blit_fit(surf, self.message, pygame.Rect(body.x, body.bottom - msg_h, body.w, msg_h),
                            "sans-semibold", 22, T.RUBY, anchor="midleft")
            self.retry_b.draw(surf)
            self.quit_b.draw(surf)
