"""Widgets: views over a small model (label, enabled, why not), drawn in brass and parchment.

Every control can be reached with the keyboard: buttons carry a hotkey, and a disabled control says why
(its ``reason`` is shown on hover and in the hint line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import pygame

from ..i18n import pgettext
from . import art, keys, shapes
from . import theme as T
from .app import text_engine
from .keys import Act

K = TypeVar("K")


def key_at(rects: Mapping[K, pygame.Rect], pos: tuple[int, int]) -> K | None:
    """The key of the first of ``rects`` under ``pos`` (a book's colour, a seat, a chip's name), or None."""
    return next((k for k, r in rects.items() if r.collidepoint(pos)), None)


def button_w(base: int = 230) -> int:
    """A button's width at the UI scale (the table's Draw, Stop and Flask, the panel's Bag): wider at a larger
    scale, so its words grow with it (issue 32)."""
    return int(base * (1 + 0.5 * (max(1.0, text_engine().scale) - 1)))


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None] | None = None
    key: Act | None = None  # the act of its key (ui/keys.py): the key it shows and the one that presses it
    n: int = 0  # the position of a numbered act (1-9)
    marked: bool = False  # Enter presses it too (the default of a question): its corner shows both keys
    enabled: bool = True
    reason: str = ""  # why it is disabled
    tooltip: str = ""
    style: str = "brass"  # brass | parchment | danger | ghost
    selected: bool = False
    hover: bool = False
    pressed: bool = False
    data: Any = None
    size: int = 24
    icon: pygame.Surface | None = None
    #: the label is drawn at ``size`` exactly (on two lines if it must), never smaller: a row's one size
    #: (``draw_row``)
    exact: bool = False

    @property
    def hotkey_label(self) -> str:
        """The key shown in the button's corner, from the one table of keys (never written by hand)."""
        own = keys.label(self.key, self.n) if self.key is not None else ""
        if not self.marked or self.key is keys.Act.CONFIRM:
            return own
        enter = keys.label(keys.Act.CONFIRM)
        # Translators: two keys that press one button ("Y / Enter"); keep the spaces no-break
        return pgettext("key", "{key} / {other}").format(key=own, other=enter) if own else enter

    def look(self) -> tuple[object, ...]:
        """Everything its picture shows (a still picture that holds the button is keyed on it: issue 31)."""
        return (tuple(self.rect), self.label, self.hotkey_label, self.enabled, self.style, self.selected,
                self.hover, self.pressed, self.size, self.exact, id(self.icon) if self.icon is not None else None)

    def binding(self) -> keys.Binding:
        """What its key does: a click (a disabled button's key says why)."""
        assert self.key is not None
        return keys.Binding(self.key, self.click, self.n, self.label, self.enabled, self.reason)

    def help_text(self) -> str:
        if not self.enabled and self.reason:
            return self.reason
        return self.tooltip

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse handling; True if the event was a click on this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                return self.click()
        return False

    def click(self) -> bool:
        if self.enabled and self.on_click is not None:
            from .app import click_sound

            click_sound()
            self.on_click()
            return True
        return False

    #: the key hint in a button's corner (the smallest text a player reads at 1280x720)
    KEY_SIZE = 14

    def label_box(self) -> pygame.Rect:
        """Where the label goes: clear of the key hint on both sides (so it stays centred), or above it if the
        button is narrow."""
        te = text_engine()
        r = self.rect
        pad = 10
        if not self.hotkey_label:
            return pygame.Rect(r.x + pad, r.y + 3, r.w - 2 * pad, r.h - 6)
        with te.crowded():
            kw, kh = te.size(self.hotkey_label, "sans-bold", self.KEY_SIZE)
        key_w = kw + 6
        box = pygame.Rect(r.x + pad + key_w, r.y + 3, r.w - 2 * (pad + key_w), r.h - 6)
        if box.w < r.w * 0.55:  # a narrow button: the label stays above the key hint ...
            above = pygame.Rect(r.x + pad, r.y + 3, r.w - 2 * pad, r.h - 6 - (kh + 2))
            with te.roomy():
                line = te.height("sans-semibold", 14)
            if above.h >= line:
                return above
            # ... or, in a button too short for that (a long key such as Strg+Z), left of it
            box = pygame.Rect(r.x + pad, r.y + 3, r.w - 2 * pad - key_w, r.h - 6)
        return box

    def text_box(self) -> pygame.Rect:
        """Where the label's text goes: the label box, less the icon's room on its left (if it has one)."""
        box = self.label_box()
        if self.icon is None:
            return box
        iw = self.icon.get_width() + 8
        return pygame.Rect(box.x + iw, box.y, max(1, box.w - iw), box.h)

    def draw(self, surf: pygame.Surface) -> None:
        te = text_engine()
        shapes.note("button", surf, self.rect, self.label)
        with te.roomy():
            self._draw(surf, te)

    def _draw(self, surf: pygame.Surface, te: Any) -> None:
        r = self.rect
        if self.style == "ghost":
            if self.hover and self.enabled:
                pygame.draw.rect(surf, (*T.BRASS_LIGHT,), r, 2, border_radius=10)
            col = T.CREAM if self.enabled else T.DISABLED
            te.blit_fit(surf, self.label, r.inflate(-16, -6), "sans-semibold", self.size, col, min_size=14)
            return
        base = {
            "brass": T.BRASS, "parchment": T.PARCHMENT, "danger": (176, 62, 44), "dark": (70, 52, 40),
        }.get(self.style, T.BRASS)
        if self.selected:
            base = T.FOCUS if self.style != "dark" else (120, 92, 60)
        if not self.enabled:
            base = (118, 108, 96)
        elif self.hover:
            base = art.shade(base, 1.12)
        if self.pressed and self.enabled:
            base = art.shade(base, 0.85)
        drop = 0 if self.pressed else 4
        pygame.draw.rect(surf, art.shade(base, 0.45), r.move(0, drop), border_radius=12)
        pygame.draw.rect(surf, base, r, border_radius=12)
        hl = r.inflate(-8, -r.h * 0.55)
        hl.top = r.top + 4
        pygame.draw.rect(surf, art.shade(base, 1.18), hl, border_radius=8)
        pygame.draw.rect(surf, art.shade(base, 0.55), r, 2, border_radius=12)
        dark_text = self.style in ("brass", "parchment") or self.selected
        col = T.INK if dark_text else T.CREAM
        if not self.enabled:
            col = T.DISABLED_INK
        # the key hint sits in the bottom-right corner; the label keeps clear of it
        if self.hotkey_label:
            with te.crowded():  # a key's name too long for the corner (a test language's) goes smaller, else unsaid
                ks = te.fit(self.hotkey_label, "sans-bold", self.KEY_SIZE, r.w - 16, min_size=9)
                if te.size(self.hotkey_label, "sans-bold", ks)[0] <= r.w - 16:
                    te.blit(surf, self.hotkey_label, (r.right - 8, r.bottom - 4), "sans-bold", ks, col,
                            "bottomright", box=r)
        box = self.label_box()
        least = max(14, te.px(self.size)) if self.exact else 12  # the least a table shows (check-layout)
        if self.icon is not None:
            iw = self.icon.get_width() + 8
            tw = min(box.w - iw, te.size(self.label, "sans-semibold", self.size)[0])
            left = box.centerx - (iw + tw) // 2
            surf.blit(self.icon, self.icon.get_rect(midleft=(left, box.centery)))
            box = pygame.Rect(left + iw, box.y, box.right - (left + iw), box.h)
            te.blit_fit(surf, self.label, box, "sans-semibold", self.size, col, min_size=least, anchor="midleft")
            return
        te.blit_fit(surf, self.label, box, "sans-semibold", self.size, col, min_size=least)


@dataclass
class Choice:
    """A row of options, one selected (segmented control)."""

    rect: pygame.Rect
    options: Sequence[tuple[Any, str]]
    value: Any
    on_change: Callable[[Any], None] | None = None
    buttons: list[Button] = field(default_factory=list)
    size: int = 20
    #: share the width by what each label needs when equal widths would shrink one (labels of very different
    #: lengths, as "Mens" and "Makkelijke bot"); otherwise every option is as wide as the others
    by_label: bool = False
    GAP = 8  # between options (a class constant, not a field)

    def __post_init__(self) -> None:
        self.layout()

    def widths(self) -> list[int]:
        n = max(1, len(self.options))
        room = self.rect.w - self.GAP * (n - 1)
        widths = [room // n] * n
        if self.by_label and self.options:
            te = text_engine()
            with te.roomy():
                need = [te.size(label, "sans-semibold", self.size)[0] + 28 for _, label in self.options]
            if max(need) > widths[0]:
                total = sum(need)
                widths = [room * x // total for x in need]
        return widths

    def layout(self) -> None:
        self.buttons = []
        x = self.rect.x
        for (val, label), w in zip(self.options, self.widths()):
            b = Button(pygame.Rect(x, self.rect.y, w, self.rect.h), label,
                       on_click=partial(self.set, val), style="parchment", size=self.size)
            b.selected = val == self.value
            self.buttons.append(b)
            x += w + self.GAP

    def set(self, v: Any) -> None:
        self.value = v
        for b, (val, _) in zip(self.buttons, self.options):
            b.selected = val == v
        if self.on_change is not None:
            self.on_change(v)

    def step(self, d: int) -> None:
        vals = [v for v, _ in self.options]
        i = vals.index(self.value) if self.value in vals else 0
        self.set(vals[(i + d) % len(vals)])

    def handle(self, event: pygame.event.Event) -> bool:
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surf: pygame.Surface) -> None:
        draw_row(surf, self.buttons)


@dataclass
class Slider:
    rect: pygame.Rect
    value: float  # 0..1
    on_change: Callable[[float], None] | None = None
    dragging: bool = False

    def handle(self, event: pygame.event.Event) -> bool:
        grab = self.rect.inflate(0, 16)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(event.pos):
            self.dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        return False

    def _set_from(self, x: int) -> None:
        self.set((x - self.rect.x) / max(1, self.rect.w))

    def set(self, v: float) -> None:
        self.value = max(0.0, min(1.0, v))
        if self.on_change is not None:
            self.on_change(self.value)

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surf, T.PARCHMENT_EDGE, r, border_radius=r.h // 2)
        fill = r.copy()
        fill.w = int(r.w * self.value)
        pygame.draw.rect(surf, T.BRASS, fill, border_radius=r.h // 2)
        knob = (r.x + int(r.w * self.value), r.centery)
        pygame.draw.circle(surf, T.BRASS_DARK, knob, r.h)
        pygame.draw.circle(surf, T.BRASS_LIGHT, knob, r.h - 3)


def help_under(buttons: Sequence[Button], pos: tuple[int, int]) -> str:
    """The help text of the button under ``pos`` ("" if none, or it has none)."""
    return next((b.help_text() for b in buttons if b.rect.collidepoint(pos) and b.help_text()), "")


def offer(buttons: Sequence[Button], event: pygame.event.Event, hover: str) -> tuple[bool, str]:
    """``event`` offered to ``buttons``: whether one of them took it, and the help text to show (the button's under
    the mouse if it moved, else ``hover`` as it was)."""
    if event.type == pygame.MOUSEMOTION:
        hover = help_under(buttons, event.pos)
    return any(b.handle(event) for b in buttons), hover


def draw_row(surf: pygame.Surface, buttons: Sequence[Button], only: Callable[[Button], bool] | None = None) -> None:
    """Buttons that belong together (a bar, a segmented choice) with their labels at one size: the largest at
    which every label fits its button, and no larger than the smallest size asked for. ``only``: draw just the
    buttons it is true for (the others in view of a scrolled form), at the size all of them share."""
    te = text_engine()
    if not buttons:
        return
    with te.roomy():
        # each label in the room its text really has (an icon's room taken off: issue 30, "Take green 4" with its
        # chip wrapped at a larger size than its siblings)
        boxes = [b.text_box() for b in buttons]
        size = min(te.fit_label(b.label, "sans-semibold", b.size, box)[0] for b, box in zip(buttons, boxes))
        # all on one line if that costs little: a row reads better when no label wraps
        one = min(te.fit(b.label, "sans-semibold", b.size, box.w) for b, box in zip(buttons, boxes))
        if one >= size * 0.85 and all(te.size(b.label, "sans-semibold", one)[0] <= box.w and
                                      te.height("sans-semibold", one, 1, b.label) <= box.h
                                      for b, box in zip(buttons, boxes)):
            size = one
    for b, box in zip(buttons, boxes):
        if only is not None and not only(b):
            continue
        was = b.size, b.exact
        # one size for the row; a label that cannot fit at it even on two lines (a long word, a narrow button)
        # goes smaller rather than out of its button
        with te.roomy():
            # as an exact label is drawn: at ``size``, on up to two lines
            got, lines = te.fit_label(b.label, "sans-semibold", size, box, min_size=max(1, te.px(size)))
            fits = len(lines) <= 2 and te.height("sans-semibold", got, len(lines), lines[-1]) <= box.h and all(
                te.size(ln, "sans-semibold", got)[0] <= box.w for ln in lines)
        b.size, b.exact = size, fits
        b.draw(surf)
        b.size, b.exact = was


def draw_ranking_band(surf: pygame.Surface, band: pygame.Rect, row: int, winner: bool = False) -> None:
    """The band behind a ranking's row (the final page, the round's results): golden with a brass edge for the
    winner, a soft shade behind every other row after it, so a row reads across its many columns."""
    if winner:
        pygame.draw.rect(surf, T.WINNER_BAND, band, border_radius=8)
        pygame.draw.rect(surf, T.BRASS, band, 2, border_radius=8)
    elif row % 2:
        pygame.draw.rect(surf, T.ROW_BAND, band, border_radius=8)


def draw_tooltip(surf: pygame.Surface, text: str, pos: tuple[int, int], width: int = 420) -> None:
    """A parchment note near ``pos`` (kept on screen); it grows fully with the UI scale."""
    if not text:
        return
    te = text_engine()
    with te.roomy(), te.layer():
        _tooltip(surf, text, pos, int(width * min(2.0, max(1.0, te.scale))))


def _tooltip(surf: pygame.Surface, text: str, pos: tuple[int, int], width: int) -> None:
    te = text_engine()
    sw, sh = surf.get_size()
    width = min(width, sw - 16)
    size, lines = te.fit_block(text, "sans", 17, pygame.Rect(0, 0, width - 26, sh - 40), min_size=14, line_gap=0)
    lh = te.linesize("sans", size)
    h = lh * len(lines) + 20
    w = min(width, max(te.size(line, "sans", size)[0] for line in lines) + 26)
    x = max(8, min(pos[0] + 18, sw - w - 8))
    y = pos[1] + 22
    if y + h > sh - 8:
        y = pos[1] - h - 12
    y = max(8, min(y, sh - h - 8))
    rect = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surf, (0, 0, 0), rect.move(3, 4), border_radius=8)
    pygame.draw.rect(surf, T.CREAM, rect, border_radius=8)
    pygame.draw.rect(surf, T.PARCHMENT_EDGE, rect, 2, border_radius=8)
    te.cover(surf, rect)
    for i, line in enumerate(lines):
        te.blit(surf, line, (x + 13, y + 10 + i * lh), "sans", size, T.INK, box=rect)




def button_bindings(buttons: Sequence[Button | None]) -> list[keys.Binding]:
    """The key bindings of the buttons that have a key (in their order)."""
    return [b.binding() for b in buttons if b is not None and b.key is not None]
