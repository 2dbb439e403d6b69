"""The frame of the screens other than the table and the title: a parchment page on the wood, its title at the
top, its buttons in a row under it. Everything is laid out from ``canvas_rect()``, the part of the canvas the
window shows (at least 1500x960, taller or wider in windows of other shapes):

- the page is as wide as its content wants (``width``) and never wider: a wide window does not stretch a form
  or a list across it, the page stays in the middle;
- a page that lists things (saves, rules, licences) takes the whole height; a form (``hug``) is only as tall
  as its rows, and the page and its buttons are centred together (no band of empty parchment, no empty wood
  above a page pushed to the bottom);
- buttons are as wide as their labels at the UI scale (between ``LEAST`` and ``MOST``); the row's key hints
  go between its left and right buttons, or on a line of their own over the row when that gap is too narrow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .. import art
from .. import theme as T
from ..app import canvas_rect
from ..text import Text
from ..widgets import Button

SIDE = 50  # the least wood left and right of the page
TOP = 36  # ... above the page
BOTTOM = 28  # ... under the row of buttons
GAP = 24  # between the page and the row of buttons (or the hint line over it)
PAD = 56  # inside the page, left and right of its content
BUTTON_GAP = 28  # between two buttons of the row
LEAST, MOST = 200, 460  # a button's width in the row, when its label allows
HINT = ("sans", 18)
TITLE = ("serif-bold", 56)


def button_height(te: Text) -> int:
    """The height of the row's buttons: their labels (28 at 100%) on one line, with room around them."""
    with te.roomy():
        return max(80, te.height("sans-semibold", 28) + 26)


def button_width(te: Text, b: Button) -> int:
    """The width ``b`` needs for its label on one line, clear of its key hint on both sides (as
    ``Button.label_box`` keeps it), at the UI scale."""
    with te.roomy():
        w = te.size(b.label, "sans-semibold", b.size)[0] + 2 * 10 + 12
    if b.hotkey_label:
        with te.crowded():
            key = 10 + te.size(b.hotkey_label, "sans-bold", Button.KEY_SIZE)[0] + 6
        # beside the key hint, not above it: the label's room is at least 55% of the button (Button.label_box)
        w = max(w + 2 * key, int(2 * key / 0.44) + 1)
    return w


def place_row(te: Text, area: pygame.Rect, left: Sequence[Button], right: Sequence[Button] = (),
              gap: int = BUTTON_GAP) -> tuple[int, int]:
    """Put ``left`` in a row from the left edge of ``area`` and ``right`` from its right edge (the last one at
    the edge), each as wide as its label needs (within LEAST..MOST); if they do not all fit, every button
    gives up width in proportion. The x range left free between the two groups."""
    buttons = [*left, *right]
    if not buttons:
        return area.x, area.right
    want = [min(MOST, max(LEAST, button_width(te, b))) for b in buttons]
    room = area.w - gap * (len(buttons) - 1)
    if sum(want) > room:
        want = [w * room // sum(want) for w in want]
    x = area.x
    for b, w in zip(left, want):
        b.rect = pygame.Rect(x, area.y, w, area.h)
        x += w + gap
    free_left = x - gap if left else area.x
    x = area.right
    for b, w in zip(reversed(right), reversed(want[len(left):])):
        b.rect = pygame.Rect(x - w, area.y, w, area.h)
        x -= w + gap
    free_right = x + gap if right else area.right
    return free_left, free_right


@dataclass
class Frame:
    """Where a page and its parts are (see the module docstring)."""

    canvas: pygame.Rect
    panel: pygame.Rect  # the parchment page
    title: pygame.Rect  # its title's line
    body: pygame.Rect  # under the title, inside the page's padding
    bar: pygame.Rect  # the row of buttons under the page
    hint: pygame.Rect | None  # the key hints' box (between the buttons, or a line over them)
    message: pygame.Rect | None  # a line at the bottom of the page for what the screen tells the player
    buttons: tuple[Button, ...] = ()  # the row's buttons

    def draw(self, surf: pygame.Surface, te: Text, title: str, hint: str = "", seed: int = 1) -> None:
        """The wood, the page and its title, and the key hints (the screen draws its body and buttons)."""
        surf.blit(art.wood(self.canvas.size), (0, 0))
        art.panel(surf, self.panel, seed=seed)
        with te.roomy():
            te.blit_fit(surf, title, self.title, *TITLE, T.INK, anchor="midleft", lines=1)
            if hint and self.hint is not None:
                te.blit_fit(surf, hint, self.hint, *HINT, T.PARCHMENT_DARK)

    def draw_message(self, surf: pygame.Surface, te: Text, text: str, colour: T.RGB = (150, 40, 30)) -> None:
        if text and self.message is not None:
            with te.roomy():
                te.blit_fit(surf, text, self.message, "sans-semibold", 20, colour, anchor="midleft")


def wrapped_height(te: Text, text: str, face: str, size: int, width: int, line_gap: int = 2) -> int:
    """The height ``Text.blit_wrapped`` takes for ``text`` in ``width`` (its lines and the gaps between them)."""
    lines = te.wrap(text, face, size, width)
    return te.height(face, size, len(lines), lines[-1]) + line_gap * (len(lines) - 1)


def title_height(te: Text) -> int:
    with te.roomy():
        return te.height(*TITLE)


def message_height(te: Text) -> int:
    """One line of a message (a longer one goes on two smaller lines)."""
    with te.roomy():
        return te.height("sans-semibold", 20) + 6


def frame(te: Text, left: Sequence[Button] = (), right: Sequence[Button] = (), hint: str = "",
          width: int = 1720, hug: int | None = None, message: bool = False) -> Frame:
    """Lay out a page ``width`` wide at most (with its padding), its buttons ``left`` and ``right`` in the row
    under it (their rectangles are set here), ``hint`` between them or over them. ``hug``: the height of the
    page's content under its title, for a form: the page is no taller, and centred with its buttons.
    ``message``: keep a line at the bottom of the page for a message (``Frame.message``)."""
    c = canvas_rect()
    w = min(width, c.w - 2 * SIDE)
    x = c.x + (c.w - w) // 2
    bh = button_height(te)
    bar = pygame.Rect(x, c.bottom - BOTTOM - bh, w, bh)
    free_l, free_r = place_row(te, bar, left, right)
    hint_box: pygame.Rect | None = None
    hint_h = 0
    if hint:
        gap = pygame.Rect(free_l + BUTTON_GAP, bar.y, free_r - free_l - 2 * BUTTON_GAP, bar.h)
        with te.roomy():
            size, _rows = te.fit_label(hint, *HINT, gap) if gap.w > 0 else (0, [])
            ok = gap.w >= 240 and size >= HINT[1] * 0.8
            if ok:
                hint_box = gap
            else:
                hint_h = te.height(*HINT, 2)
                hint_box = pygame.Rect(x, bar.y - 8 - hint_h, w, hint_h)
    th = title_height(te)
    mh = message_height(te) + 8 if message else 0
    bottom = (hint_box.y if hint_h and hint_box is not None else bar.y) - GAP
    top = c.y + TOP
    full = bottom - top
    if hug is not None:
        need = 14 + th + 12 + hug + mh + 28
        if need < full:
            # the page only as tall as its content; page and buttons centred together
            shift = (full - need) // 2
            top += shift
            bottom = top + need
            for b in [*left, *right]:
                b.rect.y -= shift
            bar.y -= shift
            if hint_box is not None:
                hint_box.y -= shift
    panel = pygame.Rect(x, top, w, bottom - top)
    title = pygame.Rect(panel.x + PAD, panel.y + 14, panel.w - 2 * PAD, th)
    body = pygame.Rect(title.x, title.bottom + 12, title.w, panel.bottom - 28 - mh - (title.bottom + 12))
    msg = pygame.Rect(body.x, body.bottom + 8, body.w, mh - 8) if message else None
    return Frame(c, panel, title, body, bar, hint_box, msg, (*left, *right))
