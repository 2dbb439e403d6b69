"""What the fortune card gave each seat, on the card (issue 19: "a fortune card shows what each seat chose or got,
in one line each"): a row per seat with its marker and its line, under the card's text on the board; on the
folded board's bar, one row of markers with the gains alone. The lines come from ``wording/beats.card_lines``
and follow the beats (a gain shows once its beat has).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...i18n import _
from .. import art
from .. import theme as T
from ..app import text_engine
from ..text import Text

Line = tuple[int, str, str]  # (seat, line, short line)
SIZE = 15  # the rows' text size on the card (at 100%); never under 12 px
EVERY_SEAT = -2  # a row's seat: what every seat got alike, its markers side by side (``alike``)
MOST_SEATS = 4


def alike(lines: Sequence[Line]) -> list[Line] | None:
    """One row for every seat when each got the same (a purple card that moves everyone's droplet): the card's text
    keeps its room above it (at 1280x800 three equal rows pushed it off the card); None if the lines differ."""
    if len(lines) < 2 or len({(t, s) for _seat, t, s in lines}) != 1 or any(seat < 0 for seat, _t, _s in lines):
        return None
    _seat, text, short = lines[0]
    return [(EVERY_SEAT, text, short)]


def rows_height(lines: Sequence[Line], width: int) -> int:
    """The height the rows take in ``width`` (each row on one or two lines at the smallest size)."""
    te = text_engine()
    if not lines:
        return 0
    size = _common_size(te, lines, width)
    return sum(_row(te, text, width, size, seat)[2] + 2 for seat, text, _short in lines)


def fitting(lines: Sequence[Line], rect: pygame.Rect) -> list[Line]:
    """The rows to draw in ``rect``: each seat's whole line if they all fit, else its gains alone; if even those
    are too many, the first that fit and a last row that counts the rest (the whole board and the log have them)."""
    if rows_height(lines, rect.w) <= rect.h:
        return list(lines)
    short = [(seat, s, s) for seat, _t, s in lines]
    if rows_height(short, rect.w) <= rect.h:
        return short
    out: list[Line] = []
    for i, row in enumerate(short):
        rest = len(short) - i
        more = (-1, _("and {n} more").format(n=rest), "")
        if rows_height([*out, row, more] if rest > 1 else [*out, row], rect.w) > rect.h:
            return [*out, more] if out else [more]
        out.append(row)
    return out


def _row(te: Text, text: str, width: int, top: int = SIZE, seat: int = 0) -> tuple[int, list[str], int]:
    """(size, lines, height) of one row's text beside its marker (or every seat's markers): one line if it fits,
    else two, shrinking from ``top`` to 12 px at the least."""
    w = width - _marks_w(te, MOST_SEATS if seat == EVERY_SEAT else 1) - 6
    size, rows = te.fit_label(text, "sans", top, pygame.Rect(0, 0, w, te.height("sans", top, 2)), 12, 2)
    return size, rows, max(_mark(te), te.height("sans", size, len(rows), rows[-1]))


def _common_size(te: Text, lines: Sequence[Line], width: int) -> int:
    """One text size for all the rows (the smallest any row needs), so that the seats' lines read alike."""
    return min((_row(te, text, width, SIZE, seat)[0] for seat, text, _short in lines), default=SIZE)


def _mark(te: Text) -> int:
    return max(16, te.linesize("sans", 12))


def _marks_w(te: Text, n: int) -> int:
    """The width of ``n`` markers side by side, 2 px apart."""
    return n * _mark(te) + (n - 1) * 2


def draw_rows(surf: pygame.Surface, rect: pygame.Rect, lines: Sequence[Line], looks: Sequence[tuple[str, str]],
              colour: tuple[int, int, int] = T.INK) -> None:
    """Each seat's marker and line, one row each, from the top of ``rect`` (sized with ``rows_height``)."""
    te = text_engine()
    y = rect.y
    mark = _mark(te)
    common = _common_size(te, lines, rect.w)
    for seat, text, _short in lines:
        size, rows, h = _row(te, text, rect.w, common, seat)
        marks = range(len(looks)) if seat == EVERY_SEAT else [seat] if 0 <= seat < len(looks) else []
        x = rect.x
        for m in marks:
            key, letter = looks[m]
            surf.blit(art.marker(key, letter, mark), (x, y + (h - mark) // 2))
            x += mark + 2
        left = _marks_w(te, len(marks)) if marks else mark
        box = pygame.Rect(rect.x + left + 6, y, rect.w - left - 6, h)
        te.blit_fit(surf, text, box, "sans", size, colour, min_size=12, lines=2, anchor="midleft")
        y += h + 2


def draw_compact(surf: pygame.Surface, rect: pygame.Rect, lines: Sequence[Line], looks: Sequence[tuple[str, str]],
                 colour: tuple[int, int, int] = T.CREAM) -> None:
    """The folded bar's row: each seat's marker and its gains alone, side by side at the size that fits (12 px at
    the least); seats that do not fit are counted ("+2"), the whole board (a click) shows them all."""
    te = text_engine()
    if not lines:
        return
    mark = max(12, min(rect.h - 2, te.linesize("sans", 12)))
    gap = 8
    with te.roomy():
        size = 13
        widths = [mark + 3 + te.size(short, "sans", size)[0] for _s, _t, short in lines]
        while (sum(widths) + gap * (len(lines) - 1) > rect.w or te.height("sans", size) > rect.h) and \
                size > te.floor(12):
            size -= 1
            widths = [mark + 3 + te.size(short, "sans", size)[0] for _s, _t, short in lines]
        x = rect.x
        for i, ((seat, _text, short), w) in enumerate(zip(lines, widths)):
            rest = len(lines) - i
            more = f"+{rest}"
            more_w = te.size(more, "sans-bold", size)[0]
            if x + w > rect.right or (rest > 1 and x + w + gap + more_w > rect.right and
                                      x + sum(widths[i:]) + gap * (rest - 1) > rect.right):
                te.blit(surf, more, (x, rect.centery), "sans-bold", size, colour, "midleft", box=rect)
                return
            if 0 <= seat < len(looks):
                key, letter = looks[seat]
                surf.blit(art.marker(key, letter, mark), (x, rect.centery - mark // 2))
            te.blit(surf, short, (x + mark + 3, rect.centery), "sans", size, colour, "midleft", box=rect)
            x += w + gap
