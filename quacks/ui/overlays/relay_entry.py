"""Opening a hosted game to friends outside the home (issue 33 §4): the host types the address of a relay (a small
public computer that runs ``python -m quacks relay``); the lobby's room code then names the relay, and friends
anywhere join with it. The address is kept in the settings for the next game.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _, verbatim
from .. import theme as T
from ..app import App, canvas_rect
from ..keys import Act, Binding
from ..scenes.join import Field
from ..widgets import Button
from .base import MARGIN, Overlay, grown

TEXT = ("sans-semibold", 21)
#: milliseconds after opening in which typed text is dropped: the key that opened the entry (the lobby's I) also
#: comes as text (SDL sends a key press and its text together), and no one types that fast into a new box
OPENING_KEY_MS = 150
EXAMPLE = "relay.example.org:47480"  # an address as the placeholder shows it (a name of the documentation's domain)


def _address_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "-.:[]")


class RelayEntry(Overlay):
    """The relay's address: typed (it starts with the last one used), checked, then ``on_open(address)``."""

    def __init__(self, app: App, address: str, on_open: Callable[[str], None]) -> None:
        super().__init__(app, grown(app, (820, 420)))
        self.on_open = on_open
        self.field = Field(pygame.Rect(0, 0, 0, 0), text=address, max_len=80, allowed=_address_char,
                           placeholder=verbatim(EXAMPLE), editing=True)
        self.problem = ""
        self.opened_at = pygame.time.get_ticks()
        pygame.key.start_text_input()
        self.layout()

    def text(self) -> str:
        return _("Friends outside your home can join through a relay: a small computer on the internet that passes "
                 "the game on (anyone can run one with python -m quacks relay). Type its address:")

    def layout(self) -> None:
        te = self.app.text
        c = canvas_rect()
        w = grown(self.app, (820, 420))[0]
        with te.roomy():
            self.title_h = te.height("serif-bold", 44)
            bh = max(60, te.height("sans-semibold", 24) + 22)
            fh = max(52, te.height("sans-semibold", 24) + 18)
            size, lines = te.fit_block(self.text(), *TEXT, pygame.Rect(0, 0, w - 80, c.h // 3))
            self.text_h = len(lines) * (te.linesize(TEXT[0], size) + 2)
            problem_h = te.height("sans-semibold", 19, 2)
        h = min(c.h - 2 * MARGIN, 24 + self.title_h + 12 + self.text_h + 16 + fh + 10 + problem_h + 16 + bh + 28)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = c.center
        r = self.rect
        top = r.y + 24 + self.title_h + 12 + self.text_h + 16
        self.field.rect = pygame.Rect(r.x + 40, top, r.w - 80, fh)
        self.problem_box = pygame.Rect(r.x + 40, self.field.rect.bottom + 10, r.w - 80, problem_h)
        bw = (r.w - 120) // 2
        open_b = Button(pygame.Rect(r.x + 40, r.bottom - 28 - bh, bw, bh), _("Open to friends anywhere"), self.open,
                        key=Act.CONFIRM, size=24)
        back_b = Button(pygame.Rect(r.right - 40 - bw, r.bottom - 28 - bh, bw, bh), _("Back"), self.close,
                        key=Act.BACK, style="dark", size=24)
        self.buttons = [open_b, back_b]
        self.default = open_b

    def open(self) -> None:
        """The address checked (its own sentence if it is not one), then the room opened there."""
        from ...net.relaycode import split_relay

        address = self.field.text.strip()
        try:
            split_relay(address)
        except ValueError:
            self.problem = _("That is not an address: write it as relay.example.org:47480 (the port may be left "
                             "out).")
            return
        self.close()
        self.on_open(address)

    def close(self) -> None:
        pygame.key.stop_text_input()
        super().close()

    def bindings(self) -> list[Binding]:
        return [Binding(Act.ERASE, self.erase, target="erase"), *super().bindings()]

    def erase(self) -> None:
        self.field.text = self.field.text[:-1]
        self.problem = ""

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            if pygame.time.get_ticks() - self.opened_at < OPENING_KEY_MS:
                return True  # the opening key's own text
            self.field.add(event.text)
            self.problem = ""
            return True
        if event.type == pygame.KEYDOWN and self.press(event):
            return True
        if event.type == pygame.KEYDOWN:
            return True  # typing: letters are text, not keys
        return super().handle(event)

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        r = self.rect
        self.title(surf, _("Friends anywhere"), y=24)
        with te.roomy():
            box = pygame.Rect(r.x + 40, r.y + 24 + self.title_h + 12, r.w - 80, self.text_h)
            size, _lines = te.fit_block(self.text(), *TEXT, box)
            te.blit_wrapped(surf, self.text(), box, TEXT[0], size, T.INK)
            self.field.draw(surf)
            if self.problem:
                psize, _plines = te.fit_block(self.problem, "sans-semibold", 19, self.problem_box)
                te.blit_wrapped(surf, self.problem, self.problem_box, "sans-semibold", psize, (150, 40, 30))
