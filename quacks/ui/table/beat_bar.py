"""A beat of the evaluation on the table (``session/beats.py``): its name above the action bar, what came of it
in the bar with the "Next" and "Skip to the end" buttons, and each seat's line on the seat itself (on its pot,
or on its card when it is another seat's).

The driver holds the game while the beat is on show; the table's keys (Space: next, Tab: skip to the end; keys
that never commit a choice, ``ui/keys.py``) and these buttons move on. The words are ``wording/beats.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext
from ...rules.game import Game
from ...session.beats import Beat
from ...wording import beats as words
from .. import theme as T
from ..app import text_engine
from ..keys import Act, Binding
from ..text import Text
from ..widgets import Button, button_bindings, draw_row
from .layout import TableLayout

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView



def pace_name(pace: str) -> str:
    """The pace setting's name in the player's language ("normal")."""
    names = {"slow": pgettext("pace", "slow"), "normal": pgettext("pace", "normal"),
             "fast": pgettext("pace", "fast"), "instant": pgettext("pace", "instant")}
    return names.get(pace, pace)


class BeatBar:
    """The bar of a beat: built for the layout, drawn for the beat on show."""

    def __init__(self, layout: TableLayout, on_next: Callable[[], None], on_skip: Callable[[], None]) -> None:
        self.layout = layout
        self.on_next = on_next
        self.on_skip = on_skip
        self.buttons: list[Button] = []
        self._made: object = None
        self.title_end: int | None = None  # where the beat's title drawn in the prompt row ends

    def build(self) -> None:
        """The two buttons at the right of the action bar (made again when the layout or the language changes)."""
        te = text_engine()
        key = (self.layout.version, te.scale, _("Next"))
        if key == self._made:
            return
        self._made = key
        bar = self.layout.actions
        k = max(1.0, te.scale) - 1
        nw, sw = int(180 * (1 + 0.45 * k)), int(250 * (1 + 0.45 * k))
        if nw + sw + 10 > bar.w * 0.62:  # a narrow bar: the buttons share its right part
            nw = sw = int(bar.w * 0.3)
        skip = Button(pygame.Rect(bar.right - sw, bar.y, sw, bar.h), _("Skip to the end"), self.on_skip,
                      key=Act.SKIP, style="parchment", size=22,
                      tooltip=_("Show the rest of the evaluation at once and go on to the round's results."))
        nxt = Button(pygame.Rect(skip.rect.x - 10 - nw, bar.y, nw, bar.h), _("Next"), self.on_next,
                     key=Act.NEXT, size=22,
                     tooltip=_("Go on to the next step now (Settings: the pace of the game)."))
        self.buttons = [nxt, skip]

    def relayout(self) -> None:
        self._made = None

    def look(self) -> tuple[object, ...]:
        """What the bar's picture shows besides the beat and the game (its buttons as they look now)."""
        return tuple(b.look() for b in self.buttons)

    def bindings(self) -> list[Binding]:
        """Space: the next beat; Tab: the rest at once."""
        self.build()
        return button_bindings(self.buttons)

    def handle(self, event: pygame.event.Event) -> bool:
        """The mouse (keys come through ``bindings``)."""
        self.build()
        return any(b.handle(event) for b in self.buttons)

    def hover_help(self, pos: tuple[int, int]) -> str:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.help_text()
        return ""

    def draw(self, surf: pygame.Surface, g: Game, beat: Beat, pace: str) -> None:
        """The beat's title over the bar (with the pace on the right), what came of it in the bar, the buttons."""
        self.build()
        te = text_engine()
        bar = self.layout.actions
        area = self.layout.prompt
        with te.roomy():
            note = _("Pace: {pace} (Settings)").format(pace=pace_name(pace))
            nw = min(te.size(note, "sans", 15)[0], int(area.w * 0.34))
            te.blit_fit(surf, note, pygame.Rect(area.right - nw, area.y, nw, area.h), "sans", 15, T.PARCHMENT_DARK,
                        anchor="midright", min_size=12)
            head = pygame.Rect(area.x + 4, area.y, area.w - nw - 24, area.h)
            drawn = te.blit_fit(surf, words.title(g, beat), head, "serif-bold", 26, T.BRASS_LIGHT, anchor="midleft",
                                min_size=14)
            self.title_end = drawn.right  # toasts keep right of it (``Controls.toast_band``)
            left = min(b.rect.x for b in self.buttons)
            box = pygame.Rect(bar.x + 4, bar.y, left - 16 - bar.x, bar.h)
            size, rows = self._summary(te, g, beat, box)
            lh = te.linesize("sans-semibold", size)
            y = box.centery - lh * len(rows) // 2
            for row in rows:
                te.blit(surf, row, (box.x, y), "sans-semibold", size, T.CREAM, box=box)
                y += lh
        draw_row(surf, self.buttons)


    @staticmethod
    def _summary(te: Text, g: Game, beat: Beat, box: pygame.Rect) -> tuple[int, list[str]]:
        """The bar's text: each seat's line ("Mia: +2 VP"), the lines packed whole where they fit (a name is never
        cut in two), at the largest size that fits the bar; else each seat's gains alone; else as many lines as
        fit, the last ending in "..." (each seat's own label on the table says the rest)."""
        got = words.lines(g, beat)
        sets = [[words.summary(g, beat)]] if not got else [
            [words.named_line(g, seat, t) for seat, t in got],
            [words.named_line(g, seat, t) for seat, t in words.lines(g, beat, short=True)]]
        face = "sans-semibold"
        rows: list[str] = []
        size = 20
        for items in sets:
            for size in range(20, te.floor(12) - 1, -1):
                rows = _pack(te, items, face, size, box.w)
                if len(rows) * te.linesize(face, size) <= box.h:
                    return size, rows
        fit = max(1, box.h // te.linesize(face, size))
        if len(rows) > fit:
            rows = rows[:fit]
            last = rows[-1]
            while last and te.size(last + "...", face, size)[0] > box.w:
                last = last[:-1]
            rows[-1] = last.rstrip(" ·") + "..."
        return size, rows


def _pack(te: Text, items: list[str], face: str, size: int, width: int) -> list[str]:
    """``items`` joined by " · " into lines of ``width``, each item whole on one line where it fits."""
    lines: list[str] = []
    cur = ""
    for item in items:
        trial = f"{cur} · {item}" if cur else item
        if te.size(trial, face, size)[0] <= width:
            cur = trial
            continue
        if cur:
            lines.append(cur)
        wrapped = [item] if te.size(item, face, size)[0] <= width else te.wrap(item, face, size, width)
        lines += wrapped[:-1]
        cur = wrapped[-1]
    if cur:
        lines.append(cur)
    return lines


def seat_label_rect(view: TableView, seat: int) -> pygame.Rect | None:
    """Where a seat's line of a beat goes: across its pot, above the middle (the seat in focus), or over the lower
    part of another seat's card or tile."""
    lay = view.layout
    if seat == view.focus:
        (cx, cy), r = lay.pot_centre, lay.pot_radius
        w = int(min(r * 1.7, lay.focus.w - 40))
        h = max(text_engine().height("sans-bold", 20, 2) + 12, int(r * 0.28))
        return pygame.Rect(cx - w // 2, cy - int(r * 0.62), w, h)
    rect = view.other_rects.get(seat)
    if rect is None:
        return None
    h = min(rect.h - 8, text_engine().height("sans-bold", 15, 2) + 10)
    return pygame.Rect(rect.x + 6, rect.bottom - h - 6, rect.w - 12, h)


def draw_seat_lines(surf: pygame.Surface, view: TableView, g: Game, beat: Beat) -> None:
    """Each seat's line of the beat on the seat: a dark label with its gains and why ("+1 ruby: ..."), the gains
    alone where the whole line does not fit."""
    te = text_engine()
    full = dict(words.lines(g, beat))
    short = dict(words.lines(g, beat, short=True))
    for seat, text in full.items():
        box = seat_label_rect(view, seat)
        if box is None:
            continue
        big = seat == view.focus
        size = 20 if big else 15
        inner = box.inflate(-12, -8)
        with te.roomy(), te.layer():  # a callout over the seat for the beat's time, as a tooltip lies over the table
            s, rows = te.fit_label(text, "sans-bold", size, inner, 12, 2)
            if len(rows) > 2 or te.height("sans-bold", s, len(rows), rows[-1]) > inner.h:
                text = short.get(seat, text)
                s, rows = te.fit_label(text, "sans-bold", size, inner, 12, 2)
            h = min(box.h, te.height("sans-bold", s, len(rows), rows[-1]) + 10)
            label = pygame.Rect(box.x, box.bottom - h, box.w, h) if not big else pygame.Rect(box.x, box.y, box.w, h)
            panel = pygame.Surface(label.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (24, 16, 10, 225), panel.get_rect(), border_radius=10)
            pygame.draw.rect(panel, (*T.BRASS_LIGHT, 255), panel.get_rect(), 2, border_radius=10)
            surf.blit(panel, label)
            te.blit_fit(surf, text, label.inflate(-12, -6), "sans-bold", s, T.CREAM, min_size=12, lines=2)
