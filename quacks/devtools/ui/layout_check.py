"""``python -m quacks check-layout``: every screen and overlay drawn at every UI scale, in English, German,
Dutch and the pseudo-language, and every text that is clipped, overflows its box, overlaps another or is too
small to read is reported (exit 1 if there is any). In the marker language (``quacks.i18n``: every word of a
catalogue string inside ``‹...›``) every drawn line with a word that did not come through a catalogue is
reported as untranslated: English that would reach the screen in German or Dutch.

How it works: the text engine records what it draws (``Text.record``): each line's inked rectangle on the
1920x1080 canvas, the box it had to stay inside (a button, a panel, a wrapped block's rectangle) and whether
lines of its block were dropped or shortened. A problem is

- clipped: a line outside the canvas, a block that dropped or shortened lines, or a letter too tall for the
  room the text engine keeps above a line (``Text.glyph_cut``: it would be drawn cut off);
- overflow: a line outside its box, or over the edge of the panel it is drawn on (its frame or burnt rim: a
  letter there is hard to see or looks cut off, as an umlaut over a book's top edge did);
- overlap: two lines of different draws on one layer (a scene, an overlay, a tooltip) that intersect (the
  same text drawn twice, such as a shadow, is not counted);
- small: a line whose font is smaller than ``MIN_PX`` pixels on the screen at a window size (the window
  shows the canvas scaled and letterboxed, so the size changes nothing else);
- untranslated (marker language only, instead of the others): a word of two letters or more outside every
  ``‹...›``, unless it is a name the case gave (a seat, a bot) or a name that stays as it is (``VERBATIM``);
- chip-covered: a chip drawn (on the table, in the shop or its cart, in a dialog) that a button of the same layer
  covers (``ui.shapes`` records them; issue 30: a chip of the cart hid under "Clear cart");
- over-dialog: a tooltip (a label on a layer of its own) of a screen that lies under a dialog: under a dialog that
  takes the input (the screen cannot be pointed at), or over the panel of an overlay above it (issue 30: the
  title's tooltip over the Play online dialog);
- broken: a word broken over two lines anywhere but at a marked point (``broken_words``: a soft hyphen or a
  hyphen of its own; "Bonusdobbels-" / "teen" is broken, "Bonusdobbel-" / "steen" is not);
- pot-small (issue 32): at 1920x1080 with four seats, another seat's pot printing numbers (its spaces' coins, its
  chips' values) under ``MIN_TABLE_PX`` at any UI scale, or at 100% less than ``POT_ACROSS`` pixels across (its
  iron rim);
- over-pot (issue 32): a choice (``CHOOSERS``: picks, the crow skull, a card's choice) whose panel lies over any
  part of the deciding seat's pot; the shop over any part of it, or open with that pot not drawn at all, or over
  the whole frame with the pot not beside it (noted as "shop-over": too narrow for both even over the folded
  books' strip and tiles, ``TableLayout.shopping``);
- scale-text (issue 32): the table (``SCALE_CASES``) at 200% against 100% in the same window from ``SCALE_FROM``
  up: each place in the code that draws text on the table in both, and the pot in focus's numbers, at least
  ``scale_least`` times as large at 200% (the smallest each draws, compared, less ``SCALE_SLACK``): running text twice
  from ``SCALE_DOUBLE_FROM`` up, packed labels ``SCALE_TEXT_LEAST`` times;
- empty (issue 32): another seat's card more than ``EMPTY_MAX`` empty (its plain fill showing in whole cells
  of ``EMPTY_CELL`` pixels, its padding left out, its pot counted as its square), wherever the cards are drawn
  unfolded;
- contrast (issue 34, ``docs/look.md``): a line of text that stands out from its background by less than 4.5:1
  (3:1 when large), measured at 100% in English (``contrast``).

The cases are the title, new-game, load, settings, rules (every page), statistics, replays, about and final
screens, and a mid-game four-seat table in each phase with each overlay (see ``CASES``). Games are found
by playing seeded games with bots (deterministic), then rebuilt from their records for each scale.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import SOFT_HYPHEN, unmarked
from ...storage.settings import Settings
from ...ui import shapes
from ...ui.app import App, text_engine
from ...ui.window_geometry import geometry
from . import contrast
from .games import NAMES, _env
from .layout_cases import _STORE, Case, all_cases
from .shots import save_picture

if TYPE_CHECKING:  # pragma: no cover
    import argparse

    from ...ui.shapes import Shape
    from ...ui.text_record import Drawn, Dropped
    from ...ui.window_geometry import Geometry

SCALES = (100, 125, 150, 175, 200)
SIZES = ((1000, 640), (1000, 900), (1280, 720), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160))
LANGUAGES = (i18n.LANGUAGES[0], i18n.PSEUDO)  # what run() draws unless told (the default test suite's languages)
ALL_LANGUAGES = (*i18n.LANGUAGES, *i18n.TEST_LANGUAGES)  # what the command draws unless told
LOGICAL = (1920, 1080)
MIN_PX = 9  # the smallest font size (pixels on the screen) we accept
MIN_TABLE_PX = 12  # ... and on the table (every case named "table/..."), where the game is played
TITLE_PX = 28  # a line in the serif bold this large is a title (no toast may lie over it)
SLACK = 1  # pixels a line may pass its box or touch another (antialiasing)
POT_ACROSS = 260  # another seat's pot at 1920x1080 with four seats, at least this many pixels across (issue 32)
CHOOSERS = ("ChoiceDialog",)  # the overlays that ask the deciding seat to choose (never over its pot)
EMPTY_MAX = 0.35  # another seat's card: at most this share of it empty
EMPTY_CELL = 12  # ... counted in cells this large (canvas pixels)
#: the table while brewing, drawn at 100% and 200% ... (the shop is left out: its grid of prices fits its width
#: first, and its pot is a small picture of the round's end beside it, not one to read)
SCALE_CASES = ("table/brewing", "table/crow skull pick")
SCALE_FROM = (1280, 800)  # ... in every window from this size up, compared place by place (issue 32)
SCALE_TEXT_LEAST = 1.5  # ... each place at least this many times as large at 200% (a packed label grows by half)
#: ... less this many pixels: sizes are whole pixels (1.5 times 19 px is drawn at 28), and a line fitted into its
#: room (a name clear of the line under it) may give up one more, by a font's metrics (pygame-ce 2.5.0's)
SCALE_SLACK = 2
SCALE_DOUBLE_FROM = (1920, 1080)  # ... and from this size up running text (``Drawn.roomy``) twice as large
SCALE_POT_LEAST = 1.25  # ... and the pot in focus's numbers this many times (as far as its spaces have room)
#: ... and another seat's card's rows this many times: at 100% a card with room grows its rows' text into it (up to
#: 5 px, ``others_panel.GROW``), and at 200% the larger text fills that room itself
SCALE_CARD_LEAST = 1.25
OTHER_CARDS = "quacks/ui/table/others_panel.py"
POT_IN_FOCUS = "pot in focus"  # (the place name ``scale-text`` gives the numbers of the pot in focus)
CARD_FILL = (52, 36, 26)  # another seat's card's plain fill (``TableView.background``)

# ---------------------------------------------------------------------------------------------------------
# problems


#: every kind of problem the check reports, in the order its summary line counts them
KINDS = ("clipped", "overflow", "overlap", "small", "dropped", "untranslated", "broken", "chip-covered", "over-dialog",
         "pot-small", "over-pot", "empty", "scale-text", "contrast")


@dataclass
class Problem:
    kind: str  # one of KINDS
    case: str
    scale: int
    language: str
    text: str
    where: str
    rect: tuple[int, int, int, int]
    detail: str = ""
    sizes: tuple[tuple[int, int], ...] = ()

    def key(self) -> tuple[str, str, int, str, str, str, str]:
        return (self.kind, self.case, self.scale, self.language, self.text, self.where, self.detail)

    def line(self) -> str:
        sizes = "all sizes" if not self.sizes else ", ".join(f"{w}x{h}" for w, h in self.sizes)
        x, y, w, h = self.rect
        extra = f" ({self.detail})" if self.detail else ""
        return (f"{self.kind}: {self.case} @ {self.scale}% {self.language} [{sizes}]: {self.text!r} at "
                f"({x},{y} {w}x{h}) from {self.where}{extra}")


def window_factor(size: tuple[int, int], native: bool = False) -> float:
    """How much the canvas is scaled to fill a window of ``size`` (``ui.window_geometry.geometry``: the table,
    native, is drawn one canvas pixel per window pixel up to 1920x1080)."""
    geo = geometry(size, native)
    return geo.p / geo.q


#: words drawn as they are in every language: the game's name, the names of seats and bots the cases use,
#: each language's own name (the settings)
VERBATIM = ("Quacks", *NAMES, "Hildegard", "Ottokar", "Mechthild", "Rupert", "Gertrud", "Konrad", "Walburga",
            "Eckhart", "Walburga Kranz", "Eckhart Lindau", "English", "Deutsch", "Nederlands")


def unmarked_words(text: str) -> list[str]:
    """The words of a drawn line that did not come through a catalogue in the marker language."""
    return unmarked(text, VERBATIM)


def untranslated(items: Sequence[Drawn], case: str, scale: int) -> list[Problem]:
    """Every drawn line (in the marker language) with words that did not come through a catalogue."""
    out = []
    for d in items:
        words = unmarked_words(d.text)
        if words:
            out.append(Problem("untranslated", case, scale, "marker", d.text, d.where, (*d.rect.topleft, *d.rect.size),
                               "not through a catalogue: " + ", ".join(words)))
    return out


def problems_of(items: Sequence[Drawn], case: str, scale: int, language: str,
                size: tuple[int, int] = LOGICAL, canvas: pygame.Rect | None = None, shrink: float | None = None,
                dropped: Sequence[Dropped] = ()) -> list[Problem]:
    """The problems among the recorded lines of one drawing (``text.Drawn`` items) in a window of ``size``:
    ``canvas`` is the part of the canvas the window shows (default: all of a 1920x1080 one), ``shrink`` how
    much the canvas is scaled into the window (default: as ``ui.window_geometry.geometry`` says for the case)."""
    if language == "marker":  # ‹...› make lines longer than any language would: only words are checked
        return untranslated(items, case, scale)

    canvas = canvas if canvas is not None else pygame.Rect(0, 0, *LOGICAL)
    table = case.startswith("table")
    if shrink is None:
        shrink = window_factor(size, table)
    least = MIN_TABLE_PX if table else MIN_PX
    out: list[Problem] = []

    def add(kind: str, d: Drawn, detail: str = "") -> None:
        out.append(Problem(kind, case, scale, language, d.text, d.where, (*d.rect.topleft, *d.rect.size), detail,
                           (size,)))

    cut_blocks: set[int] = set()
    for d in items:
        if not canvas.contains(d.rect):
            add("clipped", d, "outside the canvas")
        elif d.cut and d.block not in cut_blocks:
            cut_blocks.add(d.block)
            add("clipped", d, "lines dropped or shortened")
        if d.glyph_cut:
            add("clipped", d, f"{d.glyph_cut} is taller than its line and drawn cut off")
        if d.box is not None and not d.scrolled and not d.box.inflate(2 * SLACK, 2 * SLACK).contains(d.rect):
            b = d.box
            add("overflow", d, f"box {b.x},{b.y} {b.w}x{b.h}")
        if d.panel is not None and not d.scrolled and not d.panel.inflate(2 * SLACK, 2 * SLACK).contains(d.rect):
            b = d.panel
            add("overflow", d, f"over the edge of its panel, inside {b.x},{b.y} {b.w}x{b.h}")
        if d.covered:
            add("overlap", d, "partly under a panel drawn over it")
        if d.px * shrink < least:
            add("small", d, f"{d.px} px font, {d.px * shrink:.1f} px on screen (at least {least})")
    # information a view left out with no labelled control that still shows it
    for x in dropped:
        if not x.behind:
            out.append(Problem("dropped", case, scale, language, x.what, x.where, (0, 0, 0, 0),
                               "left out for lack of room, and nothing on the screen shows it", (size,)))
    # a toast over a title (a heading: the serif bold, 28 px and up)
    titles = [d for d in items if not d.toast and d.face == "serif-bold" and d.px >= TITLE_PX]
    for t in (d for d in items if d.toast):
        for h in titles:
            if t.rect.colliderect(h.rect):
                add("overlap", t, f"a toast over the title {h.text!r} from {h.where}")
    # overlaps: lines of different draws on one layer
    rects = [d.rect.inflate(-2 * SLACK, -2 * SLACK) for d in items]
    seen: set[tuple[int, int]] = set()
    for i, d in enumerate(items):
        for j in rects[i].collidelistall(rects):
            if j <= i:
                continue
            e = items[j]
            if e.layer != d.layer or e.block == d.block or e.text == d.text:
                continue
            if (i, j) in seen:
                continue
            seen.add((i, j))
            add("overlap", d, f"with {e.text!r} from {e.where}")
    out.extend(broken_words(items, case, scale, language, size))
    return out


# ---------------------------------------------------------------------------------------------------------
# a word broken where it was not marked


def unmarked_break(line: str, source: str) -> str:
    """The piece of a word ``line`` ends in if it was broken off at a point ``source`` (the text the line was
    wrapped from, soft hyphens kept) did not mark: neither a soft hyphen (U+00AD) nor a hyphen of the word's
    own follows it there ("Bonusdobbels" of "Bonus|dobbel|steen" with a soft hyphen at each |); "" for a break
    at a marked point or a line that does not end inside a word."""
    stripped = line.rstrip()
    if not stripped.endswith("-") or not source:
        return ""
    tail = re.split(r"\s", stripped[:-1])[-1]
    if not tail or not tail[-1].isalpha():
        return ""
    pattern = re.compile(f"{SOFT_HYPHEN}?".join(re.escape(ch) for ch in tail) + f"(?={SOFT_HYPHEN}|-|(\\w))")
    found = list(pattern.finditer(source))
    if not found or any(m.group(1) is None for m in found):
        return ""  # at a soft hyphen or a hyphen of the word's own (or not this source's word at all)
    return tail


def broken_words(items: Sequence[Drawn], case: str, scale: int, language: str,
                 size: tuple[int, int] = LOGICAL) -> list[Problem]:
    """Every drawn line that ends in a word broken between two letters the text did not mark (see
    ``unmarked_break``): "Bonusdobbels-" / "teen". The text engine breaks a word only at a soft hyphen or a
    hyphen of its own, and shrinks or shortens the text otherwise."""
    out = []
    for d in items:
        piece = unmarked_break(d.text, d.source)
        if piece:
            out.append(Problem("broken", case, scale, language, d.text, d.where, (*d.rect.topleft, *d.rect.size),
                               f"{piece!r} broken off a word at no soft hyphen or hyphen of its own", (size,)))
    return out


# ---------------------------------------------------------------------------------------------------------
# running


@dataclass
class Report:
    problems: list[Problem] = field(default_factory=list)
    drawings: int = 0
    lines: int = 0
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(KINDS, 0)
        for p in self.problems:
            if p.kind not in out:
                raise ValueError(f"check-layout: a problem of an unknown kind {p.kind!r}")
            out[p.kind] += 1
        return out


_APP: App | None = None


def _app(scale: int, size: tuple[int, int] = LOGICAL) -> App:
    global _APP
    live = pygame.display.get_surface() if pygame.display.get_init() else None
    if _APP is None or live is None or _APP.display is not live:
        # a new app whenever the one kept cannot draw any more (the display was closed or replaced since)
        _APP = App(Settings(pace="instant", show_risk=True), size=size, headless=True)
        _APP.no_saves = True
    app = _APP
    app.make_current()  # canvas_rect() answers for this App (another made since, by a test, may be the current)
    app.scenes = []
    app.toasts = []
    app.settings.ui_scale = scale
    app.settings.show_risk = True
    app.settings.joined_game = None  # (a case of the title with a game to rejoin sets it)
    if app.display.get_size() != size:
        app.resize_window(size)
    app._fit(force=True)  # the screens' way (the case's table, pushed next, takes the table's way)
    app.apply_text_scale()
    return app


@dataclass
class Drawing:
    """One case drawn: the recorded lines, the window's geometry (``ui.window_geometry.Geometry``), and what the views
    left out for lack of room (``text.Dropped``); the buttons and chips drawn (``ui.shapes``), the layer each
    visible scene began and whether it takes the input (``SceneLayer``), and the panels drawn (layer, rectangle)."""

    items: list[Drawn]
    geo: Geometry
    dropped: list[Dropped]
    shapes: list[Shape] = field(default_factory=list)
    scenes: list[SceneLayer] = field(default_factory=list)
    panels: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    empty: list[tuple[str, pygame.Rect, float]] = field(default_factory=list)  # each seat's card: its empty share
    faint: list[tuple[Drawn, tuple[int, ...], float]] = field(default_factory=list)  # under its contrast


@dataclass(frozen=True)
class SceneLayer:
    """A scene of the stack as drawn: the first layer it drew on, whether it takes all input (a dialog), and its
    name."""

    layer: int
    modal: bool
    name: str


# ---------------------------------------------------------------------------------------------------------
# issue 30's kinds: a chip a button covers; a tooltip of a screen under a dialog


def chips_covered(shapes: Sequence[Shape], case: str, scale: int, language: str,
                  size: tuple[int, int] = LOGICAL, panels: Sequence[tuple[int, pygame.Rect]] = ()) -> list[Problem]:
    """Every chip drawn that a button of its layer covers (more than the chip's rim: its inner square); a button
    hidden under a panel drawn after it on its layer (the shop over the pot's panel) covers nothing."""
    buttons = [b for b in shapes if b.kind == "button"]
    out = []
    for c in (x for x in shapes if x.kind == "chip"):
        inner = c.rect.inflate(-c.rect.w * 3 // 10, -c.rect.h * 3 // 10)
        for b in buttons:
            if b.layer != c.layer or not b.rect.colliderect(inner):
                continue
            spot = b.rect.clip(inner)
            if any(layer == b.layer and r.contains(spot) for layer, r in panels[b.panels:c.panels]):
                continue  # the button lies under a panel the chip is drawn on
            out.append(Problem("chip-covered", case, scale, language, b.what, c.where,
                               (*c.rect.topleft, *c.rect.size), f"the chip {c.what} under the button {b.what!r} "
                               f"at {b.rect.x},{b.rect.y} {b.rect.w}x{b.rect.h} from {b.where}", (size,)))
    return out


def labels_over_dialogs(items: Sequence[Drawn], scenes: Sequence[SceneLayer], panels: Sequence[tuple[int, pygame.Rect]],
                        case: str, scale: int, language: str, size: tuple[int, int] = LOGICAL) -> list[Problem]:
    """Every line of a tooltip (a layer of its own, above the layer its scene began) of a scene with a dialog over
    it: one that takes the input, or an overlay whose panel the tooltip touches."""
    starts = sorted(sc.layer for sc in scenes)
    out = []
    for d in items:
        if d.toast or d.layer in starts or not starts or d.layer < starts[0]:
            continue
        above = [sc for sc in scenes if sc.layer > d.layer]
        if not above:
            continue
        hit = next((sc for sc in above if sc.modal), None)
        why = f"a tooltip of a screen under the dialog {hit.name}" if hit is not None else ""
        if hit is None:
            over = next(((layer, r) for layer, r in panels if layer > d.layer and r.colliderect(d.rect)), None)
            if over is None:
                continue
            name = next(sc.name for sc in reversed(scenes) if sc.layer <= over[0])
            why = f"a tooltip of the screen below over the panel of {name}"
        out.append(Problem("over-dialog", case, scale, language, d.text, d.where, (*d.rect.topleft, *d.rect.size),
                           why, (size,)))
    return out


# ---------------------------------------------------------------------------------------------------------
# issue 32's kinds: another seat's pot read at a glance, no choice over the chooser's pot, no empty card


def pots_small(shapes: Sequence[Shape], case: str, scale: int, language: str,
               size: tuple[int, int] = LOGICAL) -> list[Problem]:
    """At 1920x1080 with four seats (three other seats' cards drawn), every other seat's pot printing numbers at
    least ``MIN_TABLE_PX`` on the screen at every UI scale, and at 100% at least ``POT_ACROSS`` pixels across (a
    larger scale gives the card's header more of the card)."""
    others = [p for p in shapes if p.kind == "pot" and p.what.startswith("other ")]
    if size != LOGICAL or len(others) != 3:
        return []
    shrink = window_factor(size, True)
    out = []
    for p in others:
        across = p.rect.w * shrink
        px = int(p.what.split()[1]) * shrink
        if (scale == 100 and across < POT_ACROSS) or px < MIN_TABLE_PX:
            out.append(Problem("pot-small", case, scale, language, "another seat's pot", p.where,
                               (*p.rect.topleft, *p.rect.size),
                               f"{across:.0f} px across (at least {POT_ACROSS}), numbers {px:.0f} px (at least "
                               f"{MIN_TABLE_PX})", (size,)))
    return out


def _disc_meets(rect: pygame.Rect, square: pygame.Rect) -> bool:
    """Whether ``rect`` covers any part of the disc inscribed in ``square``."""
    cx, cy, r = square.centerx, square.centery, square.w / 2
    nx, ny = min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def choices_over_pot(shapes: Sequence[Shape], scenes: Sequence[SceneLayer], panels: Sequence[tuple[int, pygame.Rect]],
                     case: str, scale: int, language: str, size: tuple[int, int] = LOGICAL) -> list[Problem]:
    """Every panel of a choice (``CHOOSERS``) that lies over part of the deciding seat's pot (the pot in focus)."""
    pots = [p for p in shapes if p.kind == "pot" and p.what.startswith("focus")]
    out = []
    for shop in (s for s in shapes if s.kind == "shop-over"):  # (no room beside the pot even over the tiles)
        out.append(Problem("over-pot", case, scale, language, "shop", shop.where, (*shop.rect.topleft, *shop.rect.size),
                           "the shop over the shopping seat's whole frame, its pot not beside it", (size,)))
    for shop in (s for s in shapes if s.kind == "shop"):
        if not pots:
            out.append(Problem("over-pot", case, scale, language, "shop", shop.where, (*shop.rect.topleft,
                                                                                        *shop.rect.size),
                               "open with the shopping seat's pot not drawn (hidden under it)", (size,)))
        for p in pots:
            if p.layer <= shop.layer and _disc_meets(shop.rect, p.rect):
                out.append(Problem("over-pot", case, scale, language, "shop", p.where,
                                   (*shop.rect.topleft, *shop.rect.size),
                                   f"the shop over the shopping seat's pot at {p.rect.x},{p.rect.y} "
                                   f"{p.rect.w}x{p.rect.h}", (size,)))
    for i, sc in enumerate(scenes):
        if sc.name not in CHOOSERS:
            continue
        end = scenes[i + 1].layer if i + 1 < len(scenes) else 1 << 30
        for layer, r in panels:
            if not sc.layer <= layer < end:
                continue
            for p in pots:
                if p.layer < sc.layer and _disc_meets(r, p.rect):
                    out.append(Problem("over-pot", case, scale, language, sc.name, p.where, (*r.topleft, *r.size),
                                       f"its panel over the deciding seat's pot at {p.rect.x},{p.rect.y} "
                                       f"{p.rect.w}x{p.rect.h}", (size,)))
    return out


def empty_share(screen: pygame.Surface, card: pygame.Rect, fill: tuple[int, int, int] = CARD_FILL,
                pad: int = 12, objects: Sequence[pygame.Rect] = ()) -> float:
    """The share of ``card`` (less its padding) whose whole ``EMPTY_CELL`` cells show nothing but its plain fill;
    a cell inside one of ``objects`` (a pot's square: the corners round a round object are its margin, not empty
    room) counts as filled."""
    inner = card.inflate(-2 * pad, -2 * pad).clip(screen.get_rect())
    if inner.w < EMPTY_CELL or inner.h < EMPTY_CELL:
        return 0.0
    plain = pygame.mask.from_threshold(screen.subsurface(inner), (*fill, 255), (10, 10, 10, 255))
    for o in objects:
        plain.erase(pygame.mask.Mask(o.size, fill=True), (o.x - inner.x, o.y - inner.y))
    cell = pygame.mask.Mask((EMPTY_CELL, EMPTY_CELL), fill=True)
    whole = EMPTY_CELL * EMPTY_CELL
    cols, rows = inner.w // EMPTY_CELL, inner.h // EMPTY_CELL
    empty = sum(1 for j in range(rows) for i in range(cols)
                if plain.overlap_area(cell, (i * EMPTY_CELL, j * EMPTY_CELL)) == whole)
    return empty / (cols * rows)


def empty_cards(empties: Sequence[tuple[str, pygame.Rect, float]], case: str, scale: int, language: str,
                size: tuple[int, int] = LOGICAL) -> list[Problem]:
    """Every other seat's card more than ``EMPTY_MAX`` empty (``empty_share``)."""
    return [Problem("empty", case, scale, language, name, "quacks/ui/table/others_panel.py", (*r.topleft, *r.size),
                    f"{share:.0%} of the card empty (at most {EMPTY_MAX:.0%})", (size,))
            for name, r, share in empties if share > EMPTY_MAX]


def draw_case(case: Case, scale: int, language: str, shot: Path | None = None,
              size: tuple[int, int] = LOGICAL, measure_contrast: bool = False) -> Drawing:
    """Build ``case`` at ``scale`` in ``language`` in a window of ``size`` and draw it as the game would (and with
    ``measure_contrast``, find the lines that stand out too little from their background: ``contrast.low``)."""
    if language == i18n.MARKER:
        i18n.set_marker_catalogue(i18n.read_msgids())
    i18n.set_language(language)
    try:
        app = _app(scale, size)
        case.build(app)
        for sc in app.scenes:
            anim = getattr(sc, "anim", None)
            if anim is not None:
                anim.skip()
        te = app.text
        scenes: list[SceneLayer] = []
        with te.record(app.screen) as rec, shapes.recording() as drawn_shapes:
            for sc in app.visible():
                rec.next_layer()
                scenes.append(SceneLayer(rec.layer, bool(getattr(sc, "modal", False)), type(sc).__name__))
                sc.invalidate()
                sc.draw(app.screen)
            if app.toasts:
                app._draw_toasts()
        if shot is not None:
            shot.parent.mkdir(parents=True, exist_ok=True)
            save_picture(app.screen.subsurface((0, 0, *app.canvas_size)), shot)
        geo = app.geo
        pots = [p.rect for p in drawn_shapes if p.kind == "pot"]
        empties = [(c.what, c.rect, empty_share(app.screen, c.rect, objects=[p for p in pots if c.rect.contains(p)]))
                   for c in drawn_shapes if c.kind == "card" and c.layer == 1]  # the table's own cards
        # the top layer (an overlay's, a large pot's, a tooltip's): what lies under it is dimmed or partly hidden
        top = max((d.layer for d in rec.items if not d.toast), default=None)
        markers = [s.rect for s in drawn_shapes if s.kind == "marker"]
        faint = contrast.low(rec.items, app.screen, top, markers) if measure_contrast else []
        app.scenes = []
        app.toasts = []
        return Drawing(rec.items, geo, rec.dropped, list(drawn_shapes), scenes,
                       [(layer, outer) for layer, outer, _inner in rec.panels], empties, faint)
    finally:
        i18n.set_language("en")


def run(cases: Iterable[Case] | None = None, scales: Sequence[int] = SCALES, languages: Sequence[str] = LANGUAGES,
        sizes: Sequence[tuple[int, int]] = SIZES, shots: Path | None = None,
        progress: Callable[[str], None] | None = None) -> Report:
    _env()
    report = Report()
    t0 = time.perf_counter()
    home = os.environ.get("QUACKS_HOME")
    folder = tempfile.mkdtemp(prefix="quacks-layout-")
    os.environ["QUACKS_HOME"] = folder  # nothing of the player's is read or written
    _STORE.clear()
    scale = text_engine().scale
    try:
        _run(report, cases, scales, languages, sizes, shots, progress)
    finally:
        text_engine().set_scale(scale)
        if _APP is not None:
            _APP.scenes = []
        if home is None:
            os.environ.pop("QUACKS_HOME", None)
        else:
            os.environ["QUACKS_HOME"] = home
        shutil.rmtree(folder, ignore_errors=True)
    report.seconds = time.perf_counter() - t0
    return report


def text_sizes(items: Sequence[Drawn], shapes: Sequence[Shape],
               scenes: Sequence[SceneLayer]) -> dict[str, tuple[int, bool]]:
    """The smallest text each place in the code draws on the table's own layer, and whether all of it is running
    text that grows in full (``Drawn.roomy``), and the pot in focus's numbers (``"pot in focus"``): what
    ``scale-text`` compares between 100% and 200%."""
    table = next((s.layer for s in scenes if s.name == "TableScene"), None)
    out: dict[str, tuple[int, bool]] = {}
    for d in items:
        if d.layer == table:
            px, roomy = out.get(d.where, (d.px, d.roomy))
            out[d.where] = (min(px, d.px), roomy and d.roomy)
    for p in shapes:
        if p.kind == "pot" and p.what.startswith("focus "):
            px, _roomy = out.get(POT_IN_FOCUS, (1 << 20, False))
            out[POT_IN_FOCUS] = (min(px, int(p.what.split()[1])), False)
    return out


def contrast_measured(scale: int, language: str) -> bool:
    """Whether ``contrast`` measures a drawing: at 100% in English (the colours and what lies under the text are
    the same at every scale and in every language; measuring each line costs a ring of pixels)."""
    return scale == 100 and language == "en"


def scale_compared(case: str, scale: int, language: str, size: tuple[int, int]) -> bool:
    """Whether ``scale-text`` compares this drawing (a case of ``SCALE_CASES`` at 100% or 200%, from
    ``SCALE_FROM`` up, in a real language: the pseudo-language's 40% longer words test the fitting, not sizes)."""
    return (case in SCALE_CASES and scale in (100, 200) and language != i18n.PSEUDO
            and size[0] >= SCALE_FROM[0] and size[1] >= SCALE_FROM[1])


def scale_least(where: str, roomy: bool, size: tuple[int, int]) -> float:
    """How many times larger ``scale-text`` wants a place's text at 200%: twice for running text from
    ``SCALE_DOUBLE_FROM`` up, ``SCALE_POT_LEAST`` for the pot in focus's numbers, ``SCALE_CARD_LEAST`` for another
    seat's card's rows, else ``SCALE_TEXT_LEAST``."""
    if where == POT_IN_FOCUS:
        return SCALE_POT_LEAST
    if where.startswith(OTHER_CARDS):
        return SCALE_CARD_LEAST
    if roomy and size[0] >= SCALE_DOUBLE_FROM[0] and size[1] >= SCALE_DOUBLE_FROM[1]:
        return 2.0
    return SCALE_TEXT_LEAST


def scale_problems(at_100: dict[str, tuple[int, bool]], at_200: dict[str, tuple[int, bool]], case: str,
                   language: str, size: tuple[int, int]) -> list[Problem]:
    """``scale-text``: every place drawn at both scales at least ``scale_least`` times as large at 200%, less
    ``SCALE_SLACK`` pixels."""
    out = []
    for where, (small, roomy) in sorted(at_100.items()):
        if where not in at_200:
            continue
        large, roomy_too = at_200[where]
        least = scale_least(where, roomy and roomy_too, size)
        if large < least * small - SCALE_SLACK:
            out.append(Problem("scale-text", case, 200, language, where, where, (0, 0, 0, 0),
                               f"{large} px at 200% against {small} px at 100%: {large / small:.2f} times (at least "
                               f"{least})", (size,)))
    return out


def _run(report: Report, cases: Iterable[Case] | None, scales: Sequence[int], languages: Sequence[str],
         sizes: Sequence[tuple[int, int]], shots: Path | None, progress: Callable[[str], None] | None) -> None:
    measured: dict[tuple[str, str, tuple[int, int]], dict[int, dict[str, tuple[int, bool]]]] = {}
    for case in cases if cases is not None else all_cases():
        for language in languages:
            for scale in scales:
                # the marker language checks words, which do not change with the window: one size is enough
                for size in sizes if language != "marker" else sizes[:1]:
                    shot = None
                    if shots is not None:
                        slug = case.name.replace("/", "-").replace(" ", "_").replace(",", "")
                        shot = shots / f"{slug}-{scale}-{language}-{size[0]}x{size[1]}.png"
                    drawing = draw_case(case, scale, language, shot, size, contrast_measured(scale, language))
                    items, geo = drawing.items, drawing.geo
                    report.drawings += 1
                    report.lines += len(items)
                    found = problems_of(items, case.name, scale, language, size, pygame.Rect(0, 0, *geo.visible),
                                        geo.p / geo.q, drawing.dropped)
                    if language != "marker":  # issue 30's kinds (the marker language checks words only)
                        found += chips_covered(drawing.shapes, case.name, scale, language, size, drawing.panels)
                        found += labels_over_dialogs(items, drawing.scenes, drawing.panels, case.name, scale, language,
                                                     size)
                        found += pots_small(drawing.shapes, case.name, scale, language, size)
                        found += choices_over_pot(drawing.shapes, drawing.scenes, drawing.panels, case.name, scale,
                                                  language, size)
                        found += empty_cards(drawing.empty, case.name, scale, language, size)
                        found += [Problem("contrast", case.name, scale, language, d.text, d.where,
                                          (d.rect.x, d.rect.y, d.rect.w, d.rect.h),
                                          f"{r:.2f}:1 on {bg[:3]} in {d.colour} (at least {contrast.least_for(d)}:1)",
                                          (size,)) for d, bg, r in drawing.faint]
                        if scale_compared(case.name, scale, language, size):
                            sizes_now = measured.setdefault((case.name, language, size), {})
                            sizes_now[scale] = text_sizes(items, drawing.shapes, drawing.scenes)
                            if len(sizes_now) == 2:
                                found += scale_problems(sizes_now[100], sizes_now[200], case.name, language, size)
                    report.problems.extend(found)
                    if progress is not None:
                        progress(f"{case.name} @ {scale}% {language} {size[0]}x{size[1]}: {len(items)} lines, "
                                 f"{len(found)} problems")


def parse_size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return (int(w), int(h))


def main(args: argparse.Namespace) -> int:
    _env()
    cases = all_cases()
    if getattr(args, "quick", False):
        cases = [c for c in cases if c.quick]
    if getattr(args, "case", None):
        cases = [c for c in cases if any(k in c.name for k in args.case)]
    scales = tuple(args.scale) if getattr(args, "scale", None) else SCALES
    languages = tuple(args.language) if getattr(args, "language", None) else ALL_LANGUAGES
    sizes = tuple(parse_size(s) for s in args.size) if getattr(args, "size", None) else SIZES
    shots = Path(args.shots) if getattr(args, "shots", None) else None
    say = (lambda s: print(s, file=sys.stderr, flush=True)) if getattr(args, "verbose", False) else None
    report = run(cases, scales, languages, sizes, shots, say)
    for p in report.problems:
        print(p.line())
    c = report.counts()
    print(f"check-layout: {report.drawings} drawings ({len(cases)} screens x {len(scales)} scales x "
          f"{len(languages)} languages x {len(sizes)} sizes: {', '.join(f'{w}x{h}' for w, h in sizes)}), "
          f"{report.lines} lines of "
          f"text, {len(report.problems)} problems ({', '.join(f'{k} {c[k]}' for k in KINDS)}) in "
          f"{report.seconds:.1f} s")
    return 1 if report.problems else 0
